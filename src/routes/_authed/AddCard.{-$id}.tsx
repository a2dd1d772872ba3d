import { createFileRoute } from '@tanstack/react-router';
import { MethodPage } from '../../features/wallet/components/method-form';
import { checkMethodId, loadMethodForm } from './-method-route';

/** Without an id: add a bank card; with one: edit that card. */
export const Route = createFileRoute('/_authed/AddCard/{-$id}')({
  beforeLoad: ({ params }) => checkMethodId(params.id),
  loader: ({ context, params }) => loadMethodForm(context.queryClient, 'bank', params.id),
  component: AddCardRoute,
});

function AddCardRoute() {
  const { id } = Route.useParams();
  return <MethodPage kind="bank" key={id ?? 'new'} id={id === undefined ? undefined : Number(id)} />;
}
