import { createFileRoute } from '@tanstack/react-router';
import { parseIdParam, prefetch } from '#lib/route-helpers';
import { WithdrawStepPage } from '../../../features/wallet/components/withdraw-step-page';
import { walletQueries } from '../../../features/wallet/wallet.queries';

/** The id is the withdrawal's numeric id. */
export const Route = createFileRoute('/_authed/(wallet)/WithdrawStep/$id')({
  beforeLoad: ({ params }) => ({ withdrawalId: parseIdParam(params.id) }),
  loader: ({ context }) => prefetch(context, walletQueries.withdrawal(context.withdrawalId)),
  component: WithdrawStepRoute,
});

function WithdrawStepRoute() {
  const id = Route.useRouteContext({ select: (context) => context.withdrawalId });
  return <WithdrawStepPage id={id} />;
}
