import { createFileRoute } from '@tanstack/react-router';
import { currentLocale } from '#lib/i18n';
import { idParams, prefetch } from '#lib/route-helpers';
import { agentQueries } from '../../../features/agent/agent.queries';
import { DownlinePage } from '../../../features/agent/components/downline-page';

/** The id is the downline account's uid (a numeric id, as every account's). */
export const Route = createFileRoute('/_authed/(agent)/Downline/$id')({
  params: idParams,
  loader: ({ context, params }) =>
    prefetch(
      context,
      agentQueries.downline(params.id, currentLocale()),
      agentQueries.detail(currentLocale()),
    ),
  component: DownlineRoute,
});

function DownlineRoute() {
  const uid = Route.useParams({ select: (params) => params.id });
  return <DownlinePage uid={uid} />;
}
