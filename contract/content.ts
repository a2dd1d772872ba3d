import { z } from 'zod/mini';
import type { Call } from './call';

/** A home carousel banner (spec section 3). `remark` is HTML, sanitized by the server and again by the app. */
export const bannerSchema = z.object({
  id: z.int(),
  bannername: z.string(),
  remark: z.string(),
  picUrl: z.string(),
  /** Locale -> picture; null when the banner has one picture for every language. */
  multiPic: z.nullable(z.record(z.string(), z.string())),
});
export type Banner = z.infer<typeof bannerSchema>;
export const bannerListSchema = z.array(bannerSchema);

/** Spec section 2: the picture for the current language when the banner has a map, else the default. */
export function bannerPicture(banner: Pick<Banner, 'picUrl' | 'multiPic'>, locale: string): string {
  const map = banner.multiPic;
  if (!map) return banner.picUrl;
  const language = locale.split('-')[0] ?? locale;
  return (
    map[locale] ||
    map[locale.replace('-', '_')] ||
    map[language] ||
    Object.entries(map).find(([key]) => key.split(/[-_]/)[0] === language)?.[1] ||
    banner.picUrl
  );
}

/**
 * Launch data the server writes into the shell of `/` (a JSON data block, never run): the site's banners,
 * so a first visit paints the first banner without waiting for its own bannerList call.
 */
export const launchDataSchema = z.object({
  banners: bannerListSchema,
  /** The language the banners' texts are in: only the app showing it takes them. */
  locale: z.string(),
  /** When the server read them (epoch ms): the query's updatedAt. */
  at: z.int(),
});
export type LaunchData = z.infer<typeof launchDataSchema>;
export const LAUNCH_DATA_ELEMENT_ID = 'launch-data';

/** A published notice of the ticker (logged-in users only; site-scoped; inside its publish window). */
export const noticeSchema = z.object({
  id: z.int(),
  content: z.string(),
});
export type Notice = z.infer<typeof noticeSchema>;
export const noticeListSchema = z.array(noticeSchema);

/** A notice of the reader's notice centre: in the reader's language (fallback: the default text). */
export const noticeDetailSchema = z.object({
  id: z.int(),
  title: z.string(),
  body: z.string(),
  publishFrom: z.int(),
  publishUntil: z.nullable(z.int()),
  /** Whether this reader has marked it read (`/cp/notices/read`). */
  read: z.boolean(),
});
export type NoticeDetail = z.infer<typeof noticeDetailSchema>;
export const noticeDetailListSchema = z.array(noticeDetailSchema);

/** As many as the notice centre lists at once. */
export const NOTICE_READ_MAX = 50;

/**
 * `POST /cp/notices/read`: marks these notices read for the caller. Ids of notices the caller cannot see
 * are ignored, so the answer says nothing about them.
 */
export const noticeReadRequestSchema = z.object({
  ids: z
    .array(z.int('invalid_type').check(z.positive('invalid_type')), {
      error: (issue) => (issue.input === undefined || issue.input === null ? 'required' : 'invalid_type'),
    })
    .check(z.minLength(1, 'required'), z.maxLength(NOTICE_READ_MAX, 'too_long')),
});
export type NoticeReadRequest = z.infer<typeof noticeReadRequestSchema>;

/** How many of the caller's live notices are still unread after the call. */
export const noticeReadResultSchema = z.object({ unread: z.int() });
export type NoticeReadResult = z.infer<typeof noticeReadResultSchema>;

/** The HTML page of /mainview/customAgent, /mainview/systemHelp and /mainview/aboutus (sanitized). */
export const htmlPageSchema = z.object({
  title: z.string(),
  content: z.string(),
});
export type HtmlPage = z.infer<typeof htmlPageSchema>;

/** The home carousel's banners of the caller's site. */
export const bannerListCall = {
  method: 'POST',
  path: '/mainview/bannerList',
  summary: "List the home carousel's banners",
  answer: bannerListSchema,
  access: 'public',
} satisfies Call;

/** The ticker: the body of each live notice for the caller, in the caller's language. */
export const noticeTickerCall = {
  method: 'POST',
  path: '/cp/mainview/notice',
  summary: 'Read the notice ticker',
  answer: noticeListSchema,
  access: 'user',
} satisfies Call;

/** The notice centre: the caller's live notices with their read state. */
export const noticeListCall = {
  method: 'POST',
  path: '/cp/notices/list',
  summary: "List the caller's notices with their read state",
  answer: noticeDetailListSchema,
  access: 'user',
} satisfies Call;

export const noticeReadCall = {
  method: 'POST',
  path: '/cp/notices/read',
  summary: 'Mark notices read',
  input: noticeReadRequestSchema,
  answer: noticeReadResultSchema,
  access: 'user',
} satisfies Call;

/** The operators' pages: /Service, /Help and /AboutUs (spec section 7: /mainview/customAgent, systemHelp, aboutus). */
export const PAGE_SLUGS = ['customAgent', 'systemHelp', 'aboutus'] as const;
export type PageSlug = (typeof PAGE_SLUGS)[number];

/** The customer-service page (/Service), in the caller's language. */
export const customAgentPageCall = {
  method: 'POST',
  path: '/mainview/customAgent',
  summary: 'Read the customer-service page',
  answer: htmlPageSchema,
  access: 'public',
} satisfies Call;

/** The help page (/Help), in the caller's language. */
export const systemHelpPageCall = {
  method: 'POST',
  path: '/mainview/systemHelp',
  summary: 'Read the help page',
  answer: htmlPageSchema,
  access: 'public',
} satisfies Call;

/** The about page (/AboutUs), in the caller's language. */
export const aboutUsPageCall = {
  method: 'POST',
  path: '/mainview/aboutus',
  summary: 'Read the about page',
  answer: htmlPageSchema,
  access: 'public',
} satisfies Call;
