import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { COMMAND_STATES, type Command } from '../../../contract/operators';
import { formatMoney } from '../../../lib/money';
import { validationMessage } from '../../../lib/validation-messages';
import { EmptyState } from '../../../ui/empty-state';
import { SelectField } from '../../../ui/form-fields';
import { SkeletonRows } from '../../../ui/skeleton';
import { useDecideMutation } from '../admin.mutations';
import { adminQueries, type CommandFilters, type CommandState } from '../admin.queries';
import { Pager } from './pager';
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
      {list.isPending ? (
        <SkeletonRows label={t`Loading`} />
      ) : !list.data || list.data.content.length === 0 ? (
        <EmptyState title={<Trans>No requests here</Trans>} />
      ) : (
        <>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t`Request`}</th>
                <th scope="col">{t`Subject`}</th>
                <th scope="col">{t`Asked by`}</th>
                <th scope="col">{t`State`}</th>
                <th scope="col">{t`Actions`}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.content.map((c) => (
                <tr key={c.id}>
                  <td data-label={t`Request`}>{i18n._(KIND_NAMES[c.kind])}</td>
                  <td data-label={t`Subject`}>
                    <Subject command={c} />
                  </td>
                  <td data-label={t`Asked by`}>UID {c.maker.uid}</td>
                  <td data-label={t`State`}>
                    {i18n._(STATE_NAMES[c.state])}
                    {c.reason ? <span className="admin-table__note"> · {c.reason}</span> : null}
                    {c.failure ? (
                      <span className="admin-table__note"> · {validationMessage(i18n, c.failure)}</span>
                    ) : null}
                  </td>
                  <td data-label={t`Actions`}>
                    {c.state === 'pending' ? (
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
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager
            page={filters.page}
            pages={list.data.totalPages}
            onPage={(page) => onFilters({ ...filters, page })}
          />
        </>
      )}
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
