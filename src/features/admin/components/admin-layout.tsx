import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { OperatorSession } from '../../../contract/operators';
import { ApiError } from '../../../lib/api-client';
import { EmptyState } from '../../../ui/empty-state';
import { PageHeader } from '../../../ui/page-header';
import { SkeletonRows } from '../../../ui/skeleton';
import { adminQueries } from '../admin.queries';
import { SecondFactor } from './second-factor';
import './admin.css';

const ROLE_NAMES = {
  viewer: msg`Viewer`,
  content_editor: msg`Content editor`,
  payments_reviewer: msg`Payments reviewer`,
  administrator: msg`Administrator`,
} as const;

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
  const { t } = useLingui();
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
  else
    body = (
      <>
        <Grants session={session.data} />
        <nav className="admin-nav" aria-label={t`Console sections`}>
          <Link to="/admin/withdrawals" className="admin-nav__link" activeProps={{ 'aria-current': 'page' }}>
            <Trans>Withdrawals</Trans>
          </Link>
          <Link to="/admin/deposits" className="admin-nav__link" activeProps={{ 'aria-current': 'page' }}>
            <Trans>Deposits</Trans>
          </Link>
          <Link to="/admin/requests" className="admin-nav__link" activeProps={{ 'aria-current': 'page' }}>
            <Trans>Requests to approve</Trans>
          </Link>
          <Link to="/admin/holds" className="admin-nav__link" activeProps={{ 'aria-current': 'page' }}>
            <Trans>Held commissions</Trans>
          </Link>
          <Link to="/admin/follow-ups" className="admin-nav__link" activeProps={{ 'aria-current': 'page' }}>
            <Trans>Prize follow-ups</Trans>
          </Link>
          <Link to="/admin/users" className="admin-nav__link" activeProps={{ 'aria-current': 'page' }}>
            <Trans>Users</Trans>
          </Link>
          <Link to="/admin/banners" className="admin-nav__link" activeProps={{ 'aria-current': 'page' }}>
            <Trans>Banners</Trans>
          </Link>
          <Link to="/admin/notices" className="admin-nav__link" activeProps={{ 'aria-current': 'page' }}>
            <Trans>Notices</Trans>
          </Link>
          <Link to="/admin/reports" className="admin-nav__link" activeProps={{ 'aria-current': 'page' }}>
            <Trans>Reports</Trans>
          </Link>
          <Link to="/admin/catalogue" className="admin-nav__link" activeProps={{ 'aria-current': 'page' }}>
            <Trans>Catalogue items</Trans>
          </Link>
          <Link to="/admin/games" className="admin-nav__link" activeProps={{ 'aria-current': 'page' }}>
            <Trans>Games</Trans>
          </Link>
          <Link to="/admin/sites" className="admin-nav__link" activeProps={{ 'aria-current': 'page' }}>
            <Trans>Sites</Trans>
          </Link>
          {session.data.grants.some((g) => g.role === 'administrator') ? (
            <Link to="/admin/audit" className="admin-nav__link" activeProps={{ 'aria-current': 'page' }}>
              <Trans>Audit log</Trans>
            </Link>
          ) : null}
        </nav>
        <Outlet />
      </>
    );
  return (
    <div className="page page--standalone admin">
      <PageHeader title={title} />
      <main className="page__body admin__body" id="main">
        {body}
      </main>
    </div>
  );
}
