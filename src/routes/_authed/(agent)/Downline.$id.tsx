import { createFileRoute } from '@tanstack/react-router';
import { parseIdParam, prefetch } from '#lib/route-helpers';
import { agentQueries } from '../../../features/agent/agent.queries';
import { DownlinePage } from '../../../features/agent/components/downline-page';

/** The id is the downline account's uid (a numeric id, as every account's). */
export const Route = createFileRoute('/_authed/(agent)/Downline/$id')({
  beforeLoad: ({ params }) => ({ downlineUid: parseIdParam(params.id) }),
  loader: ({ context }) =>
    prefetch(context, agentQueries.downline(context.downlineUid), agentQueries.detail()),
  component: DownlineRoute,
});

function DownlineRoute() {
  const { downlineUid } = Route.useRouteContext();
  return <DownlinePage uid={downlineUid} />;
}
