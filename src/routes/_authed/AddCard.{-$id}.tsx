import { createFileRoute, notFound } from '@tanstack/react-router';
import { BankCardPage } from '../../features/wallet/components/method-form';
import { walletQueries } from '../../features/wallet/wallet.queries';

const isId = (id: string) => /^[1-9]\d{0,15}$/.test(id);

/** Without an id: add a bank card; with one: edit that card. */
export const Route = createFileRoute('/_authed/AddCard/{-$id}')({
  beforeLoad: ({ params }) => {
    if (params.id !== undefined && !isId(params.id)) throw notFound();
  },
  loader: ({ context, params }) =>
    params.id === undefined
      ? undefined
      : context.queryClient.ensureQueryData(walletQueries.methods()).catch(() => undefined),
  component: AddCardRoute,
});

function AddCardRoute() {
  const { id } = Route.useParams();
  return <BankCardPage key={id ?? 'new'} id={id === undefined ? undefined : Number(id)} />;
}
