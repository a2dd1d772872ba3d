import { z } from 'zod/mini';

/** The languages operators write content in (what the app ships catalogues for). */
export const CONTENT_LOCALES = ['en-US', 'en-PH', 'es-ES', 'ko-KR', 'zh-CN'] as const;
export type ContentLocale = (typeof CONTENT_LOCALES)[number];
export const contentLocaleSchema = z.enum(CONTENT_LOCALES, 'locale_unsupported');

/** Texts per locale: any key problem (an unknown locale) is about the locale; a non-object is invalid_type. */
export const perLocale = <T extends z.ZodMiniType>(text: T) =>
  z.partialRecord(contentLocaleSchema, text, {
    error: (iss) => (iss.code === 'invalid_type' ? undefined : 'locale_unsupported'),
  });
