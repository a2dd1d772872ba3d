import { createFileRoute, notFound } from '@tanstack/react-router';
import { WithdrawStepPage } from '../../features/wallet/components/withdraw-step-page';
import { walletQueries } from '../../features/wallet/wallet.queries';

const isId = (id: string) => /^[1-9]\d{0,15}$/.test(id);

/** The id is the withdrawal's numeric id. */
export const Route = createFileRoute('/_authed/WithdrawStep/$id')({
  beforeLoad: ({ params }) => {
    if (!isId(params.id)) throw notFound();
  },
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(walletQueries.withdrawal(Number(params.id))).catch(() => undefined),
  component: WithdrawStepRoute,
});

function WithdrawStepRoute() {
  const { id } = Route.useParams();
  return <WithdrawStepPage id={Number(id)} />;
}
