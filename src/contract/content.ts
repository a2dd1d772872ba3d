import { z } from 'zod';

/** A home carousel banner (spec section 3). `remark` is HTML, sanitized by the server and again by the app. */
export const bannerSchema = z.object({
  id: z.number().int(),
  bannername: z.string(),
  remark: z.string(),
  picUrl: z.string(),
  /** Locale -> picture; null when the banner has one picture for every language. */
  multiPic: z.record(z.string(), z.string()).nullable(),
});
export type Banner = z.infer<typeof bannerSchema>;
export const bannerListSchema = z.array(bannerSchema);

/** A published notice of the ticker (logged-in users only; site-scoped; inside its publish window). */
export const noticeSchema = z.object({
  id: z.number().int(),
  content: z.string(),
});
export type Notice = z.infer<typeof noticeSchema>;
export const noticeListSchema = z.array(noticeSchema);

/** The HTML page of /mainview/customAgent, /mainview/systemHelp and /mainview/aboutus (sanitized). */
export const htmlPageSchema = z.object({
  title: z.string(),
  content: z.string(),
});
export type HtmlPage = z.infer<typeof htmlPageSchema>;
