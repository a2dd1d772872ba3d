/**
 * Operators' banners (issue 16): the home carousel's banners written per language, each language with a
 * picture of its own, uploaded and re-encoded by the server. Under /api/admin/banners/.
 */
import { z } from 'zod/mini';
import { type Call, operatorAccess } from '../call';
import { contentLocaleSchema, perLocale } from '../locales';
import { noMarkup } from '../names';
import { pageRequestSchema, pageSchema } from '../paging';
import { siteTargetSchema } from '../site';

export const BANNER_NAME_MAX = 100;
export const BANNER_REMARK_MAX = 2000;
/** An upload's largest file. */
export const BANNER_PICTURE_MAX_BYTES = 5 * 1024 * 1024;
/** What the server stores (twice the carousel's 750 x 245 layout size, for sharp screens) and the least it takes. */
export const BANNER_PICTURE_BOX = { width: 1500, height: 490, min: { width: 750, height: 245 } } as const;

export const bannerTextSchema = z.object({
  /** The picture's alternative text and the banner's name in the console. */
  name: z
    .string('required')
    .check(z.trim(), z.minLength(1, 'required'), z.maxLength(BANNER_NAME_MAX, 'too_long'), noMarkup()),
  /** HTML shown under the carousel (sanitized on the way out); empty: none. */
  remark: z._default(z.string('invalid_type').check(z.maxLength(BANNER_REMARK_MAX, 'too_long')), ''),
});

const idSchema = z.int('required').check(z.positive('invalid_type'));

const bannerFields = z.object({
  texts: perLocale(bannerTextSchema),
  defaultLocale: z._default(contentLocaleSchema, 'en-US'),
  /** A site's domain, or null: every site. */
  site: siteTargetSchema,
  /** Lower first. */
  sortOrder: z._default(z.int('invalid_type').check(z.gte(0, 'invalid_type'), z.lte(9999, 'too_long')), 0),
  /** Shown on home; a new banner starts hidden until its pictures are in. */
  enabled: z._default(z.boolean('invalid_type'), false),
});

/** The default locale must have a text: it is what the others fall back to. */
const checkBanner = <T extends z.infer<typeof bannerFields>>(b: T, ctx: z.core.$RefinementCtx) => {
  if (!b.texts[b.defaultLocale])
    ctx.addIssue({
      code: 'custom',
      path: ['texts', b.defaultLocale, 'name'],
      message: 'banner_default_text_missing',
    });
};

export const bannerCreateRequestSchema = bannerFields.check(z.superRefine(checkBanner));
export type BannerCreateRequest = z.infer<typeof bannerCreateRequestSchema>;
/** An edit replaces every field, texts included; pictures stay (they change by upload). */
export const bannerEditRequestSchema = z
  .extend(bannerFields, { id: idSchema })
  .check(z.superRefine(checkBanner));
export type BannerEditRequest = z.infer<typeof bannerEditRequestSchema>;

/** The text fields beside an upload's file (multipart fields are text: the id arrives as digits). */
export const bannerPictureFieldsSchema = z.object({
  id: z.pipe(
    z.string('required').check(z.regex(/^\d{1,12}$/, 'invalid_type')),
    z.transform((v) => Number(v)),
  ),
  locale: contentLocaleSchema,
});

export const adminBannerSchema = z.object({
  id: z.int(),
  site: z.nullable(z.string()),
  texts: z.partialRecord(contentLocaleSchema, z.object({ name: z.string(), remark: z.string() })),
  defaultLocale: z.string(),
  /** The picture of every language without its own. */
  picUrl: z.string(),
  /** Locale -> its own picture. */
  pictures: z.partialRecord(contentLocaleSchema, z.string()),
  sortOrder: z.int(),
  enabled: z.boolean(),
  createdAt: z.int(),
});
export type AdminBanner = z.infer<typeof adminBannerSchema>;

/** The operator's sites' banners and every site's, by sort order. */
export const adminBannerListCall = {
  method: 'POST',
  path: '/admin/banners/list',
  summary: "List the home banners of the operator's sites",
  input: pageRequestSchema,
  answer: pageSchema(adminBannerSchema),
  access: operatorAccess('banner', 'read'),
} satisfies Call;

export const bannerCreateCall = {
  method: 'POST',
  path: '/admin/banners/create',
  summary: 'Create a home banner',
  input: bannerCreateRequestSchema,
  answer: adminBannerSchema,
  access: operatorAccess('banner', 'write'),
} satisfies Call;

export const bannerEditCall = {
  method: 'POST',
  path: '/admin/banners/edit',
  summary: "Edit a home banner's texts and settings",
  input: bannerEditRequestSchema,
  answer: adminBannerSchema,
  access: operatorAccess('banner', 'write'),
} satisfies Call;

/**
 * A language's picture (multipart/form-data: `id`, `locale`, and the file as `picture`): PNG, JPEG or WebP
 * of at least 750 x 245, at most 5 MB; stored cropped to 1500 x 490 as WebP. The default locale's
 * picture is also the one of every language without its own.
 */
export const bannerPictureCall = {
  method: 'POST',
  path: '/admin/banners/picture',
  summary: "Upload a banner's picture",
  input: bannerPictureFieldsSchema,
  answer: adminBannerSchema,
  access: operatorAccess('banner', 'write'),
  upload: { field: 'picture', maxBytes: BANNER_PICTURE_MAX_BYTES },
} satisfies Call;

export const bannerPictureRemoveRequestSchema = z.object({ id: idSchema, locale: contentLocaleSchema });
export type BannerPictureRemoveRequest = z.infer<typeof bannerPictureRemoveRequestSchema>;

/**
 * Removes a language's own picture: that language shows the default locale's picture again, and removing
 * the default locale's own picture brings back the one drawn from the banner's name (what a banner shows
 * before any upload); languages with a picture of their own keep it. Removing a picture the language does
 * not have changes nothing. The picture's address keeps answering for a while (apps may hold lists that
 * show it), then the uploads sweep deletes it.
 */
export const bannerPictureRemoveCall = {
  method: 'POST',
  path: '/admin/banners/picture/remove',
  summary: "Remove a banner's picture",
  input: bannerPictureRemoveRequestSchema,
  answer: adminBannerSchema,
  access: operatorAccess('banner', 'write'),
} satisfies Call;
