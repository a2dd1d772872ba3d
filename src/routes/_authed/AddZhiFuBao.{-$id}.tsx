import { createFileRoute, notFound } from '@tanstack/react-router';
import { EWalletPage } from '../../features/wallet/components/method-form';
import { walletQueries } from '../../features/wallet/wallet.queries';

const isId = (id: string) => /^[1-9]\d{0,15}$/.test(id);

/** Without an id: add an e-wallet; with one: edit it. */
export const Route = createFileRoute('/_authed/AddZhiFuBao/{-$id}')({
  beforeLoad: ({ params }) => {
    if (params.id !== undefined && !isId(params.id)) throw notFound();
  },
  loader: ({ context, params }) =>
    params.id === undefined
      ? undefined
      : context.queryClient.ensureQueryData(walletQueries.methods()).catch(() => undefined),
  component: AddZhiFuBaoRoute,
});

function AddZhiFuBaoRoute() {
  const { id } = Route.useParams();
  return <EWalletPage key={id ?? 'new'} id={id === undefined ? undefined : Number(id)} />;
}
