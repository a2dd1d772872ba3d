import { createFileRoute } from '@tanstack/react-router';
import { idParams, prefetch } from '#lib/route-helpers';
import { WithdrawStepPage } from '../../../features/wallet/components/withdraw-step-page';
import { walletQueries } from '../../../features/wallet/wallet.queries';

/** The id is the withdrawal's numeric id. */
export const Route = createFileRoute('/_authed/(wallet)/WithdrawStep/$id')({
  params: idParams,
  loader: ({ context, params }) => prefetch(context, walletQueries.withdrawal(params.id)),
  component: WithdrawStepRoute,
});

function WithdrawStepRoute() {
  const id = Route.useParams({ select: (params) => params.id });
  return <WithdrawStepPage id={id} />;
}
