import { queryOptions } from '@tanstack/react-query';
import {
  aboutUsPageCall,
  bannerListCall,
  customAgentPageCall,
  noticeTickerCall,
  systemHelpPageCall,
} from '#contract/content';
import { api } from '#lib/api-client';
import { persistedQuery } from '#lib/query-client';

/** The three HTML pages of spec section 7 and the pages that show them. */
export const HTML_PAGES = {
  help: systemHelpPageCall,
  service: customAgentPageCall,
  about: aboutUsPageCall,
} as const;
export type HtmlPageKind = keyof typeof HTML_PAGES;

/** The ticker's notices, for a refresh when one arrives by push. */
export const CONTENT_NOTICES_ROOT = ['content', 'notices'] as const;

export const contentQueries = {
  /** Texts come in the request's language (Accept-Language), so the locale is part of the key. */
  banners: (locale: string) =>
    queryOptions({
      queryKey: ['content', 'banners', locale],
      queryFn: ({ signal }) => api.call(bannerListCall, {}, { signal, silent: true }),
      staleTime: 5 * 60_000,
      ...persistedQuery,
    }),
  /** Logged-in users only (spec section 6); keyed per user so a new login never sees the last one's. */
  notices: (uid: number, locale: string) =>
    queryOptions({
      queryKey: [...CONTENT_NOTICES_ROOT, uid, locale],
      queryFn: ({ signal }) => api.call(noticeTickerCall, {}, { signal, silent: true }),
      // Spec section 9: the notice loop wakes every 60 s.
      refetchInterval: 60_000,
      staleTime: 60_000,
      ...persistedQuery,
    }),
  page: (kind: HtmlPageKind, locale: string) =>
    queryOptions({
      queryKey: ['content', 'page', kind, locale],
      queryFn: ({ signal }) => api.call(HTML_PAGES[kind], {}, { signal }),
      staleTime: 10 * 60_000,
    }),
};
