import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { HtmlPage } from '../../features/content/components/html-page';
import { contentQueries } from '../../features/content/content.queries';
import { currentLocale } from '../../lib/i18n';

export const Route = createFileRoute('/_authed/Service')({
  loader: ({ context }) =>
    context.queryClient
      .ensureQueryData(contentQueries.page('service', currentLocale()))
      .catch(() => undefined),
  component: ServiceRoute,
});

function ServiceRoute() {
  const { t } = useLingui();
  return <HtmlPage kind="service" fallbackTitle={t`Customer service`} />;
}
