import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminWithdrawal } from '#contract/admin/withdrawals';
import { MONEY_LIST_SORTS } from '#contract/console-states';
import { TX_STATES, type TxState } from '#contract/tx-states';
import { formatMoney } from '#lib/money';
import { useSessionUser } from '#lib/session';
import { toast } from '#lib/toast';
import { SelectField } from '#ui/form-fields';
import { useDecideMutation, useWithdrawalStepMutation } from '../admin.mutations';
import { adminQueries, type WithdrawalFilters } from '../admin.queries';
import { AdminSection, type FilteredPageProps } from './admin-section';
import { AdminTable } from './admin-table';
import { ReasonDialog } from './reason-dialog';
import { SortField } from './sort-field';

const STATE_NAMES = {
  Prepare: msg`Being made`,
  WaitReview: msg`Awaiting review`,
  WaitExec: msg`Approved, to pay out`,
  Exec: msg`Paying out`,
  Success: msg`Paid`,
  Fail: msg`Failed`,
} as const;

/** The review queue: filtered by state and sorted (both in the URL), newest first by default; each row offers its next steps. */
export function WithdrawalsPage({ filters, onFilters }: FilteredPageProps<WithdrawalFilters>) {
  const { i18n, t } = useLingui();
  const list = useQuery(adminQueries.withdrawals(filters));
  const step = useWithdrawalStepMutation();
  const decide = useDecideMutation();
  const me = useSessionUser()?.uid;
  const [rejecting, setRejecting] = useState<{ id: number; settle: boolean } | null>(null);

  const approve = (w: AdminWithdrawal) =>
    step.mutate(
      { step: 'approve', id: w.id },
      {
        onSuccess: (answer) =>
          answer.secondApproval
            ? toast.positive(t`Above this site's threshold: a second operator has to approve it`)
            : toast.positive(t`Approved`),
      },
    );

  return (
    <AdminSection id="withdrawals" title={<Trans>Withdrawals</Trans>}>
      <SelectField
        label={t`State`}
        value={filters.state}
        onChange={(value) => onFilters({ ...filters, state: value as TxState | 'all', page: 0 })}
        options={[
          { value: 'all', label: t`Every state` },
          ...TX_STATES.map((s) => ({ value: s, label: i18n._(STATE_NAMES[s]) })),
        ]}
      />
      <SortField
        value={filters.sort}
        sorts={MONEY_LIST_SORTS}
        onChange={(sort) => onFilters({ ...filters, sort, page: 0 })}
      />
      <AdminTable
        list={list}
        rowKey={(w) => w.id}
        empty={<Trans>No withdrawals here</Trans>}
        page={filters.page}
        onPage={(page) => onFilters({ ...filters, page })}
        columns={[
          { header: t`Order`, cell: (w) => w.orderNo },
          {
            header: t`User`,
            cell: (w) => (
              <>
                {w.username} · {w.userUid}
              </>
            ),
          },
          { header: t`Amount`, className: 'admin-table__money', cell: (w) => formatMoney(w.amount) },
          { header: t`To`, cell: (w) => w.methodLabel },
          {
            header: t`State`,
            cell: (w) => (
              <>
                {w.secondApproval ? (
                  <Trans>Waiting for a second operator</Trans>
                ) : (
                  i18n._(STATE_NAMES[w.state])
                )}
                {w.secondApproval ? (
                  <span className="admin-table__note">
                    {' · '}
                    {w.secondApproval.approvedBy.uid === me ? (
                      <Trans>approved by you</Trans>
                    ) : (
                      <Trans>approved by UID {w.secondApproval.approvedBy.uid}</Trans>
                    )}
                  </span>
                ) : null}
                {w.reason ? <span className="admin-table__note"> · {w.reason}</span> : null}
              </>
            ),
          },
          {
            header: t`Actions`,
            cell: (w) => (
              <div className="admin-actions">
                {w.state === 'WaitReview' ? (
                  <>
                    <ApproveButton
                      waiting={w.secondApproval ?? null}
                      me={me}
                      onApprove={() => approve(w)}
                      onSecond={(commandId) => decide.mutate({ id: commandId, approve: true })}
                    />
                    <button
                      type="button"
                      className="button button--secondary"
                      onClick={() => setRejecting({ id: w.id, settle: false })}
                    >
                      <Trans>Reject</Trans>
                    </button>
                  </>
                ) : null}
                {w.state === 'WaitExec' ? (
                  <button
                    type="button"
                    className="button button--primary"
                    onClick={() => step.mutate({ step: 'execute', id: w.id })}
                  >
                    <Trans>Pay out</Trans>
                  </button>
                ) : null}
                {w.state === 'Exec' ? (
                  <>
                    <button
                      type="button"
                      className="button button--primary"
                      onClick={() => step.mutate({ step: 'settle', id: w.id, outcome: 'Success' })}
                    >
                      <Trans>Paid</Trans>
                    </button>
                    <button
                      type="button"
                      className="button button--secondary"
                      onClick={() => setRejecting({ id: w.id, settle: true })}
                    >
                      <Trans>Payout failed</Trans>
                    </button>
                  </>
                ) : null}
              </div>
            ),
          },
        ]}
      />
      <ReasonDialog
        open={rejecting !== null}
        title={rejecting?.settle ? t`Why did the payout fail?` : t`Why reject this withdrawal?`}
        onClose={() => setRejecting(null)}
        onSubmit={(reason) => {
          if (!rejecting) return;
          step.mutate(
            rejecting.settle
              ? { step: 'settle', id: rejecting.id, outcome: 'Fail', reason }
              : { step: 'reject', id: rejecting.id, reason },
          );
          setRejecting(null);
        }}
      />
    </AdminSection>
  );
}

/**
 * Approve, or, when a first approval waits (above the threshold), the second approval of its request: the
 * same command the requests page decides. Its maker sees neither, since a maker cannot approve their own.
 */
function ApproveButton({
  waiting,
  me,
  onApprove,
  onSecond,
}: {
  waiting: AdminWithdrawal['secondApproval'];
  me: number | undefined;
  onApprove: () => void;
  onSecond: (commandId: number) => void;
}) {
  if (waiting && waiting.approvedBy.uid === me) return null;
  return waiting ? (
    <button type="button" className="button button--primary" onClick={() => onSecond(waiting.commandId)}>
      <Trans>Approve as second operator</Trans>
    </button>
  ) : (
    <button type="button" className="button button--primary" onClick={onApprove}>
      <Trans>Approve</Trans>
    </button>
  );
}
