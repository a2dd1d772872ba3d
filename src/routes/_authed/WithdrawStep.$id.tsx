import { useLingui } from '@lingui/react/macro';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { isPathId } from '../../lib/auth-guard';
import { ComingSoonPage } from '../../ui/standalone-page';

export const Route = createFileRoute('/_authed/WithdrawStep/$id')({
  beforeLoad: ({ params }) => {
    if (!isPathId(params.id)) throw notFound();
  },
  component: WithdrawStepRoute,
});

function WithdrawStepRoute() {
  const { t } = useLingui();
  return <ComingSoonPage title={t`Withdrawal progress`} />;
}
