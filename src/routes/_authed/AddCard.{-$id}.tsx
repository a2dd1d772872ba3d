import { useLingui } from '@lingui/react/macro';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { isPathId } from '../../lib/auth-guard';
import { ComingSoonPage } from '../../ui/standalone-page';

export const Route = createFileRoute('/_authed/AddCard/{-$id}')({
  beforeLoad: ({ params }) => {
    if (params.id !== undefined && !isPathId(params.id)) throw notFound();
  },
  component: AddCardRoute,
});

function AddCardRoute() {
  const { t } = useLingui();
  const { id } = Route.useParams();
  return <ComingSoonPage title={id ? t`Edit bank card` : t`Add bank card`} />;
}
