/**
 * Messages (issue 15, decision 0020): per-user messages, apart from the site-wide notices. An event's message
 * travels as its kind and params and is worded by the app in the reader's language; an operator's message
 * carries its own title and body. Money params are money units (decimals, shown rounded down); days are
 * business days `YYYY-MM-DD`; times epoch milliseconds. Ids of another user's messages are treated as absent.
 * An operator's message is answered in the caller's language (Accept-Language, else the account's locale)
 * when the operator wrote one, else in the send's default language. Operators' sends: admin/message.ts.
 */
import { z } from 'zod/mini';
import type { Call } from './call';
import { pageRequestSchema, pageSchema } from './paging';

export const MESSAGE_KINDS = [
  'deposit_completed',
  'withdrawal_settled',
  'withdrawal_rejected',
  'transfer_received',
  'prize_won',
  'commission_settled',
  'ratio_changed',
  'operator',
] as const;
export type MessageKindName = (typeof MESSAGE_KINDS)[number];

/** Ids a read or delete names at most (a page). */
export const MESSAGE_IDS_MAX = 50;
export const MESSAGE_TITLE_MAX = 100;
export const MESSAGE_BODY_MAX = 2000;

export const messageSchema = z.object({
  id: z.int(),
  kind: z.enum(MESSAGE_KINDS),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  /** Only operator messages: their own text. */
  title: z.nullable(z.string()),
  body: z.nullable(z.string()),
  createdAt: z.int(),
  read: z.boolean(),
});
export type Message = z.infer<typeof messageSchema>;

const id = z
  .int({ error: (i) => (i.input === undefined ? 'required' : 'invalid_type') })
  .check(z.positive('invalid_type'));

export const messageIdsRequestSchema = z.object({
  ids: z
    .array(z.int('invalid_type').check(z.positive('invalid_type')), {
      error: (issue) => (issue.input === undefined || issue.input === null ? 'required' : 'invalid_type'),
    })
    .check(z.minLength(1, 'required'), z.maxLength(MESSAGE_IDS_MAX, 'too_long')),
});
export type MessageIdsRequest = z.input<typeof messageIdsRequestSchema>;

/** How many of the caller's messages are unread after the call. */
export const messageUnreadSchema = z.object({ unread: z.int().check(z.nonnegative()) });
export type MessageUnread = z.infer<typeof messageUnreadSchema>;

/** The caller's messages, newest first, 50 a page, with the unread count. */
export const messageListCall = {
  method: 'POST',
  path: '/messages/list',
  summary: "List the caller's messages",
  input: pageRequestSchema,
  answer: z.extend(pageSchema(messageSchema), { unread: z.int().check(z.nonnegative()) }),
  access: 'user',
} satisfies Call;

/** The unread count alone: what the notices' poll refreshes (the badge on /my). */
export const messageUnreadCall = {
  method: 'POST',
  path: '/messages/unread',
  summary: "Count the caller's unread messages",
  answer: messageUnreadSchema,
  access: 'user',
} satisfies Call;

/** One of the caller's messages; another user's or a deleted one: 404. Reading it does not mark it read. */
export const messageDetailCall = {
  method: 'POST',
  path: '/messages/detail',
  summary: 'Read one message',
  input: z.object({ id }),
  answer: messageSchema,
  access: 'user',
} satisfies Call;

/** Marks the caller's messages among `ids` read (others are ignored). */
export const messageReadCall = {
  method: 'POST',
  path: '/messages/read',
  summary: 'Mark messages read',
  input: messageIdsRequestSchema,
  answer: messageUnreadSchema,
  access: 'user',
} satisfies Call;

export const messageReadAllCall = {
  method: 'POST',
  path: '/messages/read-all',
  summary: 'Mark every message read',
  answer: messageUnreadSchema,
  access: 'user',
} satisfies Call;

/** Deletes the caller's messages among `ids` for good, for the caller (others are ignored). */
export const messageDeleteCall = {
  method: 'POST',
  path: '/messages/delete',
  summary: 'Delete messages',
  input: messageIdsRequestSchema,
  answer: messageUnreadSchema,
  access: 'user',
} satisfies Call;
