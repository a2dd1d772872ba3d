import { useLingui } from '@lingui/react/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { hasTeamTab } from '../../../contract/user';
import { PageHeader } from '../../../ui/page-header';
import { ComingSoon } from '../../../ui/standalone-page';

/** Spec section 6: the team page exists for job 1 and 2 only; players go home. */
export const Route = createFileRoute('/_main/_authed/team')({
  beforeLoad: async ({ context }) => {
    const { user } = await context.viewer.me();
    if (!hasTeamTab(user.job)) throw redirect({ to: '/', replace: true });
  },
  component: TeamRoute,
});

function TeamRoute() {
  const { t } = useLingui();
  return (
    <div className="page">
      <PageHeader title={t`Team`} back={false} />
      <main className="page__body" id="main">
        <ComingSoon />
      </main>
    </div>
  );
}
