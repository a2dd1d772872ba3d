import { demandMineCall, wxMineCall } from '#contract/catalogue';
import { PAGE_SIZE, type Page } from '#contract/paging';
import { api } from '#lib/api-client';
import { pagedQueryOptions } from '#lib/paging';
import { persistedQuery } from '#lib/query-client';
import { PROMOTION_QUERY_ROOT } from '#lib/query-keys';

export const promotionKeys = {
  all: PROMOTION_QUERY_ROOT,
  /** Every language's list of the viewer's mini-games (a prefix of the lists' keys). */
  myWx: (viewer: number) => [...PROMOTION_QUERY_ROOT, 'wx', viewer] as const,
  myDou: (viewer: number) => [...PROMOTION_QUERY_ROOT, 'dou', viewer] as const,
};

/** The items the promoter applied for in one catalogue, with their links and click counts. */
const linksQuery =
  <T>(kind: 'wx' | 'dou', load: (page: number, signal: AbortSignal) => Promise<Page<T>>) =>
  (viewer: number, locale: string) =>
    pagedQueryOptions({
      // Items' names come in the request's language (decision 0028): a change of language asks again.
      queryKey: [...PROMOTION_QUERY_ROOT, kind, viewer, locale] as const,
      queryFn: ({ pageParam, signal }) => load(pageParam, signal),
      windowed: true,
      // Click counts move while the page is closed: a visit shows fresh numbers (5 s spares the prefetch).
      staleTime: 5_000,
      // Offline, a promoter can still open, copy and share their links.
      ...persistedQuery,
    });

const page = (number: number) => ({ number, size: PAGE_SIZE });

export const promotionQueries = {
  /** /promotion/1: the mini-games the promoter applied for. */
  myWx: linksQuery('wx', (number, signal) => api.call(wxMineCall, page(number), { signal, silent: true })),
  /** /promotion/2: the demand tasks the promoter claimed. */
  myDou: linksQuery('dou', (number, signal) =>
    api.call(demandMineCall, page(number), { signal, silent: true }),
  ),
};
