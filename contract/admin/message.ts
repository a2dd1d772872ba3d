/**
 * Operators' messages to users (issue 16, decisions 0020 and 0024) under /api/admin/messages/: a send to the
 * users named by UID or to a segment, written per language, and the list of past sends. Console only (the
 * admin chunk); the reader's side is messages.ts.
 */
import { z } from 'zod/mini';
import { type Call, operatorAccess } from '../call';
import { contentLocaleSchema, perLocale } from '../locales';
import { MESSAGE_BODY_MAX, MESSAGE_TITLE_MAX } from '../messages';
import { pageRequestSchema, pageSchema } from '../paging';

/** UIDs one operator send names at most (larger groups are segments). */
export const MESSAGE_UIDS_MAX = 1000;

export const MESSAGE_SEGMENTS = ['uids', 'players', 'agents'] as const;
export type MessageSegment = (typeof MESSAGE_SEGMENTS)[number];

const text = (max: number) =>
  z
    .string({ error: (i) => (i.input === undefined ? 'required' : 'invalid_type') })
    .check(z.trim(), z.minLength(1, 'required'), z.maxLength(max, 'too_long'));

/** A language's text: both a title and a body. */
export const messageTextSchema = z.object({
  title: text(MESSAGE_TITLE_MAX),
  body: text(MESSAGE_BODY_MAX),
});
export type MessageText = z.infer<typeof messageTextSchema>;

export const messageSendRequestSchema = z
  .object({
    /**
     * The operator's own key for this send (1-64 printable characters; the console makes one per composed
     * message): sending again with it writes nothing twice and answers the first send, resuming it if it was
     * cut short. The same key with a different request is refused (422 `idempotency_key_reused`).
     */
    key: z
      .string({ error: (i) => (i.input === undefined ? 'required' : 'invalid_type') })
      .check(z.regex(/^[\x21-\x7e]{1,64}$/, 'invalid_type')),
    /** uids: the users named (one or more); players: every job 0 user; agents: every job 1 or 2 user. */
    segment: z.enum(MESSAGE_SEGMENTS, {
      error: (i) => (i.input === undefined ? 'required' : 'invalid_type'),
    }),
    uids: z.optional(
      z
        .array(z.int('invalid_type').check(z.positive('invalid_type')))
        .check(z.minLength(1, 'required'), z.maxLength(MESSAGE_UIDS_MAX, 'too_long')),
    ),
    /**
     * Texts per language; the default language's is required, the others optional. Each reader reads the
     * text of the language their app shows, else the default language's.
     */
    texts: z._default(perLocale(messageTextSchema), {}),
    defaultLocale: z._default(contentLocaleSchema, 'en-US'),
  })
  .check(
    z.refine((r) => r.segment !== 'uids' || (r.uids?.length ?? 0) > 0, {
      path: ['uids'],
      message: 'required',
    }),
    // The default language's text is what every other language falls back to: its fields are required.
    z.superRefine((r, ctx) => {
      if (r.texts[r.defaultLocale]) return;
      for (const field of ['title', 'body'])
        ctx.addIssue({ code: 'custom', path: ['texts', r.defaultLocale, field], message: 'required' });
    }),
  );
export type MessageSendRequest = z.input<typeof messageSendRequestSchema>;
export type MessageSendFields = z.output<typeof messageSendRequestSchema>;

export const messageSendResultSchema = z.object({
  id: z.int(),
  /** Messages written. */
  recipients: z.int().check(z.nonnegative()),
  /** Users left out: their protection refuses marketing (time-out, self-exclusion). */
  skipped: z.int().check(z.nonnegative()),
  /** UIDs named that match no user (or a banned one). */
  unknownUids: z.array(z.int()),
});
export type MessageSendResult = z.infer<typeof messageSendResultSchema>;

/**
 * Sends an operator's message. Every send but one to a single user is marketing: users whose protection
 * refuses it are left out and counted as skipped. Only operators of every site may send (recipients are
 * named across sites).
 */
export const adminMessageSendCall = {
  method: 'POST',
  path: '/admin/messages/send',
  summary: 'Send a message to a segment of players',
  input: messageSendRequestSchema,
  answer: messageSendResultSchema,
  access: operatorAccess('message', 'write'),
} satisfies Call;

/**
 * Finishes a send cut short (its `finishedAt` is null) from the request it stored, under its own key: only the
 * messages still missing are written, so each recipient gets it once; a finished send answers its result.
 * An unknown send is 404.
 */
export const adminMessageResumeCall = {
  method: 'POST',
  path: '/admin/messages/resume',
  summary: 'Resume an interrupted message send',
  input: z.object({ id: z.int('required').check(z.positive('invalid_type')) }),
  answer: messageSendResultSchema,
  access: operatorAccess('message', 'write'),
} satisfies Call;

export const messageBroadcastSchema = z.object({
  id: z.int(),
  segment: z.enum(MESSAGE_SEGMENTS),
  /** The UIDs named (segment `uids`); null for a segment, or a send from before they were kept. */
  uids: z.nullable(z.array(z.int())),
  defaultLocale: z.string(),
  /** The default language's text. */
  title: z.string(),
  body: z.string(),
  /** Every language written, the default one first. */
  locales: z.array(z.string()),
  recipients: z.int(),
  skipped: z.int(),
  unknownUids: z.array(z.int()),
  /** The sending operator's UID; null when unknown. */
  byUid: z.nullable(z.int()),
  createdAt: z.int(),
  /** null: cut short, still to finish (sending again with its key resumes it). */
  finishedAt: z.nullable(z.int()),
});
export type MessageBroadcast = z.infer<typeof messageBroadcastSchema>;

/** Past sends, newest first (operators of every site; others see none: sends are platform-wide). */
export const adminMessageSendsCall = {
  method: 'POST',
  path: '/admin/messages/sends',
  summary: 'List past message sends',
  input: pageRequestSchema,
  answer: pageSchema(messageBroadcastSchema),
  access: operatorAccess('message', 'read'),
} satisfies Call;
