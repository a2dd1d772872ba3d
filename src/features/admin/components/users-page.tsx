import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminUser } from '#contract/admin/user';
import { USER_LIST_SORTS } from '#contract/console-states';
import { toast } from '#lib/toast';
import { useBanMutation } from '../admin.mutations';
import { adminQueries, type UserFilters } from '../admin.queries';
import { AdminSection, type FilteredPageProps } from './admin-section';
import { AdminTable } from './admin-table';
import { ReasonDialog } from './reason-dialog';
import { SearchForm } from './search-form';
import { SortField } from './sort-field';
import { JOB_NAMES } from './user-account';

/**
 * Players' accounts (issue 16): a search by UID or phone digits (in the URL), and on each account its page
 * (user-account.tsx), a ban, which a second operator approves, or an unban; each with a reason.
 */
export function UsersPage({ filters, onFilters }: FilteredPageProps<UserFilters>) {
  const { i18n, t } = useLingui();
  const list = useQuery(adminQueries.users(filters));
  const ban = useBanMutation();
  const [deciding, setDeciding] = useState<{ user: AdminUser; ban: boolean } | null>(null);

  const stateOf = (u: AdminUser) =>
    u.banned ? t`Banned` : u.banPending ? t`Ban awaiting a second operator` : t`Active`;

  return (
    <AdminSection id="users" title={<Trans>Users</Trans>}>
      <SearchForm
        label={t`UID or phone number`}
        name="q"
        initial={filters.q}
        inputMode="numeric"
        onSearch={(typed) => onFilters({ ...filters, q: typed.replace(/\D/g, ''), page: 0, uid: undefined })}
      />
      <SortField
        value={filters.sort}
        sorts={USER_LIST_SORTS}
        onChange={(sort) => onFilters({ ...filters, sort, page: 0 })}
      />
      <AdminTable
        list={list}
        rowKey={(u) => u.uid}
        empty={<Trans>No users found</Trans>}
        page={filters.page}
        onPage={(page) => onFilters({ ...filters, page })}
        columns={[
          { header: t`UID`, cell: (u) => u.uid },
          { header: t`Name`, cell: (u) => u.username },
          { header: t`Phone`, cell: (u) => u.phone },
          { header: t`Site`, cell: (u) => u.site ?? '—' },
          { header: t`Job`, cell: (u) => i18n._(JOB_NAMES[u.job] ?? JOB_NAMES[0]) },
          { header: t`State`, cell: (u) => stateOf(u) },
          {
            header: t`Actions`,
            cell: (u) => (
              <div className="admin-actions">
                <button
                  type="button"
                  className="button button--secondary"
                  aria-label={t`Details of user ${u.uid}`}
                  onClick={() => onFilters({ ...filters, uid: u.uid })}
                >
                  <Trans>Details</Trans>
                </button>
                {u.banned ? (
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => setDeciding({ user: u, ban: false })}
                  >
                    <Trans>Unban</Trans>
                  </button>
                ) : u.banPending ? null : (
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => setDeciding({ user: u, ban: true })}
                  >
                    <Trans>Ban</Trans>
                  </button>
                )}
              </div>
            ),
          },
        ]}
      />
      <ReasonDialog
        open={deciding !== null}
        title={deciding?.ban ? t`Ban user ${deciding.user.uid}` : t`Unban user ${deciding?.user.uid ?? ''}`}
        submitLabel={deciding?.ban ? t`Ban` : t`Unban`}
        onClose={() => setDeciding(null)}
        onSubmit={(reason) => {
          if (!deciding) return;
          const { user, ban: banning } = deciding;
          setDeciding(null);
          ban.mutate(
            { ban: banning, uid: user.uid, reason },
            {
              onSuccess: () =>
                toast.positive(banning ? t`A second operator has to approve the ban` : t`Unbanned`),
            },
          );
        }}
      />
    </AdminSection>
  );
}
