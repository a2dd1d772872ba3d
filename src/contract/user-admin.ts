/**
 * The operator's calls on players' accounts (issue 16, decision 0024). A ban is four-eyes: the call proposes
 * it and a second operator approves it (/admin/commands/approve); a banned user's session is refused at once.
 */
import { z } from 'zod/mini';
import { type Call, operatorAccess } from './call';

const uid = z
  .int({ error: (i) => (i.input === undefined ? 'required' : 'invalid_type') })
  .check(z.positive('invalid_type'));

export const BAN_REASON_MAX = 500;

export const userBanRequestSchema = z.object({
  uid,
  reason: z
    .string({ error: (i) => (i.input === undefined ? 'required' : 'invalid_type') })
    .check(z.trim(), z.minLength(1, 'required'), z.maxLength(BAN_REASON_MAX, 'too_long')),
});

export const adminUserBanCall = {
  method: 'POST',
  path: '/admin/users/ban',
  input: userBanRequestSchema,
  /** The four-eyes command that bans once approved. */
  answer: z.object({ commandId: z.int() }),
  access: operatorAccess('user', 'write'),
} as const satisfies Call;

export const adminUserUnbanCall = {
  method: 'POST',
  path: '/admin/users/unban',
  input: userBanRequestSchema,
  answer: z.object({ uid: z.int(), banned: z.boolean() }),
  access: operatorAccess('user', 'write'),
} as const satisfies Call;
