import { z } from 'zod/mini';
import type { Call } from './call';
import { pageRequestSchema, pageSchema } from './paging';

export const NEWEST_STRIP_SIZE = 20;

/** The catalogues: 1 mini-games of a messaging-app platform (`wx`), 2 demand tasks of a short-video platform (`dou`). */
export const CATALOGUE_KINDS = ['wx', 'dou'] as const;
export const catalogueKindSchema = z.enum(CATALOGUE_KINDS, { error: 'invalid_type' });
export type CatalogueKind = z.infer<typeof catalogueKindSchema>;

/**
 * Catalogue 1 category filter values, as the upstream platform names them (spec section 2). The app
 * shows a translated label for each; "all" is the empty string.
 */
export const WX_CATEGORIES = ['角色', '竞技', '棋牌', '动作', '休闲', '其他'] as const;
export type WxCategory = (typeof WX_CATEGORIES)[number];
export const isWxCategory = (value: string): value is WxCategory =>
  (WX_CATEGORIES as readonly string[]).includes(value);

/**
 * Search text has no length rule in the spec; a generous bound keeps queries sane. Control characters
 * are refused: nobody types them, and a NUL would cut the text short in SQLite (PostgreSQL refuses it).
 */
const search = z._default(
  z.string({ error: 'invalid_type' }).check(
    z.trim(),
    z.maxLength(100, 'too_long'),
    z.refine((v) => !/\p{Cc}/u.test(v), 'control_characters'),
  ),
  '',
);
const id = z.int({ error: 'required' }).check(z.positive('invalid_type'));

/** The newest strip of either catalogue (spec section 2): its 20 newest items, page 0 only. */
export const newestRequestSchema = z.object({
  number: z._default(z.literal(0, { error: 'invalid_type' }), 0),
  size: z._default(
    z.int({ error: 'invalid_type' }).check(z.gte(1, 'invalid_type'), z.lte(NEWEST_STRIP_SIZE, 'too_long')),
    NEWEST_STRIP_SIZE,
  ),
});

/** Pin toggles: pinning a pinned item unpins it, and the answer says which. */
export const keepTopResponseSchema = z.object({ pinned: z.boolean() });
export type KeepTopResponse = z.infer<typeof keepTopResponseSchema>;

/** What an application adds to an item in the promoter's own list: its link's clicks and when. */
const applicationFields = {
  clicks: z.int().check(z.nonnegative()),
  appliedAt: z.number(),
};

// ---- Catalogue 1: mini-games of a messaging-app platform ----

export const wxAppSchema = z.object({
  id: z.int(),
  appid: z.string(),
  appname: z.string(),
  brief_intro: z.string(),
  logo_square: z.string(),
  category_2_name: z.string(),
  /** Cooperation rate as a fraction; shown as newcps x 100 with 2 decimals, a dash below 0.01. */
  newcps: z.number(),
  /** true: the promoter may apply; false: already applied. */
  apply: z.boolean(),
  /** The promoter's tracked link (`/s/<code>`); empty while it awaits upstream review or before applying. */
  link: z.string(),
  video_info: z.nullable(z.object({ video_url: z.string(), cover_img_url: z.string() })),
  publicity_img: z.object({ img_list: z.array(z.object({ img_url: z.string() })) }),
  /** Pinned to the top for every promoter of the site (keeptop). */
  pinned: z.boolean(),
});
export type WxApp = z.infer<typeof wxAppSchema>;

export const wxAppListRequestSchema = z.extend(pageRequestSchema, {
  category_2_name: z._default(z.union([z.literal(''), z.enum(WX_CATEGORIES)], { error: 'invalid_type' }), ''),
  appname: search,
});
export type WxAppListRequest = z.input<typeof wxAppListRequestSchema>;
export const wxAppPageSchema = pageSchema(wxAppSchema);

/** An item the promoter applied for, with its link's click count. */
export const myWxAppSchema = z.extend(wxAppSchema, applicationFields);
export const myWxAppPageSchema = pageSchema(myWxAppSchema);

export const wxNewestSchema = z.array(wxAppSchema);

export const wxApplyRequestSchema = z.object({
  appid: z.string({ error: 'required' }).check(z.minLength(1, 'required'), z.maxLength(64, 'too_long')),
});
export const wxApplyResponseSchema = z.object({ result: z.boolean(), link: z.string() });
export type WxApplyResponse = z.infer<typeof wxApplyResponseSchema>;

/** One mini-game by id, as the caller sees it; answered with `wxAppSchema`. */
export const wxAppDetailRequestSchema = z.object({ id });

export const wxKeepTopRequestSchema = wxApplyRequestSchema;

// ---- Catalogue 2: demand tasks of a short-video platform ----

export const demandSchema = z.object({
  demandId: z.int(),
  demandName: z.string(),
  demandDesc: z.string(),
  demandIcon: z.string(),
  apply: z.boolean(),
  link: z.string(),
  pinned: z.boolean(),
});
export type Demand = z.infer<typeof demandSchema>;

export const demandListRequestSchema = z.extend(pageRequestSchema, { demandName: search });
export type DemandListRequest = z.input<typeof demandListRequestSchema>;
export const demandPageSchema = pageSchema(demandSchema);

export const myDemandSchema = z.extend(demandSchema, applicationFields);
export const myDemandPageSchema = pageSchema(myDemandSchema);

export const demandNewestSchema = z.array(demandSchema);

export const demandIdRequestSchema = z.object({ demandId: id });

/**
 * Catalogue 2 apply results (DESIGN.md section 4): 1 success; -1 unknown or disabled demand;
 * 0 the promoter has no app card yet; 2 the demand's claim quota is used up.
 */
export const DemandApplyResult = { success: 1, dataError: -1, noAppCard: 0, quotaUsedUp: 2 } as const;
export const demandApplyResponseSchema = z.object({
  result: z.union([z.literal(1), z.literal(-1), z.literal(0), z.literal(2)]),
  link: z.string(),
});
export type DemandApplyResponse = z.infer<typeof demandApplyResponseSchema>;

/** Media download query: `GET /wxcps/downimage?url=` and `/wxcps/downvideo?url=`. */
export const mediaDownloadQuerySchema = z.object({
  url: z.string({ error: 'required' }).check(z.minLength(1, 'required'), z.maxLength(500, 'too_long')),
});

// ---- calls (spec section 7, /wxcps and /doucps). Each catalogue has the same calls on its own paths
// and wire shapes; the server builds both sets of routes from one description per kind.

/** A page of catalogue 1; empty for a visitor (the public home shows its empty state). */
export const wxListCall = {
  method: 'POST',
  path: '/wxcps/applist',
  summary: "List catalogue 1's mini-games",
  input: wxAppListRequestSchema,
  answer: wxAppPageSchema,
  access: 'optionalUser',
} satisfies Call;

/** The mini-games the promoter applied for, newest application first. */
export const wxMineCall = {
  method: 'POST',
  path: '/wxcps/myapplist',
  summary: 'List the mini-games the caller applied for',
  input: pageRequestSchema,
  answer: myWxAppPageSchema,
  access: 'user',
} satisfies Call;

/** The newest strip of catalogue 1; empty for a visitor. */
export const wxNewestCall = {
  method: 'POST',
  path: '/wxcps/lastapplist',
  summary: "List catalogue 1's newest mini-games",
  input: newestRequestSchema,
  answer: wxNewestSchema,
  access: 'optionalUser',
} satisfies Call;

export const wxDetailCall = {
  method: 'POST',
  path: '/wxcps/detail',
  summary: 'Read one mini-game',
  input: wxAppDetailRequestSchema,
  answer: wxAppSchema,
  access: 'user',
} satisfies Call;

export const wxApplyCall = {
  method: 'POST',
  path: '/wxcps/apply',
  summary: 'Apply to promote a mini-game',
  input: wxApplyRequestSchema,
  answer: wxApplyResponseSchema,
  access: 'user',
} satisfies Call;

/** Pin or unpin for every promoter of the site; senior agents (job 2) only. */
export const wxPinCall = {
  method: 'POST',
  path: '/wxcps/keeptop',
  summary: 'Pin or unpin a mini-game (senior agents)',
  input: wxKeepTopRequestSchema,
  answer: keepTopResponseSchema,
  access: 'user',
} satisfies Call;

/** A page of catalogue 2, public; with a token the items carry the caller's apply state. */
export const demandListCall = {
  method: 'POST',
  path: '/doucps/demandlist',
  summary: "List catalogue 2's short-video demands",
  input: demandListRequestSchema,
  answer: demandPageSchema,
  access: 'optionalUser',
} satisfies Call;

export const demandMineCall = {
  method: 'POST',
  path: '/doucps/mydemandlist',
  summary: 'List the demands the caller claimed',
  input: pageRequestSchema,
  answer: myDemandPageSchema,
  access: 'user',
} satisfies Call;

export const demandNewestCall = {
  method: 'POST',
  path: '/doucps/lastapplist',
  summary: "List catalogue 2's newest demands",
  input: newestRequestSchema,
  answer: demandNewestSchema,
  access: 'optionalUser',
} satisfies Call;

export const demandApplyCall = {
  method: 'POST',
  path: '/doucps/apply',
  summary: 'Claim a short-video demand',
  input: demandIdRequestSchema,
  answer: demandApplyResponseSchema,
  access: 'user',
} satisfies Call;

export const demandPinCall = {
  method: 'POST',
  path: '/doucps/keeptop',
  summary: 'Pin or unpin a demand (senior agents)',
  input: demandIdRequestSchema,
  answer: keepTopResponseSchema,
  access: 'user',
} satisfies Call;

/** Removes the caller's claim and link; the place goes back to the demand's quota. */
export const demandDeleteCall = {
  method: 'POST',
  path: '/doucps/delmydemand',
  summary: 'Give up a claimed demand',
  input: demandIdRequestSchema,
  answer: z.null(),
  access: 'user',
} satisfies Call;

/** An item's picture as a file (an attachment), never an open proxy (DESIGN.md section 4). */
export const downImageCall = {
  method: 'GET',
  path: '/wxcps/downimage',
  summary: "Download an item's picture",
  input: mediaDownloadQuerySchema,
  /** The file's bytes. */
  answer: z.string(),
  access: 'public',
  raw: true,
} satisfies Call;

/** An item's video as a file (an attachment), with byte ranges. */
export const downVideoCall = {
  method: 'GET',
  path: '/wxcps/downvideo',
  summary: "Download an item's video, with byte ranges",
  input: mediaDownloadQuerySchema,
  answer: z.string(),
  access: 'public',
  raw: true,
} satisfies Call;
