import type { AdminBanner, BannerCreateRequest, BannerEditRequest } from '../../../src/contract/banner-admin';
import { BANNER_PICTURE_BOX } from '../../../src/contract/banner-admin';
import type { ContentLocale } from '../../../src/contract/locales';
import type { Page } from '../../../src/contract/paging';
import type { AppContext } from '../../context';
import { fieldError } from '../../http/envelope';
import { offsetOf, pageOf } from '../../http/page';
import type { OperatorAuth } from '../../http/serve';
import { recordAudit } from '../audit/service';
import { assertCanAccess, type Operator, visibleSites } from '../operators/service';
import { siteDomains, targetSiteId } from '../site/service';
import { storePicture } from '../uploads/service';
import * as repo from './repository';
import { parseMultiPic } from './service';

/*
 * The console's banners (issue 16): texts per locale, a picture per locale uploaded through uploads/, site
 * scoped like every operator list. Every change is audited in its own transaction.
 */

type BannerFields = Omit<BannerEditRequest, 'id'>;

const notFoundBanner = () => fieldError('id', 'banner_not_found');

async function toAdmin(ctx: AppContext, rows: repo.BannerRow[]): Promise<AdminBanner[]> {
  const [texts, domains] = await Promise.all([
    repo.bannerTexts(
      ctx.db,
      rows.map((r) => r.id),
    ),
    siteDomains(ctx),
  ]);
  return rows.map((r) => ({
    id: r.id,
    site: r.site_id === null ? null : (domains.get(Number(r.site_id)) ?? null),
    texts: Object.fromEntries(
      (texts.get(r.id) ?? []).map((t) => [t.locale, { name: t.bannername, remark: t.remark }]),
    ),
    defaultLocale: r.default_locale,
    picUrl: r.pic_url,
    pictures: parseMultiPic(r.multi_pic) ?? {},
    sortOrder: r.sort_order,
    enabled: r.enabled === 1,
    createdAt: r.created_at,
  }));
}

async function get(ctx: AppContext, id: number): Promise<AdminBanner> {
  const row = await repo.findBannerById(ctx.db, id);
  const [banner] = row ? await toAdmin(ctx, [row]) : [];
  if (!banner) throw notFoundBanner();
  return banner;
}

const siteOf = (row: { site_id: number | null }) => (row.site_id === null ? null : Number(row.site_id));

/** The row's columns and texts from a request; the default locale's text also fills the row's own. */
function columnsOf(b: BannerFields, siteId: number | null) {
  const defaultText = b.texts[b.defaultLocale];
  if (!defaultText) throw fieldError(`texts.${b.defaultLocale}.name`, 'banner_default_text_missing');
  const texts = Object.entries(b.texts).flatMap(([locale, t]) =>
    t ? [{ locale, bannername: t.name, remark: t.remark }] : [],
  );
  return {
    row: {
      site_id: siteId,
      bannername: defaultText.name,
      remark: defaultText.remark,
      default_locale: b.defaultLocale,
      sort_order: b.sortOrder,
      enabled: b.enabled ? 1 : 0,
    },
    texts,
  };
}

/** The audited shape of a banner: where and whether it shows, and its names. */
const audited = (row: { site_id: number | null; enabled: number; sort_order: number }, names: string[]) => ({
  site: row.site_id,
  enabled: row.enabled === 1,
  sortOrder: row.sort_order,
  names,
});

export async function listBanners(
  ctx: AppContext,
  operator: Operator,
  page: { number: number; size: number },
): Promise<Page<AdminBanner>> {
  const sites = visibleSites(operator, 'read', 'banner');
  const { rows, total } = await repo.pageOfBanners(ctx.db, offsetOf(page), page.size, sites);
  return pageOf(await toAdmin(ctx, rows), total, page.number, page.size);
}

/** A new banner, hidden unless asked; its picture is drawn from its name until one is uploaded. */
export async function createBanner(
  ctx: AppContext,
  auth: OperatorAuth,
  request: BannerCreateRequest,
): Promise<AdminBanner> {
  const siteId = await targetSiteId(ctx, request.site);
  assertCanAccess(auth.operator, 'write', 'banner', { siteId });
  const { row, texts } = columnsOf(request, siteId);
  const now = ctx.clock.now();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const bannerId = await repo.insertBanner(trx, { ...row, pic_url: '', multi_pic: null, created_at: now });
    await repo.updateBannerPictures(
      trx,
      bannerId,
      `/media/banner/${bannerId}-${row.default_locale}.svg`,
      null,
    );
    await repo.replaceBannerTexts(trx, bannerId, texts);
    await recordAudit(
      trx,
      auth.actor,
      {
        siteId,
        action: 'banner.create',
        resource: 'banner',
        recordId: bannerId,
        after: audited(
          row,
          texts.map((t) => t.bannername),
        ),
      },
      now,
    );
    return bannerId;
  });
  return get(ctx, id);
}

/** Replaces a banner's texts, site, order and visibility; its pictures stay. */
export async function editBanner(
  ctx: AppContext,
  auth: OperatorAuth,
  request: BannerEditRequest,
): Promise<AdminBanner> {
  const siteId = await targetSiteId(ctx, request.site);
  assertCanAccess(auth.operator, 'write', 'banner', { siteId });
  const { row, texts } = columnsOf(request, siteId);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const existing = await repo.findBannerById(trx, request.id);
    if (!existing) throw notFoundBanner();
    assertCanAccess(auth.operator, 'write', 'banner', { siteId: siteOf(existing) });
    const before = (await repo.bannerTexts(trx, [existing.id])).get(existing.id) ?? [];
    await trx.updateTable('banners').set(row).where('id', '=', request.id).execute();
    await repo.replaceBannerTexts(trx, request.id, texts);
    await recordAudit(
      trx,
      auth.actor,
      {
        siteId,
        action: 'banner.edit',
        resource: 'banner',
        recordId: request.id,
        before: audited(
          existing,
          before.map((t) => t.bannername),
        ),
        after: audited(
          row,
          texts.map((t) => t.bannername),
        ),
      },
      now,
    );
  });
  return get(ctx, request.id);
}

/**
 * Stores `bytes` as the banner's picture in `locale` (uploads/ checks and re-encodes them). The default
 * locale's picture is also every other language's until they get their own.
 */
export async function setBannerPicture(
  ctx: AppContext,
  auth: OperatorAuth,
  target: { id: number; locale: ContentLocale },
  bytes: Buffer,
): Promise<AdminBanner> {
  const found = await repo.findBannerById(ctx.db, target.id);
  if (!found) throw notFoundBanner();
  // Checked before the picture is decoded: an operator of another site spends no server time.
  assertCanAccess(auth.operator, 'write', 'banner', { siteId: siteOf(found) });
  const picture = await storePicture(ctx, 'picture', bytes, BANNER_PICTURE_BOX, auth.user.id);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    // Read again inside: a concurrent upload of another locale must not be lost.
    const existing = await repo.findBannerById(trx, target.id);
    if (!existing) throw notFoundBanner();
    const pictures = { ...(parseMultiPic(existing.multi_pic) ?? {}), [target.locale]: picture.url };
    const picUrl = target.locale === existing.default_locale ? picture.url : existing.pic_url;
    await repo.updateBannerPictures(trx, target.id, picUrl, JSON.stringify(pictures));
    await recordAudit(
      trx,
      auth.actor,
      {
        siteId: siteOf(existing),
        action: 'banner.picture',
        resource: 'banner',
        recordId: target.id,
        before: { locale: target.locale, url: parseMultiPic(existing.multi_pic)?.[target.locale] ?? null },
        after: { locale: target.locale, url: picture.url },
      },
      now,
    );
  });
  return get(ctx, target.id);
}
