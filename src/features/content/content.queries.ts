import { queryOptions } from '@tanstack/react-query';
import { bannerListSchema, htmlPageSchema, noticeListSchema } from '../../contract/content';
import { api } from '../../lib/api-client';
import { persistedQuery } from '../../lib/query-client';

/** The three HTML pages of spec section 7 and the pages that show them. */
export const HTML_PAGES = {
  help: '/mainview/systemHelp',
  service: '/mainview/customAgent',
  about: '/mainview/aboutus',
} as const;
export type HtmlPageKind = keyof typeof HTML_PAGES;

/** The ticker's notices, for a refresh when one arrives by push. */
export const CONTENT_NOTICES_ROOT = ['content', 'notices'] as const;

export const contentQueries = {
  /** Texts come in the request's language (Accept-Language), so the locale is part of the key. */
  banners: (locale: string) =>
    queryOptions({
      queryKey: ['content', 'banners', locale],
      queryFn: ({ signal }) =>
        api.post('/mainview/bannerList', {}, { schema: bannerListSchema, signal, silent: true }),
      staleTime: 5 * 60_000,
      ...persistedQuery,
    }),
  /** Logged-in users only (spec section 6); keyed per user so a new login never sees the last one's. */
  notices: (uid: number, locale: string) =>
    queryOptions({
      queryKey: [...CONTENT_NOTICES_ROOT, uid, locale],
      queryFn: ({ signal }) =>
        api.post('/cp/mainview/notice', {}, { schema: noticeListSchema, signal, silent: true }),
      // Spec section 9: the notice loop wakes every 60 s.
      refetchInterval: 60_000,
      staleTime: 60_000,
      ...persistedQuery,
    }),
  page: (kind: HtmlPageKind, locale: string) =>
    queryOptions({
      queryKey: ['content', 'page', kind, locale],
      queryFn: ({ signal }) => api.post(HTML_PAGES[kind], {}, { schema: htmlPageSchema, signal }),
      staleTime: 10 * 60_000,
    }),
};
