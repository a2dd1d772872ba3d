import { useLingui } from '@lingui/react/macro';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { isPathId } from '../../lib/auth-guard';
import { ComingSoonPage } from '../../ui/standalone-page';

export const Route = createFileRoute('/_authed/Downline/$id')({
  beforeLoad: ({ params }) => {
    if (!isPathId(params.id)) throw notFound();
  },
  component: DownlineRoute,
});

function DownlineRoute() {
  const { t } = useLingui();
  return <ComingSoonPage title={t`Downline`} />;
}
