import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { HtmlPage } from '../../features/content/components/html-page';
import { contentQueries } from '../../features/content/content.queries';
import { currentLocale } from '../../lib/i18n';

export const Route = createFileRoute('/_authed/AboutUs')({
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(contentQueries.page('about', currentLocale())).catch(() => undefined),
  component: AboutUsRoute,
});

function AboutUsRoute() {
  const { t } = useLingui();
  return <HtmlPage kind="about" fallbackTitle={t`About us`} />;
}
