import { z } from 'zod/mini';

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
