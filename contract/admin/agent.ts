/**
 * The operator's calls of the agent programme (issue 14, decision 0017): commission held for review
 * (listed, released to the agent or cancelled back to the house, each once), the senior agent job (2),
 * and voiding a settled round (its money reversed; a day already settled is corrected the next day).
 * Every call is under /admin and needs the `agents` permission.
 */
import { z } from 'zod/mini';
import { ratioList, ratioViewSchema } from '../agent';
import { type Call, operatorAccess } from '../call';
import { HOLD_STATES } from '../console-states';
import { pageRequestSchema, pageSchema } from '../paging';
import { moneyValue } from '../wallet';

const id = z
  .int({ error: (i) => (i.input === undefined ? 'required' : 'invalid_type') })
  .check(z.positive('invalid_type'));
const uid = z
  .int({ error: (i) => (i.input === undefined ? 'member_required' : 'invalid_type') })
  .check(z.positive('invalid_type'));

export const HOLD_NOTE_MAX = 500;
const note = z
  .string({ error: (i) => (i.input === undefined ? 'required' : 'invalid_type') })
  .check(z.trim(), z.minLength(1, 'required'), z.maxLength(HOLD_NOTE_MAX, 'too_long'));

// ---- holds

export const HOLD_REASONS = ['shared_device', 'shared_ip', 'fast_deposit'] as const;

export const holdSchema = z.object({
  id: z.int(),
  /** The agent whose commission is held, and the member it came from. */
  agent: z.object({ uid: z.int() }),
  member: z.object({ uid: z.int() }),
  /** The business day it was earned on. */
  day: z.string(),
  amount: moneyValue,
  reason: z.enum(HOLD_REASONS),
  state: z.enum(HOLD_STATES),
  createdAt: z.number(),
  /** Who released or cancelled it, when, and why. */
  resolvedBy: z.nullable(z.object({ uid: z.int() })),
  resolvedAt: z.nullable(z.number()),
  note: z.nullable(z.string()),
  /** The posting that held it, and the one that released or cancelled it. */
  holdTransactionId: z.nullable(z.int()),
  resolveTransactionId: z.nullable(z.int()),
});
export type Hold = z.infer<typeof holdSchema>;

export const holdListRequestSchema = z.extend(pageRequestSchema, {
  /** Omitted: every state. */
  state: z.optional(z.enum(HOLD_STATES, { error: 'invalid_type' })),
});
export type HoldListRequest = z.input<typeof holdListRequestSchema>;

export const adminHoldListCall = {
  method: 'POST',
  path: '/admin/agent/holds',
  summary: 'List the commission holds awaiting an operator',
  input: holdListRequestSchema,
  answer: pageSchema(holdSchema),
  access: operatorAccess('commission', 'read'),
} satisfies Call;

export const holdResolveRequestSchema = z.object({ id, note });
export type HoldResolveRequest = z.input<typeof holdResolveRequestSchema>;

/** held -> released: the amount moves to the agent's commission. A second one: 409 `state_changed`. */
export const adminHoldReleaseCall = {
  method: 'POST',
  path: '/admin/agent/holds/release',
  summary: 'Release a held commission to its agent',
  input: holdResolveRequestSchema,
  answer: holdSchema,
  access: operatorAccess('commission', 'write'),
  movesMoney: true,
} satisfies Call;

/** held -> cancelled: the amount goes back to the house (sys:commission). A second one: `state_changed`. */
export const adminHoldCancelCall = {
  method: 'POST',
  path: '/admin/agent/holds/cancel',
  summary: 'Cancel a held commission, back to the house',
  input: holdResolveRequestSchema,
  answer: holdSchema,
  access: operatorAccess('commission', 'write'),
  movesMoney: true,
} satisfies Call;

// ---- the senior agent job

export const jobRequestSchema = z.object({
  uid,
  /** true: job 2 (senior agent); false: back to job 1 (agent). */
  senior: z.boolean({ error: (i) => (i.input === undefined ? 'required' : 'invalid_type') }),
});
export type JobRequest = z.input<typeof jobRequestSchema>;

export const adminAgentJobCall = {
  method: 'POST',
  path: '/admin/agent/job',
  summary: 'Make an agent a senior agent, or take the job back',
  input: jobRequestSchema,
  answer: z.object({ uid: z.int(), job: z.int() }),
  access: operatorAccess('user', 'write'),
} satisfies Call;

// ---- a user's ratios, set by an operator

/**
 * Within the agent rules (never above the parent's, never below a direct member's), from the next business
 * day. A change of more than the site's limit in any channel is a four-eyes command (decision 0024).
 */
export const adminRatiosRequestSchema = z.object({ uid, ratios: ratioList });
export type AdminRatiosRequest = z.input<typeof adminRatiosRequestSchema>;

export const adminRatiosCall = {
  method: 'POST',
  path: '/admin/agent/ratios',
  summary: "Set a member's ratios as an operator",
  input: adminRatiosRequestSchema,
  answer: z.object({
    uid: z.int(),
    ratios: z.array(ratioViewSchema),
    /** Set when the change waits for a second operator (nothing changed yet). */
    secondApproval: z.nullable(z.object({ commandId: z.int() })),
  }),
  access: operatorAccess('user', 'write'),
} satisfies Call;

// ---- voiding a settled round

export const voidRoundRequestSchema = z.object({
  /** The round's id in the betting record. */
  roundId: id,
});
export type VoidRoundRequest = z.input<typeof voidRoundRequestSchema>;

export const voidRoundSchema = z.object({
  roundId: z.int(),
  /** The business day the round was played on. */
  day: z.string(),
  /** What the round's day lost of its valid bets (0 or negative). */
  validBetDelta: moneyValue,
  /** True when the day was settled already: the next settlement books negative lines. */
  corrected: z.boolean(),
});
export type VoidRound = z.infer<typeof voidRoundSchema>;

export const adminVoidRoundCall = {
  method: 'POST',
  path: '/admin/agent/rounds/void',
  summary: 'Void a settled game round and its commission',
  input: voidRoundRequestSchema,
  answer: voidRoundSchema,
  access: operatorAccess('game', 'write'),
  movesMoney: true,
} satisfies Call;
