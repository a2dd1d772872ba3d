import { createFileRoute } from '@tanstack/react-router';
import { MethodPage } from '../../features/wallet/components/method-form';
import { checkMethodId, loadMethodForm } from './-method-route';

/** Without an id: add an e-wallet; with one: edit it. */
export const Route = createFileRoute('/_authed/AddZhiFuBao/{-$id}')({
  beforeLoad: ({ params }) => checkMethodId(params.id),
  loader: ({ context, params }) => loadMethodForm(context.queryClient, 'ewallet', params.id),
  component: AddZhiFuBaoRoute,
});

function AddZhiFuBaoRoute() {
  const { id } = Route.useParams();
  return <MethodPage kind="ewallet" key={id ?? 'new'} id={id === undefined ? undefined : Number(id)} />;
}
