import { Status } from '../../../src/contract/envelope';
import type {
  AdminNotice,
  NoticeCreateRequest,
  NoticeEditRequest,
  NoticeLocale,
} from '../../../src/contract/notice-admin';
import type { AppContext } from '../../context';
import type { Db } from '../../db/create-db';
import { codedError, fieldError, notFound } from '../../http/envelope';
import { insertNotice } from '../content/repository';
import * as pushRepo from '../push/repository';
import type { PushRuntime } from '../push/runtime';
import * as repo from './repository';

type NoticeFields = Omit<NoticeCreateRequest, 'publishFrom'> & { publishFrom?: number | undefined };

function stateOf(row: repo.NoticeRow, now: number): AdminNotice['state'] {
  if (row.withdrawn_at !== null) return 'withdrawn';
  if (row.publish_from > now) return 'scheduled';
  if (row.publish_until !== null && row.publish_until <= now) return 'ended';
  return 'live';
}

async function toAdmin(db: Db, rows: repo.NoticeRow[], now: number): Promise<AdminNotice[]> {
  const ids = rows.map((r) => r.id);
  const [texts, counts, domains] = await Promise.all([
    repo.textsOf(db, ids),
    repo.deliveryCounts(db, ids),
    repo.siteDomains(
      db,
      rows.flatMap((r) => (r.site_id === null ? [] : [Number(r.site_id)])),
    ),
  ]);
  return rows.map((r) => ({
    id: r.id,
    texts: Object.fromEntries(
      (texts.get(r.id) ?? []).map((t) => [t.locale, { title: t.title, body: t.body }]),
    ) as AdminNotice['texts'],
    defaultLocale: r.default_locale ?? 'en-US',
    site: r.site_id === null ? null : (domains.get(Number(r.site_id)) ?? null),
    jobs: repo.fromMemberList(r.target_jobs)?.map(Number) ?? null,
    locales: repo.fromMemberList(r.target_locales),
    publishFrom: r.publish_from,
    publishUntil: r.publish_until,
    withdrawnAt: r.withdrawn_at,
    createdAt: r.created_at,
    state: stateOf(r, now),
    deliveries: counts.get(r.id) ?? { pending: 0, sent: 0, dead: 0 },
  }));
}

async function resolveSite(db: Db, domain: string | null): Promise<number | null> {
  if (domain === null) return null;
  const site = await repo.findSiteByDomain(db, domain);
  if (!site) throw fieldError('site', 'site_not_found');
  return site.id;
}

/** Columns and texts from a create or edit request; `content` keeps the default-locale body for old readers. */
function columnsOf(n: NoticeFields, siteId: number | null, publishFrom: number) {
  const defaultText = n.texts[n.defaultLocale];
  if (!defaultText) throw fieldError('defaultLocale', 'notice_default_text_missing');
  if (n.publishUntil !== null && n.publishUntil <= publishFrom)
    throw fieldError('publishUntil', 'notice_window_invalid');
  const texts = (Object.entries(n.texts) as [NoticeLocale, { title: string; body: string }][]).map(
    ([locale, t]) => ({ locale, title: t.title, body: t.body }),
  );
  return {
    row: {
      site_id: siteId,
      content: defaultText.body,
      publish_from: publishFrom,
      publish_until: n.publishUntil,
      default_locale: n.defaultLocale,
      target_jobs: repo.toMemberList(n.jobs),
      target_locales: repo.toMemberList(n.locales),
    },
    texts,
  };
}

export interface Published {
  notice: AdminNotice;
  /** Push deliveries queued by this call. */
  queued: number;
}

/** Queues deliveries now if the notice is live (else the worker does when its time comes). */
async function publishIfDue(ctx: AppContext, push: PushRuntime, id: number): Promise<number> {
  const queued = await pushRepo.enqueueNotice(ctx.db, id, ctx.clock.now());
  if (queued > 0) push.wake();
  return queued;
}

export async function create(
  ctx: AppContext,
  push: PushRuntime,
  operatorId: number | null,
  n: NoticeCreateRequest,
): Promise<Published> {
  const now = ctx.clock.now();
  const siteId = await resolveSite(ctx.db, n.site);
  const publishFrom = n.publishFrom ?? now;
  if (n.publishUntil !== null && n.publishUntil <= now)
    throw fieldError('publishUntil', 'notice_window_invalid');
  const { row, texts } = columnsOf(n, siteId, publishFrom);
  const id = await ctx.db.transaction().execute(async (trx) => {
    const noticeId = await insertNotice(trx, {
      ...row,
      withdrawn_at: null,
      created_at: now,
      updated_at: now,
      created_by: operatorId,
      enqueued_at: null,
    });
    await repo.replaceTexts(trx, noticeId, texts);
    return noticeId;
  });
  const queued = await publishIfDue(ctx, push, id);
  return { notice: await get(ctx, id), queued };
}

/**
 * Replaces the notice. Deliveries not sent yet are dropped and queued again from the new targeting
 * (now, or when the new publish time comes); subscribers who already got it are not sent it again.
 */
export async function edit(ctx: AppContext, push: PushRuntime, n: NoticeEditRequest): Promise<Published> {
  const now = ctx.clock.now();
  const siteId = await resolveSite(ctx.db, n.site);
  await ctx.db.transaction().execute(async (trx) => {
    const existing = await repo.findNotice(trx, n.id);
    if (!existing) throw notFound('No such notice');
    if (existing.withdrawn_at !== null) throw codedError(409, Status.conflict, 'notice_withdrawn');
    const { row, texts } = columnsOf(n, siteId, n.publishFrom ?? existing.publish_from);
    await trx
      .updateTable('notices')
      .set({ ...row, updated_at: now, enqueued_at: null })
      .where('id', '=', n.id)
      .execute();
    await repo.replaceTexts(trx, n.id, texts);
    await pushRepo.dropPending(trx, n.id, { delete: true });
  });
  const queued = await publishIfDue(ctx, push, n.id);
  return { notice: await get(ctx, n.id), queued };
}

export async function withdraw(ctx: AppContext, id: number): Promise<AdminNotice> {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const existing = await repo.findNotice(trx, id);
    if (!existing) throw notFound('No such notice');
    if (existing.withdrawn_at === null)
      await trx
        .updateTable('notices')
        .set({ withdrawn_at: now, updated_at: now })
        .where('id', '=', id)
        .execute();
    await pushRepo.dropPending(trx, id, { dead: 'notice withdrawn' });
  });
  return get(ctx, id);
}

export async function get(ctx: AppContext, id: number): Promise<AdminNotice> {
  const row = await repo.findNotice(ctx.db, id);
  if (!row) throw notFound('No such notice');
  const [notice] = await toAdmin(ctx.db, [row], ctx.clock.now());
  if (!notice) throw notFound('No such notice');
  return notice;
}

export async function list(ctx: AppContext, number: number, size: number) {
  const { rows, total } = await repo.pageOfNotices(ctx.db, number * size, size);
  return {
    content: await toAdmin(ctx.db, rows, ctx.clock.now()),
    totalPages: Math.ceil(total / size),
    number,
    totalElements: total,
  };
}
