import { useLingui } from '@lingui/react/macro';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { isPathId } from '../../lib/auth-guard';
import { ComingSoonPage } from '../../ui/standalone-page';

export const Route = createFileRoute('/_authed/AddZhiFuBao/{-$id}')({
  beforeLoad: ({ params }) => {
    if (params.id !== undefined && !isPathId(params.id)) throw notFound();
  },
  component: AddZhiFuBaoRoute,
});

function AddZhiFuBaoRoute() {
  const { t } = useLingui();
  const { id } = Route.useParams();
  return <ComingSoonPage title={id ? t`Edit e-wallet` : t`Add e-wallet`} />;
}
