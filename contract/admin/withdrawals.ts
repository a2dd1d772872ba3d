/**
 * The operators' review of withdrawals (issue 6, decision 0024): the list of every withdrawal of the operator's
 * sites, and the steps an order takes after the player asked for it: approve (or reject), execute, settle.
 * Operators only (users.is_operator; others get 403 `operator_only`; demo operator +63 9171234570). A call on an
 * order no longer in the expected state answers 409 `state_changed`, so of an approve and a reject racing,
 * exactly one wins. The player's side of a withdrawal is in ../wallet.ts.
 */
import { z } from 'zod/mini';
import { type Call, operatorAccess } from '../call';
import { MONEY_LIST_SORTS } from '../console-states';
import { pageRequestSchema, pageSchema } from '../paging';
import { txStateSchema } from '../tx-states';
import { idRequestSchema, withdrawalSchema } from '../wallet';

export const adminWithdrawalListRequestSchema = z.extend(pageRequestSchema, {
  state: z.optional(txStateSchema),
  /** newest (the default) or oldest by when asked for, or largest amount first. */
  sort: z._default(z.enum(MONEY_LIST_SORTS, 'invalid_type'), 'newest'),
});
export const adminWithdrawalSchema = z.extend(withdrawalSchema, {
  userUid: z.int(),
  username: z.string(),
  /**
   * Above the site's threshold an approval waits for a second operator (decision 0024): that command, who
   * approved first and when. Null when nothing waits.
   */
  secondApproval: z.optional(
    z.nullable(
      z.object({ commandId: z.int(), approvedBy: z.object({ uid: z.int() }), approvedAt: z.number() }),
    ),
  ),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;
export const adminWithdrawalPageSchema = pageSchema(adminWithdrawalSchema);

export const adminRejectRequestSchema = z.extend(idRequestSchema, {
  reason: z
    .string({ error: (i) => (i.input === undefined || i.input === null ? 'required' : 'invalid_type') })
    .check(z.trim(), z.minLength(1, 'required'), z.maxLength(200, 'too_long')),
});
export const adminSettleRequestSchema = z.extend(idRequestSchema, {
  outcome: z.enum(['Success', 'Fail'], { error: 'invalid_type' }),
  /** Required when the outcome is Fail. */
  reason: z.optional(z.string({ error: 'invalid_type' }).check(z.trim(), z.maxLength(200, 'too_long'))),
});

export const adminWithdrawalListCall = {
  method: 'POST',
  path: '/admin/withdrawals/list',
  summary: 'List withdrawals',
  input: adminWithdrawalListRequestSchema,
  answer: adminWithdrawalPageSchema,
  access: operatorAccess('withdrawal', 'read'),
} satisfies Call;

/** WaitReview -> WaitExec. */
export const adminApproveCall = {
  method: 'POST',
  path: '/admin/withdrawals/approve',
  summary: 'Approve a withdrawal under review',
  input: idRequestSchema,
  answer: adminWithdrawalSchema,
  access: operatorAccess('withdrawal', 'write'),
  movesMoney: true,
} satisfies Call;

/** WaitReview -> Fail, the funds returned. */
export const adminRejectCall = {
  method: 'POST',
  path: '/admin/withdrawals/reject',
  summary: 'Reject a withdrawal, returning the funds',
  input: adminRejectRequestSchema,
  answer: adminWithdrawalSchema,
  access: operatorAccess('withdrawal', 'write'),
  movesMoney: true,
} satisfies Call;

/** WaitExec -> Exec (the payout is sent). */
export const adminExecuteCall = {
  method: 'POST',
  path: '/admin/withdrawals/execute',
  summary: "Send an approved withdrawal's payout",
  input: idRequestSchema,
  answer: adminWithdrawalSchema,
  access: operatorAccess('withdrawal', 'write'),
  movesMoney: true,
} satisfies Call;

/** Exec -> Success | Fail (a reason required). */
export const adminSettleCall = {
  method: 'POST',
  path: '/admin/withdrawals/settle',
  summary: 'Settle a sent withdrawal as paid or failed',
  input: adminSettleRequestSchema,
  answer: adminWithdrawalSchema,
  access: operatorAccess('withdrawal', 'write'),
  movesMoney: true,
} satisfies Call;
