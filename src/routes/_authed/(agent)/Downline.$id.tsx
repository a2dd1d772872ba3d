import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { parseIdParam } from '../../../lib/route-helpers';
import { ComingSoonPage } from '../../../ui/standalone-page';

/** The id is the downline account's uid (a numeric id, as every account's). */
export const Route = createFileRoute('/_authed/(agent)/Downline/$id')({
  beforeLoad: ({ params }) => ({ downlineUid: parseIdParam(params.id) }),
  component: DownlineRoute,
});

function DownlineRoute() {
  const { t } = useLingui();
  return <ComingSoonPage title={t`Downline`} />;
}
