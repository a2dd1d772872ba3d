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
import { AdminSection, type FilteredPageProps } from './admin-section';
import { AdminTable, DecisionButtons } from './admin-table';
import { ReasonDialog } from './reason-dialog';

const KIND_NAMES = {
  withdrawal_approve: msg`Approve a withdrawal`,
  user_ban: msg`Ban a user`,
  user_unban: msg`Unban a user`,
  ratio_change: msg`Change a user's ratios`,
  operator_grants: msg`Change an operator's roles`,
  bonus_grant: msg`Grant a bonus`,
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
  if (command.kind === 'bonus_grant')
    return (
      <>
        UID {String(p.uid)} · {formatMoney(Number(p.amount))}
      </>
    );
  return <>UID {String(p.uid)}</>;
}

/** Four-eyes requests (decision 0024): another operator's proposals, approved or rejected here. */
export function RequestsPage({ filters, onFilters }: FilteredPageProps<CommandFilters>) {
  const { i18n, t } = useLingui();
  const list = useQuery(adminQueries.commands(filters));
  const decide = useDecideMutation();
  const [rejecting, setRejecting] = useState<number | null>(null);

  return (
    <AdminSection id="requests" title={<Trans>Requests to approve</Trans>}>
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
                <DecisionButtons
                  yes={<Trans>Approve</Trans>}
                  no={<Trans>Reject</Trans>}
                  onYes={() => decide.mutate({ id: c.id, approve: true })}
                  onNo={() => setRejecting(c.id)}
                />
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
    </AdminSection>
  );
}
