import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { DEPOSIT_STATES, MONEY_LIST_SORTS } from '#contract/console-states';
import { formatMoney } from '#lib/money';
import { SelectField } from '#ui/form-fields';
import { adminQueries, type DepositFilters } from '../admin.queries';
import { AdminSection, type FilteredPageProps } from './admin-section';
import { AdminTable } from './admin-table';
import { SearchForm } from './search-form';
import { SortField } from './sort-field';

const STATE_NAMES = {
  Prepare: msg`Waiting for payment`,
  Success: msg`Credited`,
  Fail: msg`Not completed`,
} as const satisfies Record<(typeof DEPOSIT_STATES)[number], unknown>;

/**
 * Deposit orders (issue 16): by state and by order number or UID, both in the URL, newest first. Read only:
 * a deposit is credited by its provider's callback, never by an operator.
 */
export function DepositsPage({ filters, onFilters }: FilteredPageProps<DepositFilters>) {
  const { i18n, t } = useLingui();
  const list = useQuery(adminQueries.deposits(filters));
  const when = (at: number) => i18n.date(new Date(at), { dateStyle: 'short', timeStyle: 'short' });

  return (
    <AdminSection id="deposits" title={<Trans>Deposits</Trans>}>
      <SearchForm
        label={t`Order number or UID`}
        name="q"
        initial={filters.q}
        maxLength={40}
        autoCapitalize="characters"
        onSearch={(typed) => onFilters({ ...filters, q: typed.trim().toUpperCase(), page: 0 })}
        before={
          <>
            <SelectField
              label={t`State`}
              value={filters.state}
              onChange={(value) =>
                onFilters({ ...filters, state: value as DepositFilters['state'], page: 0 })
              }
              options={[
                { value: 'all', label: t`Every state` },
                ...DEPOSIT_STATES.map((s) => ({ value: s, label: i18n._(STATE_NAMES[s]) })),
              ]}
            />
            <SortField
              value={filters.sort}
              sorts={MONEY_LIST_SORTS}
              onChange={(sort) => onFilters({ ...filters, sort, page: 0 })}
            />
          </>
        }
      />
      <AdminTable
        list={list}
        rowKey={(d) => d.orderNo}
        empty={<Trans>No deposits found</Trans>}
        page={filters.page}
        onPage={(page) => onFilters({ ...filters, page })}
        columns={[
          { header: t`Order`, cell: (d) => d.orderNo },
          { header: t`UID`, cell: (d) => d.userUid },
          { header: t`Phone`, cell: (d) => d.phone },
          { header: t`Site`, cell: (d) => d.site ?? '—' },
          { header: t`Amount`, className: 'admin-table__money', cell: (d) => formatMoney(d.amount) },
          {
            header: t`State`,
            cell: (d) =>
              d.failReason
                ? `${i18n._(STATE_NAMES[d.state])}: ${d.failReason}`
                : i18n._(STATE_NAMES[d.state]),
          },
          { header: t`Created`, cell: (d) => when(d.createdAt) },
          { header: t`Completed`, cell: (d) => (d.completedAt === null ? '—' : when(d.completedAt)) },
        ]}
      />
    </AdminSection>
  );
}
