/**
 * The operator's calls on players' accounts (issue 16, decision 0024). A ban is four-eyes: the call proposes
 * it and a second operator approves it (/admin/commands/approve); a banned user's session is refused at once.
 */
import { z } from 'zod/mini';
import { ratioViewSchema } from '../agent';
import { type Call, operatorAccess } from '../call';
import { USER_LIST_SORTS } from '../console-states';
import { pageRequestSchema, pageSchema } from '../paging';

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
  summary: 'Ban a user',
  input: userBanRequestSchema,
  /** The four-eyes command that bans once approved. */
  answer: z.object({ commandId: z.int() }),
  access: operatorAccess('user', 'write'),
} as const satisfies Call;

export const adminUserUnbanCall = {
  method: 'POST',
  path: '/admin/users/unban',
  summary: "Lift a user's ban",
  input: userBanRequestSchema,
  answer: z.object({ uid: z.int(), banned: z.boolean() }),
  access: operatorAccess('user', 'write'),
} as const satisfies Call;

/** A search: a UID, or digits of a phone number; empty: every user, newest first. */
export const adminUserListRequestSchema = z.extend(pageRequestSchema, {
  query: z._default(
    z.string('invalid_type').check(z.trim(), z.regex(/^\d{0,15}$/, 'user_query_invalid')),
    '',
  ),
  /** By registration: newest (the default) or oldest first. */
  sort: z._default(z.enum(USER_LIST_SORTS, 'invalid_type'), 'newest'),
});

export const adminUserSchema = z.object({
  uid: z.int(),
  username: z.string(),
  /** Masked: the console shows enough to tell accounts apart, never a whole number. */
  phone: z.string(),
  site: z.nullable(z.string()),
  job: z.int(),
  level: z.int(),
  banned: z.boolean(),
  /** A ban proposed and waiting for a second operator. */
  banPending: z.boolean(),
  createdAt: z.int(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** The operator's sites' users matching the search. */
export const adminUserListCall = {
  method: 'POST',
  path: '/admin/users/list',
  summary: "Search the operator's sites' users",
  input: adminUserListRequestSchema,
  answer: pageSchema(adminUserSchema),
  access: operatorAccess('user', 'read'),
} as const satisfies Call;

// ---- one account, and what an operator may change on it

/** The range an operator may set one channel's ratio in: the agent rules of the tree, in percent. */
export const ratioLimitSchema = z.object({
  channel: z.string(),
  /** The highest direct member's ratio: lower would break their ceiling. */
  min: z.number(),
  /** The parent's ratio (100 for a user with no parent). */
  max: z.number(),
});

export const adminUserDetailSchema = z.object({
  user: adminUserSchema,
  /** The agent the user is bound to, if any. */
  parentUid: z.nullable(z.int()),
  members: z.object({ direct: z.int(), total: z.int() }),
  ratios: z.array(ratioViewSchema),
  ratioLimits: z.array(ratioLimitSchema),
  safe: z.object({
    hasPassword: z.boolean(),
    /** Set while wrong passwords keep the safe locked. */
    lockedUntil: z.nullable(z.int()),
    failedTries: z.int(),
  }),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const adminUserDetailCall = {
  method: 'POST',
  path: '/admin/users/detail',
  summary: "Read one user's account, ratios and limits",
  input: z.object({ uid }),
  answer: adminUserDetailSchema,
  access: operatorAccess('user', 'read'),
} as const satisfies Call;

/**
 * Clears a safe's wrong-password count and lock, as a user who proved who they are to support asks; with a
 * reason, audited. The password stays: only its owner changes it.
 */
export const adminSafeResetCall = {
  method: 'POST',
  path: '/admin/users/safe/reset',
  summary: "Reset a user's safe password",
  input: userBanRequestSchema,
  answer: z.object({ uid: z.int(), reset: z.boolean() }),
  access: operatorAccess('user', 'write'),
} as const satisfies Call;
