import { z } from 'zod';

/** Which catalogue a promotion link belongs to. */
export const catalogueKindSchema = z.enum(['wx', 'dou'], { error: 'invalid_type' });
export type CatalogueKind = z.infer<typeof catalogueKindSchema>;

/** /gen/shortlink: the promoter's own tracked link for an item they applied for, to share again. */
export const shortLinkRequestSchema = z.object({
  kind: catalogueKindSchema,
  id: z.number({ error: 'required' }).int('invalid_type').positive('invalid_type'),
});
export const shortLinkResponseSchema = z.object({
  /** Same-origin path `/s/<code>`; the app shares `location.origin + link`. Empty while under review. */
  link: z.string(),
  clicks: z.number().int().nonnegative(),
});

/** Media download query: `GET /wxcps/downimage?url=` and `/wxcps/downvideo?url=`. */
export const mediaDownloadQuerySchema = z.object({
  url: z.string({ error: 'required' }).min(1, 'required').max(500, 'too_long'),
});
