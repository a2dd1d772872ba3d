import type { Selectable } from 'kysely';
import {
  type CatalogueKind,
  type Demand,
  type DemandApplyResponse,
  DemandApplyResult,
  type WxApp,
  type WxApplyResponse,
} from '#contract/catalogue';
import { codedError } from '../../http/envelope';
import type { DemandsTable, WxAppsTable } from './tables';

/*
 * The catalogues are one machine (issue 12): catalogue 1 (mini-games, /wxcps) and catalogue 2 (demand
 * tasks, /doucps) differ only in what this file describes: their table, how a list narrows, how a row
 * reads on the wire, what applying answers and where a link leads. The repository, the service and
 * the routes work from a kind; the spec's tab 3 would be one more entry here.
 */

/** The columns of a mini-game the item, the link rule and the checks read (a list reads no more). */
const WX_COLUMNS = [
  'id',
  'enabled',
  'appid',
  'appname',
  'brief_intro',
  'logo_square',
  'category_2_name',
  'newcps',
  'video_url',
  'cover_img_url',
  'target_url',
  'needs_review',
] as const satisfies readonly (keyof WxAppsTable)[];
export type WxAppRow = Pick<Selectable<WxAppsTable>, (typeof WX_COLUMNS)[number]>;

const DEMAND_COLUMNS = [
  'id',
  'enabled',
  'demand_name',
  'demand_desc',
  'demand_icon',
  'target_url',
] as const satisfies readonly (keyof DemandsTable)[];
export type DemandRow = Pick<Selectable<DemandsTable>, (typeof DEMAND_COLUMNS)[number]>;

/** What the one repository needs of any catalogue row. */
export interface ItemRow {
  id: number;
  enabled: number;
}

/** How a list narrows: the text search (in the kind's search column) and exact column values. */
export interface ListFilter {
  search: string;
  /** Column = value conditions, e.g. catalogue 1's category; an empty value is no condition. */
  exact: ReadonlyArray<readonly [column: string, value: string]>;
}

/** How one caller sees one item: their application, the site's pin, the item's pictures. */
export interface ItemView {
  /** The caller applied for it (the apply button turns into view). */
  applied: boolean;
  /** The caller's tracked link (`/s/<code>`), or empty: not applied, or the link leads nowhere yet. */
  link: string;
  pinned: boolean;
  images: string[];
}

/**
 * What applying answers. The optional refusals are the kind's apply rule: a kind that has them needs an
 * app card first, or takes a place of the item's quota (given back when the claim is withdrawn).
 */
export interface ApplyRule<Answer> {
  applied(link: string): Answer;
  /** No such item, or not enabled. */
  unknown(): Answer;
  noAppCard?: () => Answer;
  quotaUsedUp?: () => Answer;
}

export interface ItemKind<Row extends ItemRow, Item, ListInput, Answer> {
  readonly name: CatalogueKind;
  readonly table: 'wx_apps' | 'demands';
  /** What a row holds: the columns its item, its link and the checks read. */
  readonly columns: readonly string[];
  /** The lower-cased name a text search looks in (`containsPattern`). */
  readonly searchColumn: 'search_name';
  /** The column the wire names an item by when applying and pinning. */
  readonly keyColumn: 'appid' | 'id';
  /** The item's pictures besides its icon (`img_url` by `position` per `app_id`), read with its row. */
  readonly imagesTable: 'wx_app_images' | null;
  /** How `/media/<kind>/<key>/...` names the item, and the name its drawn pictures show. */
  readonly media: { readonly keyColumn: 'appid' | 'ref'; readonly nameColumn: 'appname' | 'demand_name' };
  /**
   * The row's name and intro: its default language's text, replaced in a reader's language by the item's
   * text in it (catalogue_texts, decision 0028).
   */
  readonly textColumns: {
    readonly name: 'appname' | 'demand_name';
    readonly intro: 'brief_intro' | 'demand_desc';
  };
  /** Visitors see the lists (catalogue 2), or get them empty (catalogue 1: for logged-in promoters only). */
  readonly forVisitors: boolean;
  filterOf(input: ListInput): ListFilter;
  toItem(row: Row, view: ItemView): Item;
  /** Where the item's links lead; null while they lead nowhere (awaiting upstream review, no target). */
  targetOf(row: Row): string | null;
  readonly apply: ApplyRule<Answer>;
}

export const itemNotFound = () => codedError(404, 404, 'item_not_found');

/** Catalogue 1: mini-games of a messaging-app platform, for logged-in promoters. */
export const wxKind: ItemKind<
  WxAppRow,
  WxApp,
  { category_2_name: string; appname: string },
  WxApplyResponse
> = {
  name: 'wx',
  table: 'wx_apps',
  columns: WX_COLUMNS,
  searchColumn: 'search_name',
  keyColumn: 'appid',
  imagesTable: 'wx_app_images',
  media: { keyColumn: 'appid', nameColumn: 'appname' },
  textColumns: { name: 'appname', intro: 'brief_intro' },
  forVisitors: false,
  filterOf: (input) => ({ search: input.appname, exact: [['category_2_name', input.category_2_name]] }),
  toItem: (row, view) => ({
    id: row.id,
    appid: row.appid,
    appname: row.appname,
    brief_intro: row.brief_intro,
    logo_square: row.logo_square,
    category_2_name: row.category_2_name,
    newcps: row.newcps,
    apply: !view.applied,
    link: view.link,
    video_info: row.video_url ? { video_url: row.video_url, cover_img_url: row.cover_img_url ?? '' } : null,
    publicity_img: { img_list: view.images.map((img_url) => ({ img_url })) },
    pinned: view.pinned,
  }),
  // An item awaiting upstream review has no target yet: the greyed apply button.
  targetOf: (row) => (row.needs_review || !row.target_url ? null : row.target_url),
  apply: {
    applied: (link) => ({ result: true, link }),
    unknown: () => {
      throw itemNotFound();
    },
  },
};

const demandRefusal = (result: DemandApplyResponse['result']) => (): DemandApplyResponse => ({
  result,
  link: '',
});

/** Catalogue 2: demand tasks of a short-video platform, public; a claim takes a place of the quota. */
export const demandKind: ItemKind<DemandRow, Demand, { demandName: string }, DemandApplyResponse> = {
  name: 'dou',
  table: 'demands',
  columns: DEMAND_COLUMNS,
  searchColumn: 'search_name',
  keyColumn: 'id',
  imagesTable: null,
  media: { keyColumn: 'ref', nameColumn: 'demand_name' },
  textColumns: { name: 'demand_name', intro: 'demand_desc' },
  forVisitors: true,
  filterOf: (input) => ({ search: input.demandName, exact: [] }),
  toItem: (row, view) => ({
    demandId: row.id,
    demandName: row.demand_name,
    demandDesc: row.demand_desc,
    demandIcon: row.demand_icon,
    apply: !view.applied,
    link: view.link,
    pinned: view.pinned,
  }),
  targetOf: (row) => row.target_url || null,
  apply: {
    applied: (link) => ({ result: DemandApplyResult.success, link }),
    unknown: demandRefusal(DemandApplyResult.dataError),
    noAppCard: demandRefusal(DemandApplyResult.noAppCard),
    quotaUsedUp: demandRefusal(DemandApplyResult.quotaUsedUp),
  },
};

// biome-ignore lint/suspicious/noExplicitAny: a kind of any catalogue, where only its name matters
export type AnyItemKind = ItemKind<any, unknown, any, unknown>;

/** Every kind by its wire name (`/gen/shortlink`'s kind, the promo_links and pins tables' item_kind). */
export const KINDS: Readonly<Record<CatalogueKind, AnyItemKind>> = { wx: wxKind, dou: demandKind };
