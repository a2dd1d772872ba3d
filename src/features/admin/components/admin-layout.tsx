import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, type LinkProps, Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { OperatorSession } from '#contract/admin/operators';
import { ApiError } from '#lib/api-client';
import { EmptyState } from '#ui/empty-state';
import { Page } from '#ui/page';
import { SkeletonRows } from '#ui/skeleton';
import { adminQueries } from '../admin.queries';
import { SecondFactor } from './second-factor';
import './admin.css';

const ROLE_NAMES = {
  viewer: msg`Viewer`,
  content_editor: msg`Content editor`,
  payments_reviewer: msg`Payments reviewer`,
  administrator: msg`Administrator`,
} as const;

/** The console's sections, in the order of its menu; the audit log is for administrators only. */
const SECTIONS: ReadonlyArray<{ to: LinkProps['to']; label: MessageDescriptor; administrators?: boolean }> = [
  { to: '/admin/withdrawals', label: msg`Withdrawals` },
  { to: '/admin/deposits', label: msg`Deposits` },
  { to: '/admin/requests', label: msg`Requests to approve` },
  { to: '/admin/holds', label: msg`Held commissions` },
  { to: '/admin/follow-ups', label: msg`Prize follow-ups` },
  { to: '/admin/users', label: msg`Users` },
  { to: '/admin/banners', label: msg`Banners` },
  { to: '/admin/notices', label: msg`Notices` },
  { to: '/admin/messages', label: msg`Messages` },
  { to: '/admin/pages', label: msg`Pages` },
  { to: '/admin/reports', label: msg`Reports` },
  { to: '/admin/bonuses', label: msg`Bonus offers` },
  { to: '/admin/bonus-report', label: msg`Bonus report` },
  { to: '/admin/catalogue', label: msg`Catalogue items` },
  { to: '/admin/games', label: msg`Games` },
  { to: '/admin/sites', label: msg`Sites` },
  { to: '/admin/audit', label: msg`Audit log`, administrators: true },
];

/** Who is signed in to the console: each grant as "role, site". */
function Grants({ session }: { session: OperatorSession }) {
  const { i18n, t } = useLingui();
  return (
    <p className="admin-grants">
      {session.grants
        .map((g) => `${i18n._(ROLE_NAMES[g.role])} · ${g.site ? g.site.domain : t`every site`}`)
        .join(', ')}
    </p>
  );
}

/**
 * The operator console's frame (issue 16): the session decides what shows. A user who is not an operator
 * is told so; an operator passes the second factor first; then the console's sections.
 */
export function AdminLayout() {
  const { i18n, t } = useLingui();
  const session = useQuery(adminQueries.session());
  const title = t`Operator console`;
  let body: ReactNode;
  if (session.isPending) body = <SkeletonRows label={t`Loading`} />;
  else if (session.error)
    body = (
      <EmptyState title={<Trans>Only operators can open the console</Trans>}>
        {session.error instanceof ApiError && session.error.status !== 403 ? (
          <p>{session.error.message}</p>
        ) : null}
      </EmptyState>
    );
  else if (session.data.secondFactor !== 'passed')
    body = <SecondFactor enrol={session.data.secondFactor === 'enrol'} />;
  else {
    const isAdministrator = session.data.grants.some((g) => g.role === 'administrator');
    body = (
      <>
        <Grants session={session.data} />
        <nav className="admin-nav" aria-label={t`Console sections`}>
          {SECTIONS.filter((s) => !s.administrators || isAdministrator).map((s) => (
            <Link key={s.to} to={s.to} className="admin-nav__link" activeProps={{ 'aria-current': 'page' }}>
              {i18n._(s.label)}
            </Link>
          ))}
        </nav>
        <Outlet />
      </>
    );
  }
  return (
    <Page title={title} className="admin" bodyClassName="admin__body">
      {body}
    </Page>
  );
}
