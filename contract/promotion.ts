import { z } from 'zod/mini';
import type { Call } from './call';
import { catalogueKindSchema } from './catalogue';

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

export const shortLinkCall = {
  method: 'POST',
  path: '/gen/shortlink',
  summary: "Make the caller's short link for an applied item",
  input: shortLinkRequestSchema,
  answer: shortLinkResponseSchema,
  access: 'user',
} satisfies Call;
