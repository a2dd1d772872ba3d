/**
 * The help, about and customer-service pages in the console (issue 16) under /api/admin/pages/: each page's
 * title and text (HTML, sanitised when served) per language; a language without its own reads the English
 * one, which every page must keep. The pages are the deployment's, shared by every site, like the
 * catalogues. Console only (the admin chunk); the reader's side is content.ts.
 */
import { z } from 'zod/mini';
import { type Call, operatorAccess } from '../call';
import { PAGE_SLUGS } from '../content';
import { type ContentLocale, contentLocaleSchema, perLocale } from '../locales';

/** The language every page must have: the one the others fall back to. */
export const PAGE_FALLBACK_LOCALE: ContentLocale = 'en-US';

export const PAGE_TITLE_MAX = 100;
/** HTML: long enough for a help page with its headings, lists and pictures' addresses. */
export const PAGE_BODY_MAX = 20_000;

const text = (max: number) =>
  z
    .string({ error: (i) => (i.input === undefined ? 'required' : 'invalid_type') })
    .check(z.trim(), z.minLength(1, 'required'), z.maxLength(max, 'too_long'));

/** A language's page: a title and its text as HTML. */
export const pageTextSchema = z.object({ title: text(PAGE_TITLE_MAX), body: text(PAGE_BODY_MAX) });
export type PageText = z.infer<typeof pageTextSchema>;

export const pageSaveRequestSchema = z
  .object({
    slug: z.enum(PAGE_SLUGS, { error: (i) => (i.input === undefined ? 'required' : 'invalid_type') }),
    /** Every language the page is written in; one left out reads the English text. */
    texts: perLocale(pageTextSchema),
  })
  .check(
    z.refine((r) => r.texts[PAGE_FALLBACK_LOCALE] !== undefined, {
      path: ['texts', PAGE_FALLBACK_LOCALE, 'title'],
      message: 'page_default_text_missing',
    }),
  );
export type PageSaveRequest = z.infer<typeof pageSaveRequestSchema>;

export const adminPageSchema = z.object({
  slug: z.enum(PAGE_SLUGS),
  texts: z.partialRecord(contentLocaleSchema, z.object({ title: z.string(), body: z.string() })),
  /** The last save's time (epoch ms), or null: the page has never been written. */
  updatedAt: z.nullable(z.int()),
});
export type AdminPage = z.infer<typeof adminPageSchema>;

/** The three pages, in PAGE_SLUGS order, each with the languages it is written in. */
export const adminPageListCall = {
  method: 'POST',
  path: '/admin/pages/list',
  summary: 'List the help, about and service pages',
  answer: z.array(adminPageSchema),
  access: operatorAccess('content', 'read'),
} satisfies Call;

/**
 * Replaces a page's texts (a language left out is removed, and reads the English text), by an operator who
 * may write content on every site (the pages are every site's); audited (`page.save`, before and after).
 */
export const pageSaveCall = {
  method: 'POST',
  path: '/admin/pages/save',
  summary: "Save a page's texts",
  input: pageSaveRequestSchema,
  answer: adminPageSchema,
  access: operatorAccess('content', 'write'),
} satisfies Call;
