import type { FastifyRequest } from 'fastify';
import type { Banner, HtmlPage, Notice, NoticeDetail, NoticeReadResult } from '../../../src/contract/content';
import type { AppContext } from '../../context';
import { notFound } from '../../http/envelope';
import { sanitizeHtml } from '../../http/sanitize';
import { textsOf } from '../notices/repository';
import { pickText } from '../notices/texts';
import * as repo from './repository';

export const CONTENT_LOCALES = ['en-US', 'es-ES', 'ko-KR', 'en-PH', 'zh-CN'] as const;
export type ContentLocale = (typeof CONTENT_LOCALES)[number];
export const DEFAULT_LOCALE: ContentLocale = 'en-US';

export const PAGE_SLUGS = ['customAgent', 'systemHelp', 'aboutus'] as const;
export type PageSlug = (typeof PAGE_SLUGS)[number];

/** A bare language ("es", "zh-TW") falls back to the one locale we have for it. */
const BY_LANGUAGE: Record<string, ContentLocale> = {
  en: 'en-US',
  es: 'es-ES',
  ko: 'ko-KR',
  zh: 'zh-CN',
};

/** The first tag of Accept-Language (in q order) that we serve, else en-US. */
export function localeFromAcceptLanguage(header: string | undefined): ContentLocale {
  if (!header) return DEFAULT_LOCALE;
  const tags = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((t) => t.tag !== '' && t.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of tags) {
    const exact = CONTENT_LOCALES.find((l) => l.toLowerCase() === tag);
    if (exact) return exact;
    const byLanguage = BY_LANGUAGE[tag.split('-')[0] ?? ''];
    if (byLanguage) return byLanguage;
  }
  return DEFAULT_LOCALE;
}

/**
 * The language to answer a logged-in caller in: the Accept-Language the app sends (it follows the
 * language picked in the app), else the account's stored locale, else en-US.
 */
export function callerLocale(request: FastifyRequest, accountLocale: string | null): ContentLocale {
  const header = request.headers['accept-language'];
  if (header) return localeFromAcceptLanguage(header);
  const stored = CONTENT_LOCALES.find((l) => l === accountLocale);
  return stored ?? DEFAULT_LOCALE;
}

/** The caller's site: the one whose domain is the request's host name (no port), else the first. */
export const callerSiteId = (ctx: AppContext, request: FastifyRequest): Promise<number | null> =>
  repo.findSiteIdForHost(ctx.db, request.hostname.replace(/:\d+$/, '').toLowerCase());

function parseMultiPic(text: string | null): Record<string, string> | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const entries = Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string');
      return entries.length > 0 ? Object.fromEntries(entries) : null;
    }
  } catch {
    // A malformed map means "one picture for every language".
  }
  return null;
}

export async function listBanners(ctx: AppContext, siteId: number | null): Promise<Banner[]> {
  const rows = await repo.listBanners(ctx.db, siteId);
  return rows.map((r) => ({
    id: r.id,
    bannername: r.bannername,
    remark: sanitizeHtml(r.remark),
    picUrl: r.pic_url,
    multiPic: parseMultiPic(r.multi_pic),
  }));
}

export interface NoticeReader {
  userId: number;
  siteId: number | null;
  locale: ContentLocale;
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
    textsOf(ctx.db, ids),
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

export async function getPage(ctx: AppContext, slug: PageSlug, locale: ContentLocale): Promise<HtmlPage> {
  const row = await repo.findPage(ctx.db, slug, locale, DEFAULT_LOCALE);
  if (!row) throw notFound('This page has no content yet');
  return { title: row.title, content: sanitizeHtml(row.content) };
}
