import { infiniteQueryOptions } from '@tanstack/react-query';
import { myDemandPageSchema, myWxAppPageSchema } from '../../contract/catalogue';
import { PAGE_SIZE } from '../../contract/paging';
import { api } from '../../lib/api-client';
import { MAX_PAGES_IN_MEMORY, previousPageParam } from '../../lib/paged-window';
import { persistedQuery } from '../../lib/query-client';
import { PROMOTION_QUERY_ROOT } from '../../lib/query-keys';

const nextPage = (last: { number: number; totalPages: number }): number | undefined =>
  last.number + 1 < last.totalPages ? last.number + 1 : undefined;

export const promotionKeys = {
  all: PROMOTION_QUERY_ROOT,
  myWx: (viewer: number) => [...PROMOTION_QUERY_ROOT, 'wx', viewer] as const,
  myDou: (viewer: number) => [...PROMOTION_QUERY_ROOT, 'dou', viewer] as const,
};

export const promotionQueries = {
  /** /promotion/1: the mini-games the promoter applied for, with their links and click counts. */
  myWx: (viewer: number) =>
    infiniteQueryOptions({
      queryKey: promotionKeys.myWx(viewer),
      queryFn: ({ pageParam, signal }) =>
        api.post(
          '/wxcps/myapplist',
          { number: pageParam, size: PAGE_SIZE },
          { schema: myWxAppPageSchema, signal, silent: true },
        ),
      initialPageParam: 0,
      getNextPageParam: nextPage,
      getPreviousPageParam: previousPageParam,
      maxPages: MAX_PAGES_IN_MEMORY,
      // Click counts move while the page is closed: a visit shows fresh numbers (5 s spares the prefetch).
      staleTime: 5_000,
      // Offline, a promoter can still open, copy and share their links.
      ...persistedQuery,
    }),
  /** /promotion/2: the demand tasks the promoter claimed. */
  myDou: (viewer: number) =>
    infiniteQueryOptions({
      queryKey: promotionKeys.myDou(viewer),
      queryFn: ({ pageParam, signal }) =>
        api.post(
          '/doucps/mydemandlist',
          { number: pageParam, size: PAGE_SIZE },
          { schema: myDemandPageSchema, signal, silent: true },
        ),
      initialPageParam: 0,
      getNextPageParam: nextPage,
      getPreviousPageParam: previousPageParam,
      maxPages: MAX_PAGES_IN_MEMORY,
      staleTime: 5_000,
      ...persistedQuery,
    }),
};
