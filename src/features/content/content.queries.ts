import { queryOptions } from '@tanstack/react-query';
import { type Banner, bannerListSchema, htmlPageSchema, noticeListSchema } from '../../contract/content';
import { api } from '../../lib/api-client';

/** The three HTML pages of spec section 7 and the pages that show them. */
export const HTML_PAGES = {
  help: '/mainview/systemHelp',
  service: '/mainview/customAgent',
  about: '/mainview/aboutus',
} as const;
export type HtmlPageKind = keyof typeof HTML_PAGES;

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

export const contentQueries = {
  /** Texts come in the request's language (Accept-Language), so the locale is part of the key. */
  banners: (locale: string) =>
    queryOptions({
      queryKey: ['content', 'banners', locale],
      queryFn: ({ signal }) =>
        api.post('/mainview/bannerList', {}, { schema: bannerListSchema, signal, silent: true }),
      staleTime: 5 * 60_000,
    }),
  /** Logged-in users only (spec section 6); keyed per user so a new login never sees the last one's. */
  notices: (uid: number, locale: string) =>
    queryOptions({
      queryKey: ['content', 'notices', uid, locale],
      queryFn: ({ signal }) =>
        api.post('/cp/mainview/notice', {}, { schema: noticeListSchema, signal, silent: true }),
      // Spec section 9: the notice loop wakes every 60 s.
      refetchInterval: 60_000,
      staleTime: 60_000,
    }),
  page: (kind: HtmlPageKind, locale: string) =>
    queryOptions({
      queryKey: ['content', 'page', kind, locale],
      queryFn: ({ signal }) => api.post(HTML_PAGES[kind], {}, { schema: htmlPageSchema, signal }),
      staleTime: 10 * 60_000,
    }),
};
