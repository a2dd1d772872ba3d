import type {
  MessageBroadcast,
  MessageSegment,
  MessageSendFields,
  MessageSendResult,
} from '#contract/admin/message';
import { Status } from '#contract/envelope';
import { CONTENT_LOCALES, type ContentLocale } from '#contract/locales';
import type { Message, MessageUnread } from '#contract/messages';
import type { Page } from '#contract/paging';
import { Job } from '#contract/user';
import type { AppContext } from '../../context';
import type { Db } from '../../db/create-db';
import { codedError, conflict, notFound } from '../../http/envelope';
import { requestHash } from '../../http/idempotency';
import { offsetOf, pageOf } from '../../http/page';
import { recordAudit } from '../audit/service';
import { assertCanAccess, type Operator, type OperatorActing, visibleSites } from '../operators/service';
import * as repo from './repository';

/** What happened; the app words an event's message from its kind and params in the reader's language. */
export type MessageKind =
  | 'deposit_completed'
  | 'withdrawal_settled'
  | 'withdrawal_rejected'
  | 'transfer_received'
  | 'prize_won'
  | 'commission_settled'
  | 'ratio_changed'
  | 'operator';

export interface NewMessage {
  userId: number;
  kind: MessageKind;
  params: Record<string, string | number>;
  /** Names the event (e.g. `deposit:<order no>`): one message per key, however often the event replays. */
  dedupeKey: string;
  now: number;
}

/**
 * Writes one message in the caller's transaction, exactly once per dedupeKey (a unique index; a second call
 * with the same key does nothing). Rolled back with the caller's transaction, so a failed event leaves none.
 */
export async function sendMessage(trx: Db, message: NewMessage): Promise<void> {
  await sendMessages(trx, [message]);
}

/** sendMessage for many at once, a few hundred rows a statement (settlement writes thousands). */
export async function sendMessages(trx: Db, messages: readonly NewMessage[]): Promise<void> {
  await repo.insertMessages(
    trx,
    messages.map((m) => ({
      user_id: m.userId,
      kind: m.kind,
      params: JSON.stringify(m.params),
      title: null,
      body: null,
      dedupe_key: m.dedupeKey,
      created_at: m.now,
      read_at: null,
      deleted_at: null,
      broadcast_id: null,
    })),
  );
}

// ---- the reader's list

type OwnText = { title: string; body: string };

/** An operator's message reads the text of `locale` when its send has one, else its own (the default's). */
const toMessage = (row: repo.MessageRow, own?: OwnText): Message => ({
  id: row.id,
  kind: row.kind as MessageKind,
  params: JSON.parse(row.params) as Message['params'],
  title: own?.title ?? row.title,
  body: own?.body ?? row.body,
  createdAt: row.created_at,
  read: row.read_at !== null,
});

/** The texts in `locale` of the sends these messages came from, by send. */
async function textsOf(
  db: Db,
  rows: readonly repo.MessageRow[],
  locale: string,
): Promise<Map<number, OwnText>> {
  const sends = [...new Set(rows.flatMap((r) => (r.broadcast_id === null ? [] : [r.broadcast_id])))];
  const texts = await repo.textsIn(db, sends, locale);
  return new Map(texts.map((t) => [t.broadcast_id, { title: t.title, body: t.body }]));
}

const worded = (row: repo.MessageRow, texts: Map<number, OwnText>): Message =>
  toMessage(row, row.broadcast_id === null ? undefined : texts.get(row.broadcast_id));

/** The caller's messages; operators' in `locale` where written (the reader's language). */
export async function listMessages(
  ctx: AppContext,
  userId: number,
  page: { number: number; size: number },
  locale: string,
): Promise<Page<Message> & MessageUnread> {
  const [rows, counts] = await Promise.all([
    repo.pageOfMessages(ctx.db, userId, offsetOf(page), page.size),
    repo.countMessages(ctx.db, userId),
  ]);
  const texts = await textsOf(ctx.db, rows, locale);
  return {
    ...pageOf(
      rows.map((r) => worded(r, texts)),
      counts.total,
      page.number,
      page.size,
    ),
    unread: counts.unread,
  };
}

export const unreadCount = async (ctx: AppContext, userId: number): Promise<MessageUnread> => ({
  unread: await repo.countUnread(ctx.db, userId),
});

/** One of the caller's own messages; another user's or a deleted one answers as absent. */
export async function messageDetail(
  ctx: AppContext,
  userId: number,
  id: number,
  locale: string,
): Promise<Message> {
  const row = await repo.findOwnMessage(ctx.db, userId, id);
  if (!row) throw notFound('No such message');
  return worded(row, await textsOf(ctx.db, [row], locale));
}

export async function markRead(
  ctx: AppContext,
  userId: number,
  ids: readonly number[] | null,
): Promise<MessageUnread> {
  await repo.markRead(ctx.db, userId, ids, ctx.clock.now());
  return unreadCount(ctx, userId);
}

export async function deleteMessages(
  ctx: AppContext,
  userId: number,
  ids: readonly number[],
): Promise<MessageUnread> {
  await repo.markDeleted(ctx.db, userId, ids, ctx.clock.now());
  return unreadCount(ctx, userId);
}

// ---- the operator's sends

/**
 * Of a page of users, those who may not be sent marketing now; handed in so this module knows no other
 * module's rules.
 */
export type MarketingGate = (db: Db, userIds: readonly number[], now: number) => Promise<ReadonlySet<number>>;

const SEND_PAGE = 500;

/** Names the send in its stored request hash (server/http/idempotency.ts hashes the same way). */
const SEND_ROUTE = 'message.send';

/**
 * An operator's message to the users named (`uids`) or a segment, written per language: each recipient's
 * row keeps the default language's text and names the send, whose other languages a reader of one of them
 * reads (listMessages). Every send but one to a single user is marketing: users whose protection refuses
 * marketing are left out. Sending again with the same key answers the first send, resuming it if it was cut
 * short (each recipient's row is keyed by the send); the same key with a different request is refused
 * (422 `idempotency_key_reused`), as money calls refuse a reused Idempotency-Key.
 */
export async function sendOperatorMessage(
  ctx: AppContext,
  by: OperatorActing,
  req: MessageSendFields,
  marketingRefusals: MarketingGate,
): Promise<MessageSendResult> {
  // Recipients are named by UID or segment across sites: only an operator of every site may send.
  assertCanAccess(by.operator, 'write', 'message', { siteId: null });
  const now = ctx.clock.now();
  const uids = req.segment === 'uids' ? [...new Set(req.uids ?? [])].sort((a, b) => a - b) : null;
  const main = req.texts[req.defaultLocale];
  // The contract requires the default language's text; this only tells TypeScript.
  if (!main) throw new Error('message without its default language text');
  const others = CONTENT_LOCALES.flatMap((locale) => {
    const text = req.texts[locale];
    return locale === req.defaultLocale || !text ? [] : [{ locale, title: text.title, body: text.body }];
  });
  // The request as it acts: the same recipients in another order, or named twice, are the same send.
  const hash = requestHash(SEND_ROUTE, {
    segment: req.segment,
    uids,
    defaultLocale: req.defaultLocale,
    texts: req.texts,
  });
  const inserted = await ctx.db.transaction().execute(async (trx) => {
    const first = await repo.insertBroadcast(trx, {
      request_key: req.key,
      request_hash: hash,
      segment: req.segment,
      uids: uids === null ? null : uids.join(','),
      default_locale: req.defaultLocale,
      title: main.title,
      body: main.body,
      created_by: by.operator.userId,
      created_at: now,
    });
    if (first) {
      await repo.insertTexts(trx, first.id, others);
      await recordAudit(
        trx,
        by.actor,
        {
          siteId: null,
          action: 'message.send',
          resource: 'message',
          recordId: req.key,
          after: {
            segment: req.segment,
            uids,
            defaultLocale: req.defaultLocale,
            titles: Object.fromEntries(
              [{ locale: req.defaultLocale, title: main.title }, ...others].map((t) => [t.locale, t.title]),
            ),
          },
        },
        now,
      );
    }
    return first;
  });
  const broadcast = await repo.findBroadcast(ctx.db, req.key);
  if (!broadcast) throw new Error('message broadcast vanished');
  // A send from before request hashes were kept is not compared: it answers as it always did.
  if (!inserted && broadcast.request_hash !== null && broadcast.request_hash !== hash)
    throw codedError(422, Status.unprocessable, 'idempotency_key_reused');
  if (!inserted && broadcast.finished_at !== null) return sendResult(broadcast);

  const marketing = uids === null || uids.length > 1;
  const segment =
    uids !== null
      ? { uids }
      : { jobs: req.segment === 'players' ? [Job.player] : [Job.agent, Job.seniorAgent] };
  const found = new Set<number>();
  let recipients = 0;
  let skipped = 0;
  for (let after = 0; ; ) {
    const users = await repo.segmentUsers(ctx.db, segment, after, SEND_PAGE);
    if (users.length === 0) break;
    after = Number(users[users.length - 1]?.id);
    const rows: repo.NewMessageRow[] = [];
    const refusing = marketing
      ? await marketingRefusals(
          ctx.db,
          users.map((u) => u.id),
          now,
        )
      : new Set<number>();
    for (const u of users) {
      found.add(u.uid);
      if (refusing.has(u.id)) {
        skipped++;
        continue;
      }
      rows.push({
        user_id: u.id,
        kind: 'operator',
        params: '{}',
        title: broadcast.title,
        body: broadcast.body,
        dedupe_key: `operator:${broadcast.id}:${u.id}`,
        created_at: now,
        read_at: null,
        deleted_at: null,
        broadcast_id: broadcast.id,
      });
    }
    await repo.insertMessages(ctx.db, rows);
    recipients += rows.length;
  }
  const unknown = (uids ?? []).filter((uid) => !found.has(uid));
  await repo.finishBroadcast(ctx.db, broadcast.id, {
    recipients,
    skipped,
    unknown_uids: unknown.join(','),
    finished_at: now,
  });
  return { id: broadcast.id, recipients, skipped, unknownUids: unknown };
}

/**
 * `/admin/messages/resume`: a send cut short finished from the request it stored, under its own key (so
 * sendOperatorMessage writes only the missing messages and compares the same hash); audited as
 * `message.resume`. A send from before requests were kept, naming UIDs it did not keep, cannot be rebuilt
 * (409 `state_changed`).
 */
export async function resumeOperatorMessage(
  ctx: AppContext,
  by: OperatorActing,
  id: number,
  marketingRefusals: MarketingGate,
): Promise<MessageSendResult> {
  assertCanAccess(by.operator, 'write', 'message', { siteId: null });
  const broadcast = await repo.findBroadcastById(ctx.db, id);
  if (!broadcast) throw notFound('No such send');
  if (broadcast.finished_at !== null) return sendResult(broadcast);
  const segment = broadcast.segment as MessageSendFields['segment'];
  if (segment === 'uids' && broadcast.uids === null) throw conflict('state_changed');
  const texts: MessageSendFields['texts'] = {
    [broadcast.default_locale]: { title: broadcast.title, body: broadcast.body },
  };
  for (const t of await repo.textsOfBroadcast(ctx.db, id))
    texts[t.locale as ContentLocale] = { title: t.title, body: t.body };
  await ctx.db
    .transaction()
    .execute((trx) =>
      recordAudit(
        trx,
        by.actor,
        { siteId: null, action: 'message.resume', resource: 'message', recordId: broadcast.request_key },
        ctx.clock.now(),
      ),
    );
  return sendOperatorMessage(
    ctx,
    by,
    {
      key: broadcast.request_key,
      segment,
      ...(broadcast.uids === null ? {} : { uids: uidList(broadcast.uids) }),
      defaultLocale: broadcast.default_locale as ContentLocale,
      texts,
    },
    marketingRefusals,
  );
}

const uidList = (text: string): number[] => (text === '' ? [] : text.split(',').map(Number));

function sendResult(b: {
  id: number;
  recipients: number;
  skipped: number;
  unknown_uids: string;
}): MessageSendResult {
  return {
    id: b.id,
    recipients: b.recipients,
    skipped: b.skipped,
    unknownUids: uidList(b.unknown_uids),
  };
}

/**
 * Past sends, newest first. Sends are platform-wide records (named across sites): an operator of some
 * sites only sees none, as they may send none.
 */
export async function listSends(
  ctx: AppContext,
  operator: Operator,
  page: { number: number; size: number },
): Promise<Page<MessageBroadcast>> {
  if (visibleSites(operator, 'read', 'message') !== null) return pageOf([], 0, page.number, page.size);
  const [rows, total] = await Promise.all([
    repo.pageOfBroadcasts(ctx.db, offsetOf(page), page.size),
    repo.countBroadcasts(ctx.db),
  ]);
  const locales = new Map<number, string[]>();
  for (const t of await repo.otherLocalesOf(
    ctx.db,
    rows.map((r) => r.id),
  ))
    locales.set(t.broadcast_id, [...(locales.get(t.broadcast_id) ?? []), t.locale]);
  const content = rows.map(
    (r): MessageBroadcast => ({
      id: r.id,
      segment: r.segment as MessageSegment,
      uids: r.uids === null ? null : uidList(r.uids),
      defaultLocale: r.default_locale,
      title: r.title,
      body: r.body,
      locales: [r.default_locale, ...(locales.get(r.id) ?? [])],
      recipients: r.recipients,
      skipped: r.skipped,
      unknownUids: uidList(r.unknown_uids),
      byUid: r.by_uid,
      createdAt: r.created_at,
      finishedAt: r.finished_at,
    }),
  );
  return pageOf(content, total, page.number, page.size);
}

// ---- push (the push module delivers; this module says what and to whom)

/** Messages not yet queued for push, marked queued in the caller's transaction. */
export const claimForPush = (trx: Db, now: number, limit: number) => repo.claimForPush(trx, now, limit);

/**
 * What a push of one message carries, or why it is no longer worth sending; an operator's message in
 * `locale` (the language the subscribing app last showed) when its send has that language.
 */
export async function messageForPush(
  db: Db,
  id: number,
  locale?: string,
): Promise<
  | { send: true; kind: MessageKind; title: string; body: string; createdAt: number }
  | { send: false; why: string }
> {
  const row = await repo.findMessage(db, id);
  if (!row || row.deleted_at !== null) return { send: false, why: 'message deleted' };
  if (row.read_at !== null) return { send: false, why: 'message read' };
  const text = locale === undefined ? row : worded(row, await textsOf(db, [row], locale));
  return {
    send: true,
    kind: row.kind as MessageKind,
    title: text.title ?? '',
    body: text.body ?? '',
    createdAt: row.created_at,
  };
}
