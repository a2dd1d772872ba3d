import type {
  AdminBanner,
  BannerCreateRequest,
  BannerEditRequest,
  BannerPictureRemoveRequest,
} from '#contract/admin/banner';
import { BANNER_PICTURE_BOX } from '#contract/admin/banner';
import type { ContentLocale } from '#contract/locales';
import type { Page } from '#contract/paging';
import type { AppContext } from '../../context';
import { fieldError } from '../../http/envelope';
import { readPage } from '../../http/page';
import type { OperatorAuth } from '../../http/serve';
import { recordAudit } from '../audit/service';
import { assertCanAccess, type Operator, visibleSites } from '../operators/service';
import { siteDomains, targetSiteId } from '../site/service';
import { markUploadsUsed, preparePicture, putPicture } from '../uploads/service';
import * as repo from './repository';
import { parseMultiPic } from './service';

/*
 * The console's banners (issue 16): texts per locale, a picture per locale uploaded through uploads/, site
 * scoped like every operator list. Every change is audited in its own transaction, which reads the banner
 * again (locked on PostgreSQL) so that two changes at once, of two locales' pictures say, both land.
 *
 * Uploads a change starts or stops pointing at (pictures, and `<img>` addresses in remarks) are marked used
 * in the change's transaction (uploads/service.ts, markUploadsUsed): the sweep keeps one just referenced,
 * and one let go of lives on for its grace period.
 */

type BannerFields = Omit<BannerEditRequest, 'id'>;

const notFoundBanner = () => fieldError('id', 'banner_not_found');

/** What a banner shows without an uploaded picture: one drawn from its name (media/), in `locale`. */
const drawnPicture = (id: number, locale: string) => `/media/banner/${id}-${locale}.svg`;

/** The remarks of a banner's row and texts: HTML that may point at uploads. */
const remarksOf = (row: { remark: string }, texts: readonly { remark: string }[]) => [
  row.remark,
  ...texts.map((t) => t.remark),
];

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
    site: r.site_id === null ? null : (domains.get(r.site_id) ?? null),
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

const siteOf = (row: { site_id: number | null }) => row.site_id;

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
  return readPage(
    page,
    (offset, size) => repo.pageOfBanners(ctx.db, offset, size, sites),
    (rows) => toAdmin(ctx, rows),
  );
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
    await repo.updateBannerPictures(trx, bannerId, drawnPicture(bannerId, row.default_locale), null);
    await repo.replaceBannerTexts(trx, bannerId, texts);
    await markUploadsUsed(trx, remarksOf(row, texts), now);
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
    const existing = await repo.findBannerById(trx, request.id, { forUpdate: true });
    if (!existing) throw notFoundBanner();
    assertCanAccess(auth.operator, 'write', 'banner', { siteId: siteOf(existing) });
    const before = (await repo.bannerTexts(trx, [existing.id])).get(existing.id) ?? [];
    await trx.updateTable('banners').set(row).where('id', '=', request.id).execute();
    await repo.replaceBannerTexts(trx, request.id, texts);
    // Remarks' pictures, those it now shows and those it no longer does.
    await markUploadsUsed(trx, [...remarksOf(existing, before), ...remarksOf(row, texts)], now);
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
  // Decoded and re-encoded before the transaction; stored inside it, with the reference to it.
  const prepared = await preparePicture('picture', bytes, BANNER_PICTURE_BOX);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    // Read again inside, locked: a concurrent change of another locale's picture must not be lost.
    const existing = await repo.findBannerById(trx, target.id, { forUpdate: true });
    if (!existing) throw notFoundBanner();
    assertCanAccess(auth.operator, 'write', 'banner', { siteId: siteOf(existing) });
    const picture = await putPicture(trx, prepared, auth.user.id, now);
    const previous = parseMultiPic(existing.multi_pic) ?? {};
    const pictures = { ...previous, [target.locale]: picture.url };
    const picUrl = target.locale === existing.default_locale ? picture.url : existing.pic_url;
    await repo.updateBannerPictures(trx, target.id, picUrl, JSON.stringify(pictures));
    // The picture it replaces lives on for the sweep's grace period.
    await markUploadsUsed(trx, [previous[target.locale], existing.pic_url], now);
    await recordAudit(
      trx,
      auth.actor,
      {
        siteId: siteOf(existing),
        action: 'banner.picture',
        resource: 'banner',
        recordId: target.id,
        before: { locale: target.locale, url: previous[target.locale] ?? null },
        after: { locale: target.locale, url: picture.url },
      },
      now,
    );
  });
  return get(ctx, target.id);
}

/**
 * Removes the banner's own picture in `locale`. That language then shows the default locale's picture
 * (`picUrl`); removing the default locale's own picture turns `picUrl` back into the picture drawn from
 * the banner's name, which a banner shows before any upload, while the languages with a picture of their
 * own keep it. Removing a picture the language does not have changes nothing and records nothing.
 */
export async function removeBannerPicture(
  ctx: AppContext,
  auth: OperatorAuth,
  target: BannerPictureRemoveRequest,
): Promise<AdminBanner> {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    // Locked: an upload of another locale at the same moment waits, then reads what this wrote.
    const existing = await repo.findBannerById(trx, target.id, { forUpdate: true });
    if (!existing) throw notFoundBanner();
    assertCanAccess(auth.operator, 'write', 'banner', { siteId: siteOf(existing) });
    const { [target.locale]: removed, ...rest } = parseMultiPic(existing.multi_pic) ?? {};
    if (removed === undefined) return;
    // `picUrl` was this picture when it is the default locale's (or was, before the default locale changed).
    const picUrl =
      target.locale === existing.default_locale || existing.pic_url === removed
        ? (rest[existing.default_locale] ?? drawnPicture(target.id, existing.default_locale))
        : existing.pic_url;
    await repo.updateBannerPictures(
      trx,
      target.id,
      picUrl,
      Object.keys(rest).length > 0 ? JSON.stringify(rest) : null,
    );
    // The app may still show the removed picture from a list it holds: it lives on for the grace period.
    await markUploadsUsed(trx, [removed, existing.pic_url], now);
    await recordAudit(
      trx,
      auth.actor,
      {
        siteId: siteOf(existing),
        action: 'banner.picture.remove',
        resource: 'banner',
        recordId: target.id,
        before: { locale: target.locale, url: removed, picUrl: existing.pic_url },
        after: { locale: target.locale, url: null, picUrl },
      },
      now,
    );
  });
  return get(ctx, target.id);
}
