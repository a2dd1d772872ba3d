import { randomBytes } from 'node:crypto';
import type {
  AdminCatalogueItem,
  adminCatalogueListCall,
  CatalogueItemCreateRequest,
  CatalogueItemEditRequest,
  CatalogueItemLinkRequest,
} from '#contract/admin/catalogue';
import type { ParsedInput } from '#contract/call';
import type { CatalogueKind } from '#contract/catalogue';
import type { Page } from '#contract/paging';
import type { AppContext } from '../../context';
import type { Db } from '../../db/create-db';
import { conflict, fieldError } from '../../http/envelope';
import { offsetOf, pageOf } from '../../http/page';
import type { OperatorAuth } from '../../http/serve';
import { recordAudit } from '../audit/service';
import { assertCanAccess } from '../operators/service';
import * as adminRepo from './admin-repository';
import * as repo from './repository';

/*
 * The console's catalogue items (issue 16, decision 0028). Items are platform-wide: every site lists them, so
 * a change needs the catalogue's write permission on every site. Each change is audited (siteId null) in its
 * own transaction. The default language's text is the item's own row (the public search and the seed read
 * it there); catalogue_texts holds the other languages'.
 */

type ItemFields = CatalogueItemCreateRequest;
type ItemText = { name: string; intro: string };

/** Pictures a new mini-game gets, drawn from its name by the media module as the seed's are. */
const WX_SHOTS = 2;

const itemNotFound = () => fieldError('id', 'item_not_found');
const recordIdOf = (kind: CatalogueKind, id: number) => `${kind}:${id}`;

/** The default language's text from the row, the others from catalogue_texts. */
function textsOf(
  defaultLocale: string,
  own: ItemText,
  others: readonly adminRepo.CatalogueTextRow[],
): AdminCatalogueItem['texts'] {
  return {
    ...Object.fromEntries(others.map((t) => [t.locale, { name: t.name, intro: t.intro }])),
    [defaultLocale]: own,
  };
}

function wxItem(
  row: adminRepo.WxAppAdminRow,
  others: readonly adminRepo.CatalogueTextRow[],
): AdminCatalogueItem {
  return {
    kind: 'wx',
    id: row.id,
    texts: textsOf(row.default_locale, { name: row.appname, intro: row.brief_intro }, others),
    defaultLocale: row.default_locale,
    targetUrl: row.needs_review || !row.target_url ? null : row.target_url,
    icon: row.logo_square,
    enabled: row.enabled === 1,
    sortRank: row.sort_rank,
    createdAt: row.created_at,
    appid: row.appid,
    category: row.category_2_name,
    rate: row.newcps,
    needsReview: row.needs_review === 1,
  };
}

function demandItem(
  row: adminRepo.DemandAdminRow,
  others: readonly adminRepo.CatalogueTextRow[],
): AdminCatalogueItem {
  return {
    kind: 'dou',
    id: row.id,
    texts: textsOf(row.default_locale, { name: row.demand_name, intro: row.demand_desc }, others),
    defaultLocale: row.default_locale,
    targetUrl: row.target_url || null,
    icon: row.demand_icon,
    enabled: row.enabled === 1,
    sortRank: row.sort_rank,
    createdAt: row.created_at,
    quota: row.quota,
    claimed: row.claimed,
  };
}

type AnyRow = adminRepo.WxAppAdminRow | adminRepo.DemandAdminRow;

/** The row of `kind` as the console shows it, with its texts in the other languages. */
async function itemOf(db: Db, kind: CatalogueKind, row: AnyRow): Promise<AdminCatalogueItem> {
  const others = (await adminRepo.textsOf(db, kind, [row.id])).get(row.id) ?? [];
  return kind === 'wx'
    ? wxItem(row as adminRepo.WxAppAdminRow, others)
    : demandItem(row as adminRepo.DemandAdminRow, others);
}

/** The row of `kind` with this id, locked on PostgreSQL for a change's transaction. */
const findRow = (db: Db, kind: CatalogueKind, id: number, forUpdate = false): Promise<AnyRow | undefined> =>
  kind === 'wx' ? adminRepo.findWxApp(db, id, { forUpdate }) : adminRepo.findDemand(db, id, { forUpdate });

/** One item as the console shows it (read in the caller's transaction, when there is one). */
async function get(db: Db, kind: CatalogueKind, id: number): Promise<AdminCatalogueItem> {
  const row = await findRow(db, kind, id);
  if (!row) throw itemNotFound();
  return itemOf(db, kind, row);
}

/** What the audit log keeps of an item: its names, where its links lead, whether and where it shows. */
function audited(item: AdminCatalogueItem) {
  return {
    names: Object.fromEntries(Object.entries(item.texts).map(([locale, t]) => [locale, t?.name])),
    defaultLocale: item.defaultLocale,
    targetUrl: item.targetUrl,
    enabled: item.enabled,
    sortRank: item.sortRank,
    ...(item.kind === 'wx'
      ? { category: item.category, rate: item.rate, needsReview: item.needsReview }
      : { quota: item.quota }),
  };
}

/**
 * The default language's text (the row's) and the other languages' (catalogue_texts). The contract has
 * checked the default language has one.
 */
function splitTexts(fields: ItemFields) {
  const own = fields.texts[fields.defaultLocale];
  if (!own) throw fieldError(`texts.${fields.defaultLocale}.name`, 'catalogue_default_text_missing');
  const others = Object.entries(fields.texts).flatMap(([locale, t]) =>
    t && locale !== fields.defaultLocale ? [{ locale, name: t.name, intro: t.intro }] : [],
  );
  return { own, others };
}

/** The columns an edit or a create sets, by kind. */
function wxColumns(fields: Extract<ItemFields, { kind: 'wx' }>, own: ItemText) {
  return {
    appname: own.name,
    search_name: repo.searchKey(own.name),
    brief_intro: own.intro,
    category_2_name: fields.category,
    newcps: fields.rate,
    // No link yet: awaiting upstream review (the greyed apply button; links lead nowhere until it is set).
    target_url: fields.targetUrl,
    needs_review: fields.targetUrl === '' ? 1 : 0,
    sort_rank: fields.sortRank,
    enabled: fields.enabled ? 1 : 0,
    default_locale: fields.defaultLocale,
  };
}

function demandColumns(fields: Extract<ItemFields, { kind: 'dou' }>, own: ItemText) {
  return {
    demand_name: own.name,
    search_name: repo.searchKey(own.name),
    demand_desc: own.intro,
    target_url: fields.targetUrl,
    quota: fields.quota,
    sort_rank: fields.sortRank,
    enabled: fields.enabled ? 1 : 0,
    default_locale: fields.defaultLocale,
  };
}

const assertCanWrite = (auth: OperatorAuth) =>
  assertCanAccess(auth.operator, 'write', 'catalogue', { siteId: null });

/**
 * One catalogue's items, enabled or not, newest first. Every operator the gate lets in reads them: every
 * site lists the same items, as every operator of a site reads the banners of every site.
 */
export async function listItems(
  ctx: AppContext,
  input: ParsedInput<typeof adminCatalogueListCall>,
): Promise<Page<AdminCatalogueItem>> {
  const filter = { search: input.search, awaitingReview: input.awaitingReview };
  const offset = offsetOf(input);
  if (input.kind === 'wx') {
    const { rows, total } = await adminRepo.pageOfWxApps(ctx.db, filter, offset, input.size);
    const texts = await adminRepo.textsOf(
      ctx.db,
      'wx',
      rows.map((r) => r.id),
    );
    return pageOf(
      rows.map((r) => wxItem(r, texts.get(r.id) ?? [])),
      total,
      input.number,
      input.size,
    );
  }
  const { rows, total } = await adminRepo.pageOfDemands(ctx.db, filter, offset, input.size);
  const texts = await adminRepo.textsOf(
    ctx.db,
    'dou',
    rows.map((r) => r.id),
  );
  return pageOf(
    rows.map((r) => demandItem(r, texts.get(r.id) ?? [])),
    total,
    input.number,
    input.size,
  );
}

/** A new item; its pictures are drawn from its name (as the seed's), registered as its media. */
async function insertItem(trx: Db, fields: ItemFields, own: ItemText, now: number): Promise<number> {
  if (fields.kind === 'wx') {
    const appid = `wx${randomBytes(7).toString('hex')}`;
    const [row] = await repo.insertWxApps(trx, [
      {
        ...wxColumns(fields, own),
        appid,
        logo_square: `/media/wx/${appid}/logo.svg`,
        video_url: null,
        cover_img_url: null,
        created_at: now,
      },
    ]);
    if (!row) throw new Error('mini-game not inserted');
    const shots = Array.from({ length: WX_SHOTS }, (_, i) => ({
      app_id: row.id,
      position: i + 1,
      img_url: `/media/wx/${appid}/shot-${i + 1}.svg`,
    }));
    await repo.insertWxAppImages(trx, shots);
    await repo.insertCatalogueMedia(
      trx,
      [`/media/wx/${appid}/logo.svg`, ...shots.map((s) => s.img_url)].map((url) => ({
        url,
        media_type: 'image' as const,
        item_kind: 'wx' as const,
        item_id: row.id,
      })),
    );
    return row.id;
  }
  const ref = `d${randomBytes(6).toString('hex')}`;
  const [row] = await repo.insertDemands(trx, [
    {
      ...demandColumns(fields, own),
      ref,
      demand_icon: `/media/dou/${ref}/icon.svg`,
      claimed: 0,
      created_at: now,
    },
  ]);
  if (!row) throw new Error('demand not inserted');
  await repo.insertCatalogueMedia(trx, [
    { url: `/media/dou/${ref}/icon.svg`, media_type: 'image', item_kind: 'dou', item_id: row.id },
  ]);
  return row.id;
}

/** A new item of either catalogue, with its texts per language. */
export async function createItem(
  ctx: AppContext,
  auth: OperatorAuth,
  request: CatalogueItemCreateRequest,
): Promise<AdminCatalogueItem> {
  assertCanWrite(auth);
  const { own, others } = splitTexts(request);
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const id = await insertItem(trx, request, own, now);
    await adminRepo.replaceTexts(trx, request.kind, id, others);
    const item = await get(trx, request.kind, id);
    await recordAudit(
      trx,
      auth.actor,
      {
        siteId: null,
        action: 'catalogue.create',
        resource: 'catalogue',
        recordId: recordIdOf(request.kind, id),
        after: audited(item),
      },
      now,
    );
    return item;
  });
}

/**
 * Replaces an item's texts and settings. `enabled: false` takes it out of both public lists and refuses
 * applications; promoters who applied keep their links, which lead nowhere while it is disabled. A demand
 * task's quota may not go below the places already claimed.
 */
export async function editItem(
  ctx: AppContext,
  auth: OperatorAuth,
  request: CatalogueItemEditRequest,
): Promise<AdminCatalogueItem> {
  assertCanWrite(auth);
  const { own, others } = splitTexts(request);
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const existing = await findRow(trx, request.kind, request.id, true);
    if (!existing) throw itemNotFound();
    const before = await itemOf(trx, request.kind, existing);
    if (request.kind === 'wx') {
      await adminRepo.updateWxApp(trx, request.id, wxColumns(request, own));
    } else if (!(await adminRepo.updateDemand(trx, request.id, demandColumns(request, own)))) {
      throw fieldError('quota', 'catalogue_quota_below_claimed');
    }
    await adminRepo.replaceTexts(trx, request.kind, request.id, others);
    const after = await get(trx, request.kind, request.id);
    await recordAudit(
      trx,
      auth.actor,
      {
        siteId: null,
        action: 'catalogue.edit',
        resource: 'catalogue',
        recordId: recordIdOf(request.kind, request.id),
        before: audited(before),
        after: audited(after),
      },
      now,
    );
    return after;
  });
}

/**
 * Gives a mini-game awaiting upstream review its link: from then on every promoter who applied sees theirs
 * (their link is theirs from the apply; it led nowhere until now). Another mini-game's link changes by an
 * edit.
 */
export async function setItemLink(
  ctx: AppContext,
  auth: OperatorAuth,
  request: CatalogueItemLinkRequest,
): Promise<AdminCatalogueItem> {
  assertCanWrite(auth);
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const row = await adminRepo.findWxApp(trx, request.id, { forUpdate: true });
    if (!row) throw itemNotFound();
    if (row.needs_review !== 1) throw conflict('catalogue_not_awaiting_review');
    await repo.setWxAppReviewed(trx, row.appid, request.targetUrl);
    await recordAudit(
      trx,
      auth.actor,
      {
        siteId: null,
        action: 'catalogue.link',
        resource: 'catalogue',
        recordId: recordIdOf('wx', row.id),
        before: { targetUrl: null, needsReview: true },
        after: { targetUrl: request.targetUrl, needsReview: false },
      },
      now,
    );
    return get(trx, 'wx', row.id);
  });
}
