import type {
  MESSAGE_SEGMENTS,
  Message,
  MessageSendRequest,
  MessageSendResult,
  MessageUnread,
} from '../../../src/contract/messages';
import type { Page } from '../../../src/contract/paging';
import { Job } from '../../../src/contract/user';
import type { AppContext } from '../../context';
import type { Db } from '../../db/create-db';
import { notFound } from '../../http/envelope';
import { offsetOf, pageOf } from '../../http/page';
import { recordAudit } from '../audit/service';
import { assertCanAccess, type OperatorActing } from '../operators/service';
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
    })),
  );
}

// ---- the reader's list

const toMessage = (row: repo.MessageRow): Message => ({
  id: Number(row.id),
  kind: row.kind as MessageKind,
  params: JSON.parse(row.params) as Message['params'],
  title: row.title,
  body: row.body,
  createdAt: Number(row.created_at),
  read: row.read_at !== null,
});

export async function listMessages(
  ctx: AppContext,
  userId: number,
  page: { number: number; size: number },
): Promise<Page<Message> & MessageUnread> {
  const [rows, counts] = await Promise.all([
    repo.pageOfMessages(ctx.db, userId, offsetOf(page), page.size),
    repo.countMessages(ctx.db, userId),
  ]);
  return { ...pageOf(rows.map(toMessage), counts.total, page.number, page.size), unread: counts.unread };
}

export const unreadCount = async (ctx: AppContext, userId: number): Promise<MessageUnread> => ({
  unread: await repo.countUnread(ctx.db, userId),
});

/** One of the caller's own messages; another user's or a deleted one answers as absent. */
export async function messageDetail(ctx: AppContext, userId: number, id: number): Promise<Message> {
  const row = await repo.findOwnMessage(ctx.db, userId, id);
  if (!row) throw notFound('No such message');
  return toMessage(row);
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

/**
 * An operator's message to the users named (`uids`) or a segment. Every send but one to a single user is
 * marketing: users whose protection refuses marketing are left out. Sending again with the same key answers
 * the first send, resuming it if it was cut short (each recipient's row is keyed by the send).
 */
export async function sendOperatorMessage(
  ctx: AppContext,
  by: OperatorActing,
  req: MessageSendRequest & { segment: (typeof MESSAGE_SEGMENTS)[number] },
  marketingRefusals: MarketingGate,
): Promise<MessageSendResult> {
  // Recipients are named by UID or segment across sites: only an operator of every site may send.
  assertCanAccess(by.operator, 'write', 'message', { siteId: null });
  const now = ctx.clock.now();
  const inserted = await ctx.db.transaction().execute(async (trx) => {
    const first = await repo.insertBroadcast(trx, {
      request_key: req.key,
      segment: req.segment,
      title: req.title,
      body: req.body,
      created_by: by.operator.userId,
      created_at: now,
    });
    if (first)
      await recordAudit(
        trx,
        by.actor,
        {
          siteId: null,
          action: 'message.send',
          resource: 'message',
          recordId: req.key,
          after: { segment: req.segment, uids: req.uids ?? null, title: req.title },
        },
        now,
      );
    return first;
  });
  const broadcast = await repo.findBroadcast(ctx.db, req.key);
  if (!broadcast) throw new Error('message broadcast vanished');
  if (!inserted && broadcast.finished_at !== null) return sendResult(broadcast);

  const uids = req.segment === 'uids' ? [...new Set(req.uids ?? [])] : null;
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
          users.map((u) => Number(u.id)),
          now,
        )
      : new Set<number>();
    for (const u of users) {
      found.add(Number(u.uid));
      if (refusing.has(Number(u.id))) {
        skipped++;
        continue;
      }
      rows.push({
        user_id: Number(u.id),
        kind: 'operator',
        params: '{}',
        title: broadcast.title,
        body: broadcast.body,
        dedupe_key: `operator:${broadcast.id}:${u.id}`,
        created_at: now,
        read_at: null,
        deleted_at: null,
      });
    }
    await repo.insertMessages(ctx.db, rows);
    recipients += rows.length;
  }
  const unknown = (uids ?? []).filter((uid) => !found.has(uid));
  await repo.finishBroadcast(ctx.db, Number(broadcast.id), {
    recipients,
    skipped,
    unknown_uids: unknown.join(','),
    finished_at: now,
  });
  return { id: Number(broadcast.id), recipients, skipped, unknownUids: unknown };
}

function sendResult(b: {
  id: number;
  recipients: number;
  skipped: number;
  unknown_uids: string;
}): MessageSendResult {
  return {
    id: Number(b.id),
    recipients: b.recipients,
    skipped: b.skipped,
    unknownUids: b.unknown_uids === '' ? [] : b.unknown_uids.split(',').map(Number),
  };
}

// ---- push (the push module delivers; this module says what and to whom)

/** Messages not yet queued for push, marked queued in the caller's transaction. */
export const claimForPush = (trx: Db, now: number, limit: number) => repo.claimForPush(trx, now, limit);

/** What a push of one message carries, or why it is no longer worth sending. */
export async function messageForPush(
  db: Db,
  id: number,
): Promise<
  | { send: true; kind: MessageKind; title: string; body: string; createdAt: number }
  | { send: false; why: string }
> {
  const row = await repo.findMessage(db, id);
  if (!row || row.deleted_at !== null) return { send: false, why: 'message deleted' };
  if (row.read_at !== null) return { send: false, why: 'message read' };
  return {
    send: true,
    kind: row.kind as MessageKind,
    title: row.title ?? '',
    body: row.body ?? '',
    createdAt: Number(row.created_at),
  };
}
