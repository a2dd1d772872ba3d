import { z } from 'zod/mini';

/** Which catalogue a promotion link belongs to. */
export const catalogueKindSchema = z.enum(['wx', 'dou'], { error: 'invalid_type' });
export type CatalogueKind = z.infer<typeof catalogueKindSchema>;

/** /gen/shortlink: the promoter's own tracked link for an item they applied for, to share again. */
export const shortLinkRequestSchema = z.object({
  kind: catalogueKindSchema,
  id: z.int({ error: 'required' }).check(z.positive('invalid_type')),
});
export const shortLinkResponseSchema = z.object({
  /** Same-origin path `/s/<code>`; the app shares `location.origin + link`. Empty while under review. */
  link: z.string(),
  clicks: z.int().check(z.nonnegative()),
});

/** Media download query: `GET /wxcps/downimage?url=` and `/wxcps/downvideo?url=`. */
export const mediaDownloadQuerySchema = z.object({
  url: z.string({ error: 'required' }).check(z.minLength(1, 'required'), z.maxLength(500, 'too_long')),
});
