import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { HtmlPage } from '../../features/content/components/html-page';
import { contentQueries } from '../../features/content/content.queries';
import { currentLocale } from '../../lib/i18n';

export const Route = createFileRoute('/_authed/Help')({
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(contentQueries.page('help', currentLocale())).catch(() => undefined),
  component: HelpRoute,
});

function HelpRoute() {
  const { t } = useLingui();
  return <HtmlPage kind="help" fallbackTitle={t`Help`} />;
}
