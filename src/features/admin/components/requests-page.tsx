import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Command } from '#contract/admin/operators';
import { COMMAND_STATES } from '#contract/console-states';
import { formatMoney } from '#lib/money';
import { validationMessage } from '#lib/validation-messages';
import { SelectField } from '#ui/form-fields';
import { useDecideMutation } from '../admin.mutations';
import { adminQueries, type CommandFilters, type CommandState } from '../admin.queries';
import { AdminTable } from './admin-table';
import { ReasonDialog } from './reason-dialog';

const KIND_NAMES = {
  withdrawal_approve: msg`Approve a withdrawal`,
  user_ban: msg`Ban a user`,
  user_unban: msg`Unban a user`,
  ratio_change: msg`Change a user's ratios`,
  operator_grants: msg`Change an operator's roles`,
} as const;

const STATE_NAMES = {
  pending: msg`Waiting`,
  approved: msg`Approved`,
  rejected: msg`Rejected`,
  failed: msg`Could not apply`,
} as const;

/** What a request asks, in a line: the withdrawal's order and amount, the user's UID. */
function Subject({ command }: { command: Command }) {
  const p = command.payload;
  if (command.kind === 'withdrawal_approve')
    return (
      <>
        {String(p.orderNo)} · {formatMoney(Number(p.amount))}
      </>
    );
  return <>UID {String(p.uid)}</>;
}

/** Four-eyes requests (decision 0024): another operator's proposals, approved or rejected here. */
export function RequestsPage({
  filters,
  onFilters,
}: {
  filters: CommandFilters;
  onFilters: (next: CommandFilters) => void;
}) {
  const { i18n, t } = useLingui();
  const list = useQuery(adminQueries.commands(filters));
  const decide = useDecideMutation();
  const [rejecting, setRejecting] = useState<number | null>(null);

  return (
    <section aria-labelledby="admin-requests-title">
      <h2 id="admin-requests-title" className="admin-section__title">
        <Trans>Requests to approve</Trans>
      </h2>
      <SelectField
        label={t`State`}
        value={filters.state}
        onChange={(value) => onFilters({ state: value as CommandState | 'all', page: 0 })}
        options={[
          { value: 'all', label: t`Every state` },
          ...COMMAND_STATES.map((s) => ({ value: s, label: i18n._(STATE_NAMES[s]) })),
        ]}
      />
      <AdminTable
        list={list}
        rowKey={(c) => c.id}
        empty={<Trans>No requests here</Trans>}
        page={filters.page}
        onPage={(page) => onFilters({ ...filters, page })}
        columns={[
          { header: t`Request`, cell: (c) => i18n._(KIND_NAMES[c.kind]) },
          {
            header: t`Subject`,
            cell: (c) => <Subject command={c} />,
          },
          { header: t`Asked by`, cell: (c) => <>UID {c.maker.uid}</> },
          {
            header: t`State`,
            cell: (c) => (
              <>
                {i18n._(STATE_NAMES[c.state])}
                {c.reason ? <span className="admin-table__note"> · {c.reason}</span> : null}
                {c.failure ? (
                  <span className="admin-table__note"> · {validationMessage(i18n, c.failure)}</span>
                ) : null}
              </>
            ),
          },
          {
            header: t`Actions`,
            cell: (c) =>
              c.state === 'pending' ? (
                <div className="admin-actions">
                  <button
                    type="button"
                    className="button button--primary"
                    onClick={() => decide.mutate({ id: c.id, approve: true })}
                  >
                    <Trans>Approve</Trans>
                  </button>
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => setRejecting(c.id)}
                  >
                    <Trans>Reject</Trans>
                  </button>
                </div>
              ) : null,
          },
        ]}
      />
      <ReasonDialog
        open={rejecting !== null}
        title={t`Why reject this request?`}
        onClose={() => setRejecting(null)}
        onSubmit={(reason) => {
          if (rejecting !== null) decide.mutate({ id: rejecting, approve: false, reason });
          setRejecting(null);
        }}
      />
    </section>
  );
}
