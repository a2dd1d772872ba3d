import { randomBytes } from 'node:crypto';
import type { CatalogueKind, KeepTopResponse } from '#contract/catalogue';
import type { Page } from '#contract/paging';
import { Job } from '#contract/user';
import type { AppContext } from '../../context';
import { type Db, isUniqueViolation } from '../../db/create-db';
import { codedError, conflict } from '../../http/envelope';
import { offsetOf, pageOf } from '../../http/page';
import { hasAppCard } from '../appcard/service';
import type { Authenticated } from '../auth/service';
import { type AnyItemKind, type ItemKind, type ItemRow, itemNotFound, KINDS } from './kinds';
import * as repo from './repository';

/*
 * One service for every catalogue: each function works from a kind (kinds.ts), which says what differs.
 */

interface PageRequest {
  number: number;
  size: number;
}

/** What an application adds to an item in the promoter's own list. */
export interface Application {
  clicks: number;
  appliedAt: number;
}

/** Pins of a deployment without site entries live under site 0. */
export const siteKeyOf = (siteId: number | null): number => siteId ?? 0;

const viewerOf = (auth: Authenticated | null, siteId: number | null): repo.Viewer => ({
  userId: auth?.user.id ?? null,
  siteKey: siteKeyOf(siteId),
});

/** 96 random bits, URL-safe: a link nobody can guess or enumerate. */
export const newLinkCode = (): string => randomBytes(12).toString('base64url');

const linkPath = (code: string): string => `/s/${code}`;

/** The caller's link: empty before applying and while the item's links lead nowhere. */
const linkOf = <Row extends ItemRow>(
  kind: ItemKind<Row, unknown, unknown, unknown>,
  row: Row,
  code: string | null,
) => (code !== null && kind.targetOf(row) !== null ? linkPath(code) : '');

/** The caller's view of a row: apply and link from their application, pinned for the site, the pictures. */
const itemOf =
  <Row extends ItemRow, Item>(kind: ItemKind<Row, Item, unknown, unknown>) =>
  (row: repo.ViewedRow<Row>): Item =>
    kind.toItem(row, {
      applied: row.link_code !== null,
      link: linkOf(kind, row, row.link_code),
      pinned: row.pin_id !== null,
      images: row.images,
    });

/**
 * The rows with their name and intro in `locale` where the item has a text in it, else as they are (the
 * default language's text); an empty intro in `locale` keeps the default one. The page's texts are one
 * statement, whatever its length.
 */
async function inLocale<Row extends ItemRow>(
  db: Db,
  kind: Pick<AnyItemKind, 'name' | 'textColumns'>,
  rows: Row[],
  locale: string,
): Promise<Row[]> {
  const texts = await repo.textsIn(
    db,
    kind.name,
    locale,
    rows.map((row) => row.id),
  );
  if (texts.size === 0) return rows;
  const { name, intro } = kind.textColumns;
  return rows.map((row) => {
    const text = texts.get(row.id);
    if (!text) return row;
    return { ...row, [name]: text.name, ...(text.intro ? { [intro]: text.intro } : {}) };
  });
}

/** Rows in the order of `ids` (a query by ids answers in any order). */
const inOrder = <Row extends { id: number }>(ids: number[], rows: Row[]): Row[] => {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is Row => r !== undefined);
};

/**
 * A list page: pinned items first (most recent pin first), then the stable order (rank, then newest id).
 * Without a search one statement answers the site's pinned matches (few) and the page's stretch of the
 * indexed stable order with them left out; a text search takes every match's id in one pass instead. The
 * items answer in `locale` (inLocale); a search looks in the default language's names.
 */
export async function list<Row extends ItemRow, Item, ListInput>(
  ctx: AppContext,
  kind: ItemKind<Row, Item, ListInput, unknown>,
  auth: Authenticated | null,
  siteId: number | null,
  input: ListInput & PageRequest,
  locale: string,
): Promise<Page<Item>> {
  if (!auth && !kind.forVisitors) return pageOf([], 0, input.number, input.size);
  const viewer = viewerOf(auth, siteId);
  const filter = kind.filterOf(input);
  const offset = offsetOf(input);

  if (filter.search) {
    const pinned = await repo.pinnedItems<Row>(ctx.db, kind, viewer, filter);
    const pinnedIds = pinned.map((row) => row.id);
    const matches = await repo.matchingIds(ctx.db, kind, filter);
    const pinnedSet = new Set(pinnedIds);
    const ordered = [...pinnedIds, ...matches.filter((id) => !pinnedSet.has(id))];
    const pageIds = ordered.slice(offset, offset + input.size);
    const rows = await repo.itemsByIds<Row>(
      ctx.db,
      kind,
      viewer,
      pageIds.filter((id) => !pinnedSet.has(id)),
    );
    const page = await inLocale(ctx.db, kind, inOrder(pageIds, [...pinned, ...rows]), locale);
    return pageOf(page.map(itemOf(kind)), matches.length, input.number, input.size);
  }

  const rows = await repo.pageItems<Row>(ctx.db, kind, viewer, filter, { limit: input.size, offset });
  const pinnedSlice = rows.filter((row) => row.pin_id !== null).slice(offset, offset + input.size);
  const rest = rows.filter((row) => row.pin_id === null).slice(0, input.size - pinnedSlice.length);
  // No row carries the total past the end of the list.
  const total = rows[0] ? rows[0].total : await repo.countItems(ctx.db, kind, filter);
  if (offset >= total) return pageOf([], total, input.number, input.size);
  const page = await inLocale(ctx.db, kind, [...pinnedSlice, ...rest], locale);
  return pageOf(page.map(itemOf(kind)), total, input.number, input.size);
}

/** The items the promoter applied for, newest application first, with their links' clicks. */
export async function mine<Row extends ItemRow, Item>(
  ctx: AppContext,
  kind: ItemKind<Row, Item, unknown, unknown>,
  auth: Authenticated,
  siteId: number | null,
  page: PageRequest,
  locale: string,
): Promise<Page<Item & Application>> {
  const viewer = { userId: auth.user.id, siteKey: siteKeyOf(siteId) };
  const [total, rows] = await Promise.all([
    repo.countApplications(ctx.db, auth.user.id, kind.name),
    repo.appliedItems<Row>(ctx.db, kind, viewer, page.size, offsetOf(page)),
  ]);
  const content = (await inLocale(ctx.db, kind, rows, locale)).map((row) => ({
    ...itemOf(kind)(row),
    clicks: row.clicks,
    appliedAt: row.applied_at,
  }));
  return pageOf(content, total, page.number, page.size);
}

/** The newest strip: the most recently added enabled items. */
export async function newest<Row extends ItemRow, Item>(
  ctx: AppContext,
  kind: ItemKind<Row, Item, unknown, unknown>,
  auth: Authenticated | null,
  siteId: number | null,
  size: number,
  locale: string,
): Promise<Item[]> {
  if (!auth && !kind.forVisitors) return [];
  const rows = await repo.newestItems<Row>(ctx.db, kind, viewerOf(auth, siteId), size);
  return (await inLocale(ctx.db, kind, rows, locale)).map(itemOf(kind));
}

/** One enabled item as the caller sees it (a detail page opened directly, e.g. after a reload). */
export async function detail<Row extends ItemRow, Item>(
  ctx: AppContext,
  kind: ItemKind<Row, Item, unknown, unknown>,
  auth: Authenticated,
  siteId: number | null,
  id: number,
  locale: string,
): Promise<Item> {
  const [row] = await repo.itemsByIds<Row>(ctx.db, kind, viewerOf(auth, siteId), [id]);
  if (!row?.enabled) throw itemNotFound();
  const [localized = row] = await inLocale(ctx.db, kind, [row], locale);
  return itemOf(kind)(localized);
}

/** One attempt at applying, in its own transaction; see apply. */
async function applyOnce<Row extends ItemRow, Answer>(
  db: Db,
  now: number,
  kind: ItemKind<Row, unknown, unknown, Answer>,
  userId: number,
  key: string | number,
): Promise<Answer> {
  const rule = kind.apply;
  const row = await repo.findItem<Row>(db, kind, key, { forClaim: rule.quotaUsedUp !== undefined });
  if (!row?.enabled) return rule.unknown();
  if (await repo.findApplication(db, userId, kind.name, row.id)) throw conflict('already_applied');
  if (rule.noAppCard && !(await hasAppCard(db, userId))) return rule.noAppCard();
  if (rule.quotaUsedUp && !(await repo.takeClaim(db, kind, row.id))) return rule.quotaUsedUp();
  const application = await repo.insertApplication(db, {
    user_id: userId,
    item_kind: kind.name,
    item_id: row.id,
    code: newLinkCode(),
    clicks: 0,
    applied_at: now,
  });
  return rule.applied(linkOf(kind, row, application.code));
}

/**
 * Applies for the item the wire names: the promoter's own tracked link, answered as the kind's apply
 * rule says. The item row is read (locked on PostgreSQL when claims take a quota), the rule checked and
 * the application inserted in one transaction, so concurrent claims never exceed the quota.
 */
export async function apply<Row extends ItemRow, Answer>(
  ctx: AppContext,
  kind: ItemKind<Row, unknown, unknown, Answer>,
  auth: Authenticated,
  key: string | number,
): Promise<Answer> {
  const userId = auth.user.id;
  for (let attempt = 0; ; attempt++) {
    try {
      return await ctx.db.transaction().execute((trx) => applyOnce(trx, ctx.clock.now(), kind, userId, key));
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // The same promoter applied twice at once (PostgreSQL: the second insert), or a fresh code collided.
      const row = await repo.findItem<Row>(ctx.db, kind, key);
      if (row && (await repo.findApplication(ctx.db, userId, kind.name, row.id)))
        throw conflict('already_applied');
      if (attempt >= 2) throw err; // a 96-bit code collided three times: something else is wrong
    }
  }
}

/** Removes the caller's application and link of the item the wire names; a claim's place goes back to the quota. */
export async function withdraw(
  ctx: AppContext,
  kind: AnyItemKind,
  auth: Authenticated,
  key: string | number,
): Promise<null> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await repo.findItem(trx, kind, key);
    if (!row || !(await repo.deleteApplication(trx, auth.user.id, kind.name, row.id))) throw itemNotFound();
    if (kind.apply.quotaUsedUp) await repo.releaseClaim(trx, kind, row.id);
  });
  return null;
}

/** Pin or unpin the item the wire names, for every promoter of the site; senior agents (job 2) only. */
export async function pin(
  ctx: AppContext,
  kind: AnyItemKind,
  auth: Authenticated,
  siteId: number | null,
  key: string | number,
): Promise<KeepTopResponse> {
  if (auth.user.job !== Job.seniorAgent) throw codedError(403, 403, 'pin_not_allowed');
  const row = await repo.findItem(ctx.db, kind, key);
  if (!row?.enabled) throw itemNotFound();
  const siteKey = siteKeyOf(siteId);
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      if (await repo.deletePin(trx, kind.name, siteKey, row.id)) return { pinned: false };
      await repo.insertPin(trx, kind.name, siteKey, row.id, auth.user.id, ctx.clock.now());
      return { pinned: true };
    });
  } catch (err) {
    // Two senior agents pinned the same item at once: it is pinned.
    if (isUniqueViolation(err)) return { pinned: true };
    throw err;
  }
}

// ---- links, for the promotion module (/gen/shortlink and /s/<code>)

/** The caller's link of an item as their list shows it, with its clicks; null when they never applied. */
export async function linkOfCaller(
  ctx: AppContext,
  kindName: CatalogueKind,
  auth: Authenticated,
  itemId: number,
): Promise<{ link: string; clicks: number } | null> {
  const kind = KINDS[kindName];
  const application = await repo.findApplication(ctx.db, auth.user.id, kind.name, itemId);
  if (!application) return null;
  const row = await repo.findItemById(ctx.db, kind, itemId);
  return { link: row ? linkOf(kind, row, application.code) : '', clicks: application.clicks };
}

/**
 * Where a link code leads: the item's target while the item is enabled and its links lead somewhere,
 * else null. `countVisit` counts the visit.
 */
export async function followCode(ctx: AppContext, code: string, countVisit: boolean): Promise<string | null> {
  const application = await repo.findApplicationByCode(ctx.db, code);
  if (!application) return null;
  const kind = KINDS[application.item_kind];
  const row = await repo.findItemById(ctx.db, kind, application.item_id);
  const target = row?.enabled ? kind.targetOf(row) : null;
  if (target === null) return null;
  if (countVisit) await repo.incrementClicks(ctx.db, application.id);
  return target;
}

// ---- media, for the media module

/** The name of the item `/media/<kind>/<key>/...` draws, or undefined when there is no such item. */
export const mediaItemName = (
  ctx: AppContext,
  kindName: CatalogueKind,
  key: string,
): Promise<string | undefined> => repo.mediaItemName(ctx.db, KINDS[kindName], key);

/** Whether `url` is exactly one of the media the catalogue lists for an item. */
export const isItemMedia = (ctx: AppContext, url: string, type: 'image' | 'video'): Promise<boolean> =>
  repo.isCatalogueMedia(ctx.db, url, type);
