/**
 * Operators' catalogue items (issue 16, decision 0028): the items of both catalogues created and edited
 * (disabling is an edit), their names and intros written per language, and a mini-game awaiting upstream
 * review given its link. Items are platform-wide (every site shows them). Under /api/admin/catalogue/.
 */
import { z } from 'zod/mini';
import { type Call, operatorAccess } from '../call';
import { catalogueKindSchema, WX_CATEGORIES } from '../catalogue';
import { contentLocaleSchema, perLocale } from '../locales';
import { noMarkup } from '../names';
import { pageRequestSchema, pageSchema } from '../paging';

/** The item columns' sizes (migration 0003): appname and demand_name, brief_intro, demand_desc, target_url. */
export const CATALOGUE_NAME_MAX = 100;
export const WX_INTRO_MAX = 1000;
export const DEMAND_INTRO_MAX = 4000;
export const CATALOGUE_URL_MAX = 500;
export const CATALOGUE_SORT_RANK_MAX = 1_000_000;
export const DEMAND_QUOTA_MAX = 1_000_000;

/** Control characters but the line breaks and tabs an intro may hold. */
const CONTROL = /\p{Cc}/u;
const CONTROL_IN_TEXT = /[^\P{Cc}\n\r\t]/u;

/**
 * Where an item's links lead: an http(s) address, or a path of this site (`/GameDetail/12`, as the demo's
 * items have). Never `//host` or a backslash, which browsers read as another host.
 */
export function isTargetUrl(value: string): boolean {
  if (CONTROL.test(value) || /[\s\\]/.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const targetUrl = z.string('required').check(
  z.trim(),
  z.maxLength(CATALOGUE_URL_MAX, 'too_long'),
  z.refine((v) => v === '' || isTargetUrl(v), 'catalogue_url_invalid'),
);
/** A link is needed: a demand task's target, or a reviewed mini-game's. */
const requiredTargetUrl = targetUrl.check(z.minLength(1, 'required'));

/** An item's name and intro in one language; an empty intro shows the default language's. */
const itemText = (introMax: number) =>
  z.object({
    name: z.string('required').check(
      z.trim(),
      z.minLength(1, 'required'),
      z.maxLength(CATALOGUE_NAME_MAX, 'too_long'),
      z.refine((v) => !CONTROL.test(v), 'control_characters'),
      noMarkup(),
    ),
    intro: z._default(
      z.string('invalid_type').check(
        z.trim(),
        z.maxLength(introMax, 'too_long'),
        z.refine((v) => !CONTROL_IN_TEXT.test(v), 'control_characters'),
      ),
      '',
    ),
  });

/** What both catalogues' items have. */
const commonFields = {
  /** Name and intro per language; the default language's is the item's own text. */
  defaultLocale: z._default(contentLocaleSchema, 'en-US'),
  /** Shown in both public lists and open to applications; a new item starts hidden unless asked. */
  enabled: z._default(z.boolean('invalid_type'), false),
  /** Higher first (pinned items aside). */
  sortRank: z._default(
    z.int('invalid_type').check(z.gte(0, 'invalid_type'), z.lte(CATALOGUE_SORT_RANK_MAX, 'too_long')),
    0,
  ),
};

const wxFields = z.object({
  kind: z.literal('wx'),
  texts: perLocale(itemText(WX_INTRO_MAX)),
  ...commonFields,
  /** Empty: awaiting upstream review (promoters may apply; their links lead nowhere until it is set). */
  targetUrl,
  category: z.enum(WX_CATEGORIES, 'catalogue_category_invalid'),
  /** The cooperation rate as a fraction (the wire's newcps): 0.25 shows as 25.00%. */
  rate: z.number('required').check(z.gte(0, 'catalogue_rate_invalid'), z.lte(1, 'catalogue_rate_invalid')),
});

const demandFields = z.object({
  kind: z.literal('dou'),
  texts: perLocale(itemText(DEMAND_INTRO_MAX)),
  ...commonFields,
  targetUrl: requiredTargetUrl,
  /** Claims the task takes; an edit may not take it below the places already claimed. */
  quota: z.int('required').check(z.gte(0, 'invalid_type'), z.lte(DEMAND_QUOTA_MAX, 'too_long')),
});

const idSchema = z.int('required').check(z.positive('invalid_type'));

/** The default language must have a name: it is the item's own text, which every other falls back to. */
const checkItem = <T extends z.infer<typeof wxFields> | z.infer<typeof demandFields>>(
  item: T,
  ctx: z.core.$RefinementCtx,
) => {
  if (!item.texts[item.defaultLocale])
    ctx.addIssue({
      code: 'custom',
      path: ['texts', item.defaultLocale, 'name'],
      message: 'catalogue_default_text_missing',
    });
};

export const catalogueItemCreateRequestSchema = z
  .discriminatedUnion('kind', [wxFields, demandFields], { error: 'invalid_type' })
  .check(z.superRefine(checkItem));
export type CatalogueItemCreateRequest = z.infer<typeof catalogueItemCreateRequestSchema>;

/** An edit replaces every field, texts included (as banners' and notices' do); the kind cannot change. */
export const catalogueItemEditRequestSchema = z
  .discriminatedUnion(
    'kind',
    [z.extend(wxFields, { id: idSchema }), z.extend(demandFields, { id: idSchema })],
    { error: 'invalid_type' },
  )
  .check(z.superRefine(checkItem));
export type CatalogueItemEditRequest = z.infer<typeof catalogueItemEditRequestSchema>;

/** The link of a mini-game awaiting review, once upstream has reviewed it. */
export const catalogueItemLinkRequestSchema = z.object({ id: idSchema, targetUrl: requiredTargetUrl });
export type CatalogueItemLinkRequest = z.infer<typeof catalogueItemLinkRequestSchema>;

export const adminCatalogueListRequestSchema = z.extend(pageRequestSchema, {
  kind: catalogueKindSchema,
  /** Contained in the default language's name, case-insensitively (as the public search). */
  search: z._default(
    z.string('invalid_type').check(
      z.trim(),
      z.maxLength(100, 'too_long'),
      z.refine((v) => !CONTROL.test(v), 'control_characters'),
    ),
    '',
  ),
  /** Only mini-games awaiting review (their link to set). */
  awaitingReview: z._default(z.boolean('invalid_type'), false),
});
export type AdminCatalogueListRequest = z.input<typeof adminCatalogueListRequestSchema>;

const adminItemFields = {
  id: z.int(),
  texts: z.partialRecord(contentLocaleSchema, z.object({ name: z.string(), intro: z.string() })),
  defaultLocale: z.string(),
  /** Where the item's links lead; null while they lead nowhere (a mini-game awaiting review). */
  targetUrl: z.nullable(z.string()),
  /** The item's square picture (drawn from its name, as the seed's). */
  icon: z.string(),
  enabled: z.boolean(),
  sortRank: z.int(),
  createdAt: z.int(),
};

export const adminCatalogueItemSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('wx'),
    ...adminItemFields,
    /** The key promoters apply and pin by. */
    appid: z.string(),
    category: z.string(),
    rate: z.number(),
    needsReview: z.boolean(),
  }),
  z.object({
    kind: z.literal('dou'),
    ...adminItemFields,
    quota: z.int(),
    claimed: z.int(),
  }),
]);
export type AdminCatalogueItem = z.infer<typeof adminCatalogueItemSchema>;

/** A page of one catalogue's items, enabled or not, newest first. */
export const adminCatalogueListCall = {
  method: 'POST',
  path: '/admin/catalogue/list',
  summary: "List one catalogue's items, enabled or not",
  input: adminCatalogueListRequestSchema,
  answer: pageSchema(adminCatalogueItemSchema),
  access: operatorAccess('catalogue', 'read'),
} satisfies Call;

/** A new item of either catalogue, with generated pictures drawn from its name. */
export const catalogueItemCreateCall = {
  method: 'POST',
  path: '/admin/catalogue/create',
  summary: 'Create a catalogue item',
  input: catalogueItemCreateRequestSchema,
  answer: adminCatalogueItemSchema,
  access: operatorAccess('catalogue', 'write'),
} satisfies Call;

/** Replaces an item's texts and settings; `enabled: false` takes it out of both public lists. */
export const catalogueItemEditCall = {
  method: 'POST',
  path: '/admin/catalogue/edit',
  summary: 'Edit a catalogue item',
  input: catalogueItemEditRequestSchema,
  answer: adminCatalogueItemSchema,
  access: operatorAccess('catalogue', 'write'),
} satisfies Call;

/** Sets the link of a mini-game awaiting review: every promoter who applied sees theirs from then on. */
export const catalogueItemLinkCall = {
  method: 'POST',
  path: '/admin/catalogue/link',
  summary: 'Set the link of a mini-game awaiting review',
  input: catalogueItemLinkRequestSchema,
  answer: adminCatalogueItemSchema,
  access: operatorAccess('catalogue', 'write'),
} satisfies Call;
