import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Hold } from '#contract/admin/agent';
import { HOLD_STATES } from '#contract/console-states';
import { formatMoney } from '#lib/money';
import { toast } from '#lib/toast';
import { SelectField } from '#ui/form-fields';
import { useHoldMutation } from '../admin.mutations';
import { adminQueries, type HoldFilters } from '../admin.queries';
import { AdminSection, type FilteredPageProps } from './admin-section';
import { AdminTable, DecisionButtons } from './admin-table';
import { ReasonDialog } from './reason-dialog';

const STATE_NAMES = { held: msg`Held`, released: msg`Released`, cancelled: msg`Cancelled` } as const;
const REASON_NAMES = {
  shared_device: msg`Same device as the agent`,
  shared_ip: msg`Same address as the agent`,
  fast_deposit: msg`Deposit right after joining`,
} as const;

/**
 * Commission held for review (issue 14's holds, decision 0017): why it was held, and for those still held,
 * release to the agent or cancel back to the house, each with a note.
 */
export function HoldsPage({ filters, onFilters }: FilteredPageProps<HoldFilters>) {
  const { i18n, t } = useLingui();
  const list = useQuery(adminQueries.holds(filters));
  const resolve = useHoldMutation();
  const [deciding, setDeciding] = useState<{ hold: Hold; release: boolean } | null>(null);

  return (
    <AdminSection id="holds" title={<Trans>Held commissions</Trans>}>
      <SelectField
        label={t`State`}
        value={filters.state}
        onChange={(value) => onFilters({ state: value as HoldFilters['state'], page: 0 })}
        options={[
          { value: 'all', label: t`Every state` },
          ...HOLD_STATES.map((s) => ({ value: s, label: i18n._(STATE_NAMES[s]) })),
        ]}
      />
      <AdminTable
        list={list}
        rowKey={(h) => h.id}
        empty={<Trans>No held commissions here</Trans>}
        page={filters.page}
        onPage={(page) => onFilters({ ...filters, page })}
        columns={[
          { header: t`Agent`, cell: (h) => `UID ${h.agent.uid}` },
          { header: t`Member`, cell: (h) => `UID ${h.member.uid}` },
          { header: t`Day`, cell: (h) => h.day },
          { header: t`Amount`, className: 'admin-table__money', cell: (h) => formatMoney(h.amount) },
          { header: t`Why held`, cell: (h) => i18n._(REASON_NAMES[h.reason]) },
          {
            header: t`State`,
            cell: (h) => (
              <>
                {i18n._(STATE_NAMES[h.state])}
                {h.note ? <span className="admin-table__note"> · {h.note}</span> : null}
              </>
            ),
          },
          {
            header: t`Actions`,
            cell: (h) =>
              h.state === 'held' ? (
                <DecisionButtons
                  yes={<Trans>Release</Trans>}
                  no={<Trans>Cancel it</Trans>}
                  onYes={() => setDeciding({ hold: h, release: true })}
                  onNo={() => setDeciding({ hold: h, release: false })}
                />
              ) : null,
          },
        ]}
      />
      <ReasonDialog
        open={deciding !== null}
        title={deciding?.release ? t`Release to the agent?` : t`Cancel back to the house?`}
        submitLabel={deciding?.release ? t`Release` : t`Cancel it`}
        onClose={() => setDeciding(null)}
        onSubmit={(note) => {
          if (!deciding) return;
          const { hold, release } = deciding;
          setDeciding(null);
          resolve.mutate(
            { release, id: hold.id, note },
            { onSuccess: () => toast.positive(release ? t`Released` : t`Cancelled`) },
          );
        }}
      />
    </AdminSection>
  );
}
