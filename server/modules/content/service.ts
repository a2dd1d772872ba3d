import type { FastifyReply, FastifyRequest } from 'fastify';
import { PAGE_FALLBACK_LOCALE } from '#contract/admin/page';
import type { Banner, HtmlPage, PageSlug } from '#contract/content';
import { CONTENT_LOCALES, type ContentLocale } from '#contract/locales';
import type { AppContext } from '../../context';
import { notFound } from '../../http/envelope';
import { sanitizeHtml } from '../../http/sanitize';
import type { UploadReferrer } from '../uploads/service';
import * as repo from './repository';

export const DEFAULT_LOCALE: ContentLocale = 'en-US';

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
export function callerLocale(
  request: Pick<FastifyRequest, 'headers'>,
  accountLocale: string | null,
): ContentLocale {
  const header = request.headers['accept-language'];
  if (header) return localeFromAcceptLanguage(header);
  const stored = CONTENT_LOCALES.find((l) => l === accountLocale);
  return stored ?? DEFAULT_LOCALE;
}

/**
 * The language of an answer written in the caller's language (callerLocale; a visitor has no account
 * locale). The answer then varies with Accept-Language, and says so, so no cache hands one language's
 * answer to another.
 */
export function answerLocale(
  request: FastifyRequest,
  reply: FastifyReply,
  accountLocale: string | null = null,
): ContentLocale {
  reply.header('Vary', 'Accept-Language');
  return callerLocale(request, accountLocale);
}

/**
 * This module's columns that may hold an upload's address (a picture, a JSON map of them, or HTML with an
 * `<img>`): the registry hands them to the uploads sweep, which keeps every upload they name.
 */
export const CONTENT_UPLOAD_REFERRERS: readonly UploadReferrer[] = [
  { table: 'banners', column: 'pic_url' },
  { table: 'banners', column: 'multi_pic' },
  { table: 'banners', column: 'remark' },
  { table: 'banner_texts', column: 'remark' },
  { table: 'content_pages', column: 'content' },
];

export function parseMultiPic(text: string | null): Record<string, string> | null {
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

/** A banner's text in `locale`, else in its default locale, else any it has, else the row's own. */
export function bannerText(
  row: Pick<repo.BannerRow, 'bannername' | 'remark' | 'default_locale'>,
  texts: readonly repo.BannerTextRow[],
  locale: string,
): { bannername: string; remark: string } {
  const text =
    texts.find((t) => t.locale === locale) ?? texts.find((t) => t.locale === row.default_locale) ?? texts[0];
  return text ?? row;
}

/** The site's enabled banners, each in `locale` (bannerText's fallbacks). */
export async function listBanners(ctx: AppContext, siteId: number | null, locale: string): Promise<Banner[]> {
  const rows = await repo.listBanners(ctx.db, siteId);
  const texts = await repo.bannerTexts(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const text = bannerText(r, texts.get(r.id) ?? [], locale);
    return {
      id: r.id,
      bannername: text.bannername,
      remark: sanitizeHtml(text.remark),
      picUrl: r.pic_url,
      multiPic: parseMultiPic(r.multi_pic),
    };
  });
}

/** One banner, enabled or not (media draws its picture from its name). */
export const findBanner = (ctx: AppContext, id: number): Promise<repo.BannerRow | undefined> =>
  repo.findBannerById(ctx.db, id);

export async function getPage(ctx: AppContext, slug: PageSlug, locale: ContentLocale): Promise<HtmlPage> {
  const row = await repo.findPage(ctx.db, slug, locale, PAGE_FALLBACK_LOCALE);
  if (!row) throw notFound('This page has no content yet');
  return { title: row.title, content: sanitizeHtml(row.content) };
}
