import { randomBytes } from 'node:crypto';
import {
  type Demand,
  type DemandApplyResponse,
  DemandApplyResult,
  type WxApp,
  type WxApplyResponse,
} from '../../../src/contract/catalogue';
import { Job } from '../../../src/contract/user';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/create-db';
import { codedError, conflict } from '../../http/envelope';
import { findAppCard } from '../appcard/repository';
import type { Authenticated } from '../auth/service';
import * as links from '../promotion/repository';
import * as repo from './repository';

export interface Page<T> {
  content: T[];
  totalPages: number;
  number: number;
  totalElements: number;
}

export interface PageRequest {
  number: number;
  size: number;
}

/** Pins of a deployment without site entries live under site 0. */
export const siteKeyOf = (siteId: number | null): number => siteId ?? 0;

const emptyPage = <T>(number: number): Page<T> => ({ content: [], totalPages: 0, number, totalElements: 0 });

const toPage = <T>(content: T[], req: PageRequest, total: number): Page<T> => ({
  content,
  totalPages: Math.ceil(total / req.size),
  number: req.number,
  totalElements: total,
});

/** 96 random bits, URL-safe: a link nobody can guess or enumerate. */
export const newLinkCode = (): string => randomBytes(12).toString('base64url');

export const linkPath = (code: string): string => `/s/${code}`;

/** Rows in the order of `ids` (a query by ids answers in any order). */
const inOrder = <Row extends { id: number }>(ids: number[], rows: Row[]): Row[] => {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is Row => r !== undefined);
};

/**
 * One page of "pinned first, then the stable order": the pinned ids (few) are sliced first, the
 * rest of the page comes from the indexed stable order with those ids left out.
 */
async function pinnedFirstPage<Row extends { id: number }>(
  req: PageRequest,
  pinnedIds: number[],
  loadPinned: (ids: number[]) => Promise<Row[]>,
  loadUnpinned: (limit: number, offset: number) => Promise<Row[]>,
): Promise<Row[]> {
  const offset = req.number * req.size;
  const pinnedSlice = pinnedIds.slice(offset, offset + req.size);
  const rest = req.size - pinnedSlice.length;
  const ordered = inOrder(pinnedSlice, await loadPinned(pinnedSlice));
  if (rest <= 0) return ordered;
  const unpinned = await loadUnpinned(rest, Math.max(0, offset - pinnedIds.length));
  return [...ordered, ...unpinned];
}

/** A page of a text search: all matching ids in one pass, the pinned ones first. */
async function searchPage<Row extends { id: number }>(
  req: PageRequest,
  pinnedIds: number[],
  matchIds: number[],
  load: (ids: number[]) => Promise<Row[]>,
): Promise<{ rows: Row[]; total: number }> {
  const pinned = new Set(pinnedIds);
  const ordered = [...pinnedIds, ...matchIds.filter((id) => !pinned.has(id))];
  const offset = req.number * req.size;
  const pageIds = ordered.slice(offset, offset + req.size);
  return { rows: inOrder(pageIds, await load(pageIds)), total: matchIds.length };
}

// ---- catalogue 1

/** The caller's view of items: apply/link from their applications, pinned for the site. */
async function toWxApps(
  ctx: AppContext,
  rows: repo.WxAppRow[],
  userId: number | null,
  siteKey: number,
): Promise<WxApp[]> {
  const ids = rows.map((r) => r.id);
  const [images, applied, pinned] = await Promise.all([
    repo.wxImagesFor(ctx.db, ids),
    userId === null
      ? new Map<number, links.PromoLinkRow>()
      : links.findPromoLinksFor(ctx.db, userId, 'wx', ids),
    repo.pinnedAmong(ctx.db, 'wx', siteKey, ids),
  ]);
  return rows.map((r) => {
    const application = applied.get(r.id);
    return {
      id: r.id,
      appid: r.appid,
      appname: r.appname,
      brief_intro: r.brief_intro,
      logo_square: r.logo_square,
      category_2_name: r.category_2_name,
      newcps: r.newcps,
      apply: !application,
      link: application ? wxLink(r, application.code) : '',
      video_info: r.video_url ? { video_url: r.video_url, cover_img_url: r.cover_img_url ?? '' } : null,
      publicity_img: { img_list: (images.get(r.id) ?? []).map((img_url) => ({ img_url })) },
      pinned: pinned.has(r.id),
    };
  });
}

/** Empty while the item awaits upstream review (the greyed apply button). */
export const wxLink = (app: Pick<repo.WxAppRow, 'needs_review' | 'target_url'>, code: string): string =>
  app.needs_review || !app.target_url ? '' : linkPath(code);

export async function listWxApps(
  ctx: AppContext,
  auth: Authenticated | null,
  siteId: number | null,
  req: PageRequest & { category_2_name: string; appname: string },
): Promise<Page<WxApp>> {
  // Catalogue 1 is for logged-in promoters only; the public home shows its empty state.
  if (!auth) return emptyPage(req.number);
  const siteKey = siteKeyOf(siteId);
  const filter = { category: req.category_2_name, search: req.appname };
  if (filter.search) {
    const [pinnedIds, matchIds] = await Promise.all([
      repo.pinnedWxIds(ctx.db, siteKey, filter),
      repo.searchWxIds(ctx.db, filter),
    ]);
    const { rows, total } = await searchPage(req, pinnedIds, matchIds, (ids) =>
      repo.findWxAppsByIds(ctx.db, ids),
    );
    return toPage(await toWxApps(ctx, rows, auth.user.id, siteKey), req, total);
  }
  const [total, pinnedIds] = await Promise.all([
    repo.countWxApps(ctx.db, filter),
    repo.pinnedWxIds(ctx.db, siteKey, filter),
  ]);
  if (req.number * req.size >= total) return toPage([], req, total);
  const rows = await pinnedFirstPage(
    req,
    pinnedIds,
    (ids) => repo.findWxAppsByIds(ctx.db, ids),
    (limit, offset) => repo.listWxAppsUnpinned(ctx.db, filter, pinnedIds, limit, offset),
  );
  return toPage(await toWxApps(ctx, rows, auth.user.id, siteKey), req, total);
}

export async function listMyWxApps(
  ctx: AppContext,
  auth: Authenticated,
  siteId: number | null,
  req: PageRequest,
) {
  const userId = auth.user.id;
  const [total, applications] = await Promise.all([
    links.countPromoLinksOfUser(ctx.db, userId, 'wx'),
    links.listPromoLinksOfUser(ctx.db, userId, 'wx', req.size, req.number * req.size),
  ]);
  const rows = await repo.findWxAppsByIds(
    ctx.db,
    applications.map((a) => a.item_id),
  );
  const apps = new Map((await toWxApps(ctx, rows, userId, siteKeyOf(siteId))).map((a) => [a.id, a] as const));
  const content = applications.flatMap((a) => {
    const app = apps.get(a.item_id);
    return app ? [{ ...app, clicks: Number(a.clicks), appliedAt: a.applied_at }] : [];
  });
  return toPage(content, req, total);
}

export async function newestWxApps(
  ctx: AppContext,
  auth: Authenticated | null,
  siteId: number | null,
  size: number,
): Promise<WxApp[]> {
  if (!auth) return [];
  const rows = await repo.listNewestWxApps(ctx.db, size);
  return toWxApps(ctx, rows, auth.user.id, siteKeyOf(siteId));
}

const itemNotFound = () => codedError(404, 404, 'item_not_found');

/** One enabled item as the caller sees it (the detail page opened directly, e.g. after a reload). */
export async function wxAppDetail(
  ctx: AppContext,
  auth: Authenticated,
  siteId: number | null,
  id: number,
): Promise<WxApp> {
  const row = await repo.findWxAppById(ctx.db, id);
  if (!row?.enabled) throw itemNotFound();
  const [app] = await toWxApps(ctx, [row], auth.user.id, siteKeyOf(siteId));
  if (!app) throw itemNotFound();
  return app;
}

/** Inserts the application with a fresh code; a second application of the same item is a 409. */
async function insertApplication(
  ctx: AppContext,
  userId: number,
  kind: 'wx' | 'dou',
  itemId: number,
): Promise<links.PromoLinkRow> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await links.insertPromoLink(ctx.db, {
        user_id: userId,
        item_kind: kind,
        item_id: itemId,
        code: newLinkCode(),
        clicks: 0,
        applied_at: ctx.clock.now(),
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      if (await links.findPromoLink(ctx.db, userId, kind, itemId)) throw conflict('already_applied');
      if (attempt >= 2) throw err; // a 96-bit code collided three times: something else is wrong
    }
  }
}

export async function applyWx(ctx: AppContext, auth: Authenticated, appid: string): Promise<WxApplyResponse> {
  const app = await repo.findWxAppByAppid(ctx.db, appid);
  if (!app?.enabled) throw itemNotFound();
  if (await links.findPromoLink(ctx.db, auth.user.id, 'wx', app.id)) throw conflict('already_applied');
  const application = await insertApplication(ctx, auth.user.id, 'wx', app.id);
  return { result: true, link: wxLink(app, application.code) };
}

/** Pin or unpin for every promoter of the site; job 2 only. */
async function togglePin(
  ctx: AppContext,
  auth: Authenticated,
  siteId: number | null,
  kind: 'wx' | 'dou',
  itemId: number,
): Promise<{ pinned: boolean }> {
  const siteKey = siteKeyOf(siteId);
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      if (await repo.deletePin(trx, kind, siteKey, itemId)) return { pinned: false };
      await repo.insertPin(trx, kind, siteKey, itemId, auth.user.id, ctx.clock.now());
      return { pinned: true };
    });
  } catch (err) {
    // Two senior agents pinned the same item at once: it is pinned.
    if (isUniqueViolation(err)) return { pinned: true };
    throw err;
  }
}

const assertMayPin = (auth: Authenticated): void => {
  if (auth.user.job !== Job.seniorAgent) throw codedError(403, 403, 'pin_not_allowed');
};

export async function keepTopWx(
  ctx: AppContext,
  auth: Authenticated,
  siteId: number | null,
  appid: string,
): Promise<{ pinned: boolean }> {
  assertMayPin(auth);
  const app = await repo.findWxAppByAppid(ctx.db, appid);
  if (!app?.enabled) throw itemNotFound();
  return togglePin(ctx, auth, siteId, 'wx', app.id);
}

// ---- catalogue 2

const demandLink = (demand: Pick<repo.DemandRow, 'target_url'>, code: string): string =>
  demand.target_url ? linkPath(code) : '';

async function toDemands(
  ctx: AppContext,
  rows: repo.DemandRow[],
  userId: number | null,
  siteKey: number,
): Promise<Demand[]> {
  const ids = rows.map((r) => r.id);
  const [applied, pinned] = await Promise.all([
    userId === null
      ? new Map<number, links.PromoLinkRow>()
      : links.findPromoLinksFor(ctx.db, userId, 'dou', ids),
    repo.pinnedAmong(ctx.db, 'dou', siteKey, ids),
  ]);
  return rows.map((r) => {
    const application = applied.get(r.id);
    return {
      demandId: r.id,
      demandName: r.demand_name,
      demandDesc: r.demand_desc,
      demandIcon: r.demand_icon,
      apply: !application,
      link: application ? demandLink(r, application.code) : '',
      pinned: pinned.has(r.id),
    };
  });
}

export async function listDemands(
  ctx: AppContext,
  auth: Authenticated | null,
  siteId: number | null,
  req: PageRequest & { demandName: string },
): Promise<Page<Demand>> {
  const siteKey = siteKeyOf(siteId);
  const userId = auth?.user.id ?? null;
  if (req.demandName) {
    const [pinnedIds, matchIds] = await Promise.all([
      repo.pinnedDemandIds(ctx.db, siteKey, req.demandName),
      repo.searchDemandIds(ctx.db, req.demandName),
    ]);
    const { rows, total } = await searchPage(req, pinnedIds, matchIds, (ids) =>
      repo.findDemandsByIds(ctx.db, ids),
    );
    return toPage(await toDemands(ctx, rows, userId, siteKey), req, total);
  }
  const [total, pinnedIds] = await Promise.all([
    repo.countDemands(ctx.db, req.demandName),
    repo.pinnedDemandIds(ctx.db, siteKey, req.demandName),
  ]);
  if (req.number * req.size >= total) return toPage([], req, total);
  const rows = await pinnedFirstPage(
    req,
    pinnedIds,
    (ids) => repo.findDemandsByIds(ctx.db, ids),
    (limit, offset) => repo.listDemandsUnpinned(ctx.db, req.demandName, pinnedIds, limit, offset),
  );
  return toPage(await toDemands(ctx, rows, auth?.user.id ?? null, siteKey), req, total);
}

export async function listMyDemands(
  ctx: AppContext,
  auth: Authenticated,
  siteId: number | null,
  req: PageRequest,
) {
  const userId = auth.user.id;
  const [total, applications] = await Promise.all([
    links.countPromoLinksOfUser(ctx.db, userId, 'dou'),
    links.listPromoLinksOfUser(ctx.db, userId, 'dou', req.size, req.number * req.size),
  ]);
  const rows = await repo.findDemandsByIds(
    ctx.db,
    applications.map((a) => a.item_id),
  );
  const demands = new Map(
    (await toDemands(ctx, rows, userId, siteKeyOf(siteId))).map((d) => [d.demandId, d] as const),
  );
  const content = applications.flatMap((a) => {
    const demand = demands.get(a.item_id);
    return demand ? [{ ...demand, clicks: Number(a.clicks), appliedAt: a.applied_at }] : [];
  });
  return toPage(content, req, total);
}

export async function newestDemands(
  ctx: AppContext,
  auth: Authenticated | null,
  siteId: number | null,
  size: number,
): Promise<Demand[]> {
  const rows = await repo.listNewestDemands(ctx.db, size);
  return toDemands(ctx, rows, auth?.user.id ?? null, siteKeyOf(siteId));
}

/**
 * Claims one of the demand's places. The demand row is read (locked on PostgreSQL) and its claim
 * counter taken in one transaction, so concurrent claims never exceed the quota.
 */
export async function applyDemand(
  ctx: AppContext,
  auth: Authenticated,
  demandId: number,
): Promise<DemandApplyResponse> {
  const userId = auth.user.id;
  try {
    return await ctx.db.transaction().execute(async (trx): Promise<DemandApplyResponse> => {
      const demand = await repo.findDemandForClaim(trx, demandId);
      if (!demand?.enabled) return { result: DemandApplyResult.dataError, link: '' };
      if (await links.findPromoLink(trx, userId, 'dou', demand.id)) throw conflict('already_applied');
      if (!(await findAppCard(trx, userId))) return { result: DemandApplyResult.noAppCard, link: '' };
      if (!(await repo.takeDemandClaim(trx, demand.id)))
        return { result: DemandApplyResult.quotaUsedUp, link: '' };
      const application = await links.insertPromoLink(trx, {
        user_id: userId,
        item_kind: 'dou',
        item_id: demand.id,
        code: newLinkCode(),
        clicks: 0,
        applied_at: ctx.clock.now(),
      });
      return { result: DemandApplyResult.success, link: demandLink(demand, application.code) };
    });
  } catch (err) {
    // The same promoter claimed twice at once (SQLite: impossible; PostgreSQL: the second insert).
    if (isUniqueViolation(err) && (await links.findPromoLink(ctx.db, userId, 'dou', demandId)))
      throw conflict('already_applied');
    throw err;
  }
}

/** Removes the caller's claim and link; the place goes back to the demand's quota. */
export async function deleteMyDemand(ctx: AppContext, auth: Authenticated, demandId: number): Promise<null> {
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await links.deletePromoLink(trx, auth.user.id, 'dou', demandId))) throw itemNotFound();
    await repo.releaseDemandClaim(trx, demandId);
  });
  return null;
}

export async function keepTopDemand(
  ctx: AppContext,
  auth: Authenticated,
  siteId: number | null,
  demandId: number,
): Promise<{ pinned: boolean }> {
  assertMayPin(auth);
  const demand = await repo.findDemandById(ctx.db, demandId);
  if (!demand?.enabled) throw itemNotFound();
  return togglePin(ctx, auth, siteId, 'dou', demand.id);
}
