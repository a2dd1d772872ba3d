import type { AdminNotice, NoticeCreateRequest, NoticeEditRequest } from '#contract/admin/notice';
import type { Notice, NoticeDetail, NoticeReadResult } from '#contract/content';
import { Status } from '#contract/envelope';
import type { ContentLocale } from '#contract/locales';
import type { Page } from '#contract/paging';
import type { AppContext } from '../../context';
import type { Db } from '../../db/create-db';
import { codedError, fieldError, notFound } from '../../http/envelope';
import { readPage } from '../../http/page';
import { type AuditActor, recordAudit } from '../audit/service';
import { assertCanAccess, type Operator, visibleSites } from '../operators/service';
import { siteDomains, targetSiteId } from '../site/service';
import * as repo from './repository';

export type DeliveryCounts = AdminNotice['deliveries'];

/**
 * What a notice's life sets off in the module that delivers notices (push). The registry hands it to
 * this module, so notices knows nothing of how, or whether, they are delivered.
 */
export interface NoticeDeliveries {
  /** The notice was saved: its deliveries are queued now if it is live (else when its time comes). */
  published(noticeId: number): Promise<number>;
  /**
   * Inside the transaction that edits or withdraws the notice: deliveries not sent yet are dropped (an
   * edited notice is queued again from its new targeting; a withdrawn one never goes out).
   */
  dropPending(trx: Db, noticeId: number, why: 'edited' | 'withdrawn'): Promise<void>;
  /** Deliveries of these notices by state, for the console. */
  counts(noticeIds: readonly number[]): Promise<Map<number, DeliveryCounts>>;
}

// ---- texts

export interface LocalizedText {
  title: string;
  body: string;
}

/** The reader's locale, else the notice's default locale, else any text, else the pre-0005 `content`. */
export function pickText(
  texts: readonly { locale: string; title: string; body: string }[],
  locale: string,
  defaultLocale: string | null,
  content: string,
): LocalizedText {
  const chosen =
    texts.find((t) => t.locale === locale) ?? texts.find((t) => t.locale === defaultLocale) ?? texts[0];
  return chosen ? { title: chosen.title, body: chosen.body } : { title: '', body: content };
}

// ---- readers

export interface NoticeReader {
  userId: number;
  siteId: number | null;
  locale: string;
  job: number;
}

// The one definition of what a reader can see: the list shows it, and only it can be marked read or
// counted as unread.
const visibleNotices = (ctx: AppContext, reader: NoticeReader) =>
  repo.listPublishedNotices(ctx.db, reader.siteId, ctx.clock.now(), reader);

/** Live notices for this reader (site, job and locale targeting), each in the reader's language. */
export async function listNoticeDetails(ctx: AppContext, reader: NoticeReader): Promise<NoticeDetail[]> {
  const rows = await visibleNotices(ctx, reader);
  const ids = rows.map((r) => r.id);
  const [texts, read] = await Promise.all([
    repo.textsOf(ctx.db, ids),
    repo.readNoticeIds(ctx.db, reader.userId, ids),
  ]);
  return rows.map((r) => {
    const text = pickText(texts.get(r.id) ?? [], reader.locale, r.default_locale, r.content);
    return {
      id: r.id,
      title: text.title,
      body: text.body,
      publishFrom: r.publish_from,
      publishUntil: r.publish_until,
      read: read.has(r.id),
    };
  });
}

/**
 * Marks those of `ids` that the reader can see as read. Other ids are dropped without a trace so the
 * answer tells nothing about notices aimed at someone else.
 */
export async function markNoticesRead(
  ctx: AppContext,
  reader: NoticeReader,
  ids: readonly number[],
): Promise<NoticeReadResult> {
  const visible = (await visibleNotices(ctx, reader)).map((r) => r.id);
  const wanted = new Set(ids);
  await repo.insertNoticeReads(
    ctx.db,
    reader.userId,
    visible.filter((id) => wanted.has(id)),
    ctx.clock.now(),
  );
  const read = await repo.readNoticeIds(ctx.db, reader.userId, visible);
  return { unread: visible.filter((id) => !read.has(id)).length };
}

/** The ticker: the body of each live notice. */
export async function listNotices(ctx: AppContext, reader: NoticeReader): Promise<Notice[]> {
  return (await listNoticeDetails(ctx, reader)).map((n) => ({ id: n.id, content: n.body }));
}

// ---- delivery: what the module that delivers notices reads

/** Who a notice is aimed at: null means everyone (every site, job or language). */
export interface NoticeTarget {
  id: number;
  siteId: number | null;
  jobs: number[] | null;
  locales: string[] | null;
}

/**
 * Claims a notice that is live now and not queued yet for delivery (in the deliverer's transaction),
 * answering whom it targets; undefined when it is not due, ended, or was claimed already.
 */
export async function claimForDelivery(
  trx: Db,
  noticeId: number,
  now: number,
): Promise<NoticeTarget | undefined> {
  const notice = await repo.claimForDelivery(trx, noticeId, now);
  if (!notice) return undefined;
  return {
    id: notice.id,
    siteId: notice.site_id,
    jobs: repo.fromMemberList(notice.target_jobs)?.map(Number) ?? null,
    locales: repo.fromMemberList(notice.target_locales),
  };
}

/** Live notices whose publish time has come and whose deliveries are not queued yet. */
export const dueForDelivery = (ctx: AppContext, now: number): Promise<number[]> =>
  repo.dueNoticeIds(ctx.db, now);

/** A notice as a delivery needs it: its window, its default texts and its site's name. */
export const noticeForDelivery = (ctx: AppContext, id: number) => repo.findNoticeWithSiteName(ctx.db, id);

/** The notice's text for a reader of `locale` (pickText's fallbacks). */
export async function noticeText(
  ctx: AppContext,
  notice: { id: number; default_locale: string | null; content: string },
  locale: string,
): Promise<LocalizedText> {
  const texts = (await repo.textsOf(ctx.db, [notice.id])).get(notice.id) ?? [];
  return pickText(texts, locale, notice.default_locale, notice.content);
}

// ---- the operator's console

type NoticeFields = Omit<NoticeCreateRequest, 'publishFrom'> & { publishFrom?: number | undefined };

function stateOf(row: repo.NoticeRow, now: number): AdminNotice['state'] {
  if (row.withdrawn_at !== null) return 'withdrawn';
  if (row.publish_from > now) return 'scheduled';
  if (row.publish_until !== null && row.publish_until <= now) return 'ended';
  return 'live';
}

async function toAdmin(
  ctx: AppContext,
  deliveries: NoticeDeliveries,
  rows: repo.NoticeRow[],
): Promise<AdminNotice[]> {
  const ids = rows.map((r) => r.id);
  const [texts, counts, domains] = await Promise.all([
    repo.textsOf(ctx.db, ids),
    deliveries.counts(ids),
    siteDomains(ctx),
  ]);
  const now = ctx.clock.now();
  return rows.map((r) => ({
    id: r.id,
    texts: Object.fromEntries(
      (texts.get(r.id) ?? []).map((t) => [t.locale, { title: t.title, body: t.body }]),
    ) as AdminNotice['texts'],
    defaultLocale: r.default_locale ?? 'en-US',
    site: r.site_id === null ? null : (domains.get(r.site_id) ?? null),
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

/** Columns and texts from a create or edit request; `content` keeps the default-locale body for old readers. */
function columnsOf(n: NoticeFields, siteId: number | null, publishFrom: number) {
  const defaultText = n.texts[n.defaultLocale];
  if (!defaultText) throw fieldError('defaultLocale', 'notice_default_text_missing');
  if (n.publishUntil !== null && n.publishUntil <= publishFrom)
    throw fieldError('publishUntil', 'notice_window_invalid');
  const texts = (Object.entries(n.texts) as [ContentLocale, { title: string; body: string }][]).map(
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

/**
 * Who publishes: an operator through the console (their grants decide which sites' notices they may write),
 * or the server's own CLI (`operator` null: whoever runs it holds the database). Both are audited.
 */
export interface Publisher {
  actor: AuditActor;
  operator: Operator | null;
}

/** The CLI as an audit actor (`npm run notice`). */
export const CLI_PUBLISHER: Publisher = {
  actor: { userId: 0, ip: 'local', userAgent: 'npm run notice' },
  operator: null,
};

const mayWrite = (by: Publisher, siteId: number | null) => {
  if (by.operator) assertCanAccess(by.operator, 'write', 'notice', { siteId });
};

/** The audited shape of a notice: its targeting and window (texts are many; their ids suffice). */
const audited = (row: { site_id: number | null; publish_from: number; publish_until: number | null }) => ({
  site: row.site_id,
  publishFrom: row.publish_from,
  publishUntil: row.publish_until,
});

export interface Published {
  notice: AdminNotice;
  /** Deliveries queued by this call. */
  queued: number;
}

export async function create(
  ctx: AppContext,
  deliveries: NoticeDeliveries,
  by: Publisher,
  n: NoticeCreateRequest,
): Promise<Published> {
  const now = ctx.clock.now();
  const siteId = await targetSiteId(ctx, n.site);
  mayWrite(by, siteId);
  const publishFrom = n.publishFrom ?? now;
  if (n.publishUntil !== null && n.publishUntil <= now)
    throw fieldError('publishUntil', 'notice_window_invalid');
  const { row, texts } = columnsOf(n, siteId, publishFrom);
  const id = await ctx.db.transaction().execute(async (trx) => {
    const noticeId = await repo.insertNotice(trx, {
      ...row,
      withdrawn_at: null,
      created_at: now,
      updated_at: now,
      created_by: by.operator?.userId ?? null,
      enqueued_at: null,
    });
    await repo.replaceTexts(trx, noticeId, texts);
    await recordAudit(
      trx,
      by.actor,
      { siteId, action: 'notice.create', resource: 'notice', recordId: noticeId, after: audited(row) },
      now,
    );
    return noticeId;
  });
  const queued = await deliveries.published(id);
  return { notice: await get(ctx, deliveries, id), queued };
}

/**
 * Replaces the notice. Deliveries not sent yet are dropped and queued again from the new targeting
 * (now, or when the new publish time comes); subscribers who already got it are not sent it again.
 */
export async function edit(
  ctx: AppContext,
  deliveries: NoticeDeliveries,
  by: Publisher,
  n: NoticeEditRequest,
): Promise<Published> {
  const now = ctx.clock.now();
  const siteId = await targetSiteId(ctx, n.site);
  mayWrite(by, siteId);
  await ctx.db.transaction().execute(async (trx) => {
    const existing = await repo.findNotice(trx, n.id);
    if (!existing) throw notFound('No such notice');
    mayWrite(by, existing.site_id);
    if (existing.withdrawn_at !== null) throw codedError(409, Status.conflict, 'notice_withdrawn');
    const { row, texts } = columnsOf(n, siteId, n.publishFrom ?? existing.publish_from);
    await trx
      .updateTable('notices')
      .set({ ...row, updated_at: now, enqueued_at: null })
      .where('id', '=', n.id)
      .execute();
    await repo.replaceTexts(trx, n.id, texts);
    await deliveries.dropPending(trx, n.id, 'edited');
    await recordAudit(
      trx,
      by.actor,
      {
        siteId,
        action: 'notice.edit',
        resource: 'notice',
        recordId: n.id,
        before: audited(existing),
        after: audited(row),
      },
      now,
    );
  });
  const queued = await deliveries.published(n.id);
  return { notice: await get(ctx, deliveries, n.id), queued };
}

export async function withdraw(
  ctx: AppContext,
  deliveries: NoticeDeliveries,
  by: Publisher,
  id: number,
): Promise<AdminNotice> {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const existing = await repo.findNotice(trx, id);
    if (!existing) throw notFound('No such notice');
    const siteId = existing.site_id;
    mayWrite(by, siteId);
    if (existing.withdrawn_at === null) {
      await trx
        .updateTable('notices')
        .set({ withdrawn_at: now, updated_at: now })
        .where('id', '=', id)
        .execute();
      await recordAudit(
        trx,
        by.actor,
        { siteId, action: 'notice.withdraw', resource: 'notice', recordId: id, after: { withdrawnAt: now } },
        now,
      );
    }
    await deliveries.dropPending(trx, id, 'withdrawn');
  });
  return get(ctx, deliveries, id);
}

export async function get(ctx: AppContext, deliveries: NoticeDeliveries, id: number): Promise<AdminNotice> {
  const row = await repo.findNotice(ctx.db, id);
  if (!row) throw notFound('No such notice');
  const [notice] = await toAdmin(ctx, deliveries, [row]);
  if (!notice) throw notFound('No such notice');
  return notice;
}

export async function list(
  ctx: AppContext,
  deliveries: NoticeDeliveries,
  operator: Operator,
  page: { number: number; size: number },
): Promise<Page<AdminNotice>> {
  const sites = visibleSites(operator, 'read', 'notice');
  return readPage(
    page,
    (offset, size) => repo.pageOfNotices(ctx.db, offset, size, sites),
    (rows) => toAdmin(ctx, deliveries, rows),
  );
}
