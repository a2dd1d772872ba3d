/**
 * The operator's own session (issue 16, decision 0024): who they are and what they were granted, the second
 * factor (TOTP) every other /admin call waits for, and enrolling it on the first sign-in. Four-eyes
 * commands are decided here too: a second operator approves or rejects what another proposed.
 */
import { z } from 'zod/mini';
import { smsCodeSchema } from '../auth';
import { type Call, operatorAccess } from '../call';
import { COMMAND_STATES } from '../console-states';
import { pageRequestSchema, pageSchema } from '../paging';

export const OPERATOR_ROLE_NAMES = [
  'viewer',
  'content_editor',
  'payments_reviewer',
  'administrator',
] as const;

export const operatorSessionSchema = z.object({
  uid: z.int(),
  grants: z.array(
    z.object({
      role: z.enum(OPERATOR_ROLE_NAMES),
      /** Null: every site. */
      site: z.nullable(z.object({ id: z.int(), domain: z.string() })),
    }),
  ),
  /** `enrol`: no authenticator yet (call the enrol call, then pass a code); `required`: pass a code. */
  secondFactor: z.enum(['passed', 'required', 'enrol']),
});
export type OperatorSession = z.infer<typeof operatorSessionSchema>;

export const adminSessionCall = {
  method: 'GET',
  path: '/admin/session',
  summary: "Read the operator's session and grants",
  answer: operatorSessionSchema,
  access: operatorAccess('session', 'read'),
} as const satisfies Call;

/** Shown once, until the first good code confirms it: the secret and its otpauth:// address for a QR code. */
export const totpEnrolmentSchema = z.object({ secret: z.string(), uri: z.string() });

export const adminTotpEnrolCall = {
  method: 'POST',
  path: '/admin/session/totp/enrol',
  summary: 'Start second-factor enrolment (TOTP secret)',
  answer: totpEnrolmentSchema,
  access: operatorAccess('session', 'write'),
} as const satisfies Call;

export const totpRequestSchema = z.object({ code: smsCodeSchema });

export const adminTotpCall = {
  method: 'POST',
  path: '/admin/session/totp',
  summary: 'Pass the second factor with a TOTP code',
  input: totpRequestSchema,
  answer: operatorSessionSchema,
  access: operatorAccess('session', 'write'),
} as const satisfies Call;

// ---- operators and their grants (administrators of every site)

export const operatorSchema = z.object({
  uid: z.int(),
  /** Masked as the team pages mask phones: `+63 917*****67`. */
  phone: z.string(),
  grants: operatorSessionSchema.shape.grants,
  /** Whether they have confirmed an authenticator. */
  authenticator: z.boolean(),
});
export type OperatorView = z.infer<typeof operatorSchema>;

export const adminOperatorListCall = {
  method: 'POST',
  path: '/admin/operators',
  summary: 'List operators and their grants',
  input: pageRequestSchema,
  answer: pageSchema(operatorSchema),
  access: operatorAccess('operator', 'read'),
} as const satisfies Call;

export const GRANTS_MAX = 10;

/** A user's grants, replaced as a whole (none: no longer an operator). Always a four-eyes command. */
export const grantsRequestSchema = z.object({
  uid: z
    .int({ error: (i) => (i.input === undefined ? 'required' : 'invalid_type') })
    .check(z.positive('invalid_type')),
  grants: z
    .array(
      z.object({
        role: z.enum(OPERATOR_ROLE_NAMES, { error: 'invalid_type' }),
        /** Null: every site. */
        siteId: z.nullable(z.int({ error: 'invalid_type' }).check(z.positive('invalid_type'))),
      }),
      { error: (i) => (i.input === undefined ? 'required' : 'invalid_type') },
    )
    .check(z.maxLength(GRANTS_MAX, 'too_long')),
});
export type GrantsRequest = z.output<typeof grantsRequestSchema>;

export const adminOperatorGrantsCall = {
  method: 'POST',
  path: '/admin/operators/grants',
  summary: "Replace a user's operator grants (four-eyes)",
  input: grantsRequestSchema,
  answer: z.object({ commandId: z.int() }),
  access: operatorAccess('operator', 'write'),
} as const satisfies Call;

// ---- four-eyes commands

export const COMMAND_KINDS = [
  'withdrawal_approve',
  'user_ban',
  'user_unban',
  'ratio_change',
  'operator_grants',
  'bonus_grant',
] as const;

export const commandSchema = z.object({
  id: z.int(),
  kind: z.enum(COMMAND_KINDS),
  site: z.nullable(z.object({ id: z.int(), domain: z.string() })),
  /** What the maker asked for, as they asked it (the kind's own fields). */
  payload: z.record(z.string(), z.unknown()),
  maker: z.object({ uid: z.int() }),
  state: z.enum(COMMAND_STATES),
  checker: z.nullable(z.object({ uid: z.int() })),
  reason: z.nullable(z.string()),
  /** Why an approved command could not apply (state `failed`): a message code. */
  failure: z.nullable(z.string()),
  createdAt: z.number(),
  decidedAt: z.nullable(z.number()),
});
export type Command = z.infer<typeof commandSchema>;

export const commandListRequestSchema = z.extend(pageRequestSchema, {
  state: z.optional(z.enum(COMMAND_STATES, { error: 'invalid_type' })),
});

export const adminCommandListCall = {
  method: 'POST',
  path: '/admin/commands',
  summary: 'List four-eyes commands',
  input: commandListRequestSchema,
  answer: pageSchema(commandSchema),
  access: operatorAccess('command', 'read'),
} as const satisfies Call;

const commandId = z
  .int({ error: (i) => (i.input === undefined ? 'required' : 'invalid_type') })
  .check(z.positive('invalid_type'));

export const COMMAND_REASON_MAX = 500;

export const adminCommandApproveCall = {
  method: 'POST',
  path: '/admin/commands/approve',
  summary: 'Approve a four-eyes command',
  input: z.object({ id: commandId }),
  answer: commandSchema,
  access: operatorAccess('command', 'write'),
} as const satisfies Call;

export const adminCommandRejectCall = {
  method: 'POST',
  path: '/admin/commands/reject',
  summary: 'Reject a four-eyes command',
  input: z.object({
    id: commandId,
    reason: z
      .string({ error: (i) => (i.input === undefined ? 'required' : 'invalid_type') })
      .check(z.trim(), z.minLength(1, 'required'), z.maxLength(COMMAND_REASON_MAX, 'too_long')),
  }),
  answer: commandSchema,
  access: operatorAccess('command', 'write'),
} as const satisfies Call;
