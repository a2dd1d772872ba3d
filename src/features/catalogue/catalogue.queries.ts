import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
} from '@tanstack/react-query';
import { appCardViewSchema } from '../../contract/appcard';
import {
  type Demand,
  demandNewestSchema,
  demandPageSchema,
  NEWEST_STRIP_SIZE,
  type WxApp,
  wxAppPageSchema,
  wxAppSchema,
  wxNewestSchema,
} from '../../contract/catalogue';
import { PAGE_SIZE } from '../../contract/paging';
import { api, logFailure } from '../../lib/api-client';
import { MAX_PAGES_IN_MEMORY, previousPageParam } from '../../lib/paged-window';
import { queryClient as appQueryClient, persistedQuery } from '../../lib/query-client';
import { CATALOGUE_QUERY_ROOT, PROMOTION_QUERY_ROOT } from '../../lib/query-keys';

/** The home tabs: catalogue 1 (mini-games), catalogue 2 (demand tasks); 3 exists in the spec but shows 'coming soon'. */
export type CatalogueTab = 1 | 2 | 3;

/** What a list depends on; any change starts again from page 0 (spec section 4). `viewer` is the uid, 0 logged out. */
export interface WxListFilters {
  category: string;
  search: string;
  viewer: number;
}
export interface DemandListFilters {
  search: string;
  viewer: number;
}

type Page<T> = { content: T[]; totalPages: number; number: number; totalElements: number };

/** Pages start at 0 and end at totalPages - 1. */
export const nextPageParam = (last: Pick<Page<unknown>, 'number' | 'totalPages'>): number | undefined =>
  last.number + 1 < last.totalPages ? last.number + 1 : undefined;

const logged =
  (what: string) =>
  (error: unknown): never => {
    // Spec section 8: list load errors are logged only.
    logFailure(what, error);
    throw error;
  };

export const catalogueKeys = {
  all: CATALOGUE_QUERY_ROOT,
  wx: [...CATALOGUE_QUERY_ROOT, 'wx'] as const,
  dou: [...CATALOGUE_QUERY_ROOT, 'dou'] as const,
  wxList: (filters: WxListFilters) => [...CATALOGUE_QUERY_ROOT, 'wx', 'list', filters] as const,
  douList: (filters: DemandListFilters) => [...CATALOGUE_QUERY_ROOT, 'dou', 'list', filters] as const,
  wxNewest: (viewer: number) => [...CATALOGUE_QUERY_ROOT, 'wx', 'newest', viewer] as const,
  wxDetail: (id: number, viewer: number) => [...CATALOGUE_QUERY_ROOT, 'wx', 'detail', id, viewer] as const,
  douNewest: (viewer: number) => [...CATALOGUE_QUERY_ROOT, 'dou', 'newest', viewer] as const,
  appCard: (viewer: number) => [...CATALOGUE_QUERY_ROOT, 'appcard', viewer] as const,
};

export const catalogueQueries = {
  /** Catalogue 1; the signal drops a superseded answer when the filters change mid-flight. */
  wxList: (filters: WxListFilters) =>
    infiniteQueryOptions({
      queryKey: catalogueKeys.wxList(filters),
      queryFn: ({ pageParam, signal }) =>
        api
          .post(
            '/wxcps/applist',
            {
              number: pageParam,
              size: PAGE_SIZE,
              category_2_name: filters.category,
              appname: filters.search,
            },
            { schema: wxAppPageSchema, signal, silent: true },
          )
          .catch(logged('wxcps/applist')),
      initialPageParam: 0,
      getNextPageParam: nextPageParam,
      getPreviousPageParam: previousPageParam,
      maxPages: MAX_PAGES_IN_MEMORY,
      // Launch paints the unfiltered list; a search or a category is the user's, asked of the network.
      ...(filters.category === '' && filters.search === '' ? persistedQuery : {}),
    }),
  /**
   * One mini-game (the detail page). A copy in a loaded list or strip paints at once and is as fresh
   * as that list; opened cold (e.g. after a reload) the page waits for the server. Silent: the page
   * shows a 404 as "no such game" and any other failure with a retry.
   */
  wxDetail: (id: number, viewer: number) =>
    queryOptions({
      queryKey: catalogueKeys.wxDetail(id, viewer),
      queryFn: ({ signal }) =>
        api.post('/wxcps/detail', { id }, { schema: wxAppSchema, signal, silent: true }),
      initialData: () => findCachedWxAppEntry(appQueryClient, id)?.app,
      initialDataUpdatedAt: () => findCachedWxAppEntry(appQueryClient, id)?.updatedAt,
    }),
  douList: (filters: DemandListFilters) =>
    infiniteQueryOptions({
      queryKey: catalogueKeys.douList(filters),
      queryFn: ({ pageParam, signal }) =>
        api
          .post(
            '/doucps/demandlist',
            { number: pageParam, size: PAGE_SIZE, demandName: filters.search },
            { schema: demandPageSchema, signal, silent: true },
          )
          .catch(logged('doucps/demandlist')),
      initialPageParam: 0,
      getNextPageParam: nextPageParam,
      getPreviousPageParam: previousPageParam,
      maxPages: MAX_PAGES_IN_MEMORY,
      ...(filters.search === '' ? persistedQuery : {}),
    }),
  wxNewest: (viewer: number) =>
    queryOptions({
      queryKey: catalogueKeys.wxNewest(viewer),
      queryFn: ({ signal }) =>
        api
          .post(
            '/wxcps/lastapplist',
            { number: 0, size: NEWEST_STRIP_SIZE },
            { schema: wxNewestSchema, signal, silent: true },
          )
          .catch(logged('wxcps/lastapplist')),
      ...persistedQuery,
    }),
  douNewest: (viewer: number) =>
    queryOptions({
      queryKey: catalogueKeys.douNewest(viewer),
      queryFn: ({ signal }) =>
        api
          .post(
            '/doucps/lastapplist',
            { number: 0, size: NEWEST_STRIP_SIZE },
            { schema: demandNewestSchema, signal, silent: true },
          )
          .catch(logged('doucps/lastapplist')),
      ...persistedQuery,
    }),
  /** The promoter's short-video account card (null until they add one). */
  appCard: (viewer: number) =>
    queryOptions({
      queryKey: catalogueKeys.appCard(viewer),
      queryFn: ({ signal }) => api.get('/appcard/view', {}, { schema: appCardViewSchema, signal }),
    }),
};

function isPageData<T>(value: unknown): value is InfiniteData<Page<T>> {
  return typeof value === 'object' && value !== null && Array.isArray((value as { pages?: unknown }).pages);
}

/**
 * Applies `patch` to every cached copy of the items `match` picks, in lists (pages), strips (arrays)
 * and details (one item) alike, so an apply shows everywhere at once without a reload.
 */
export function patchCachedItems<T extends object>(
  queryClient: QueryClient,
  root: readonly unknown[],
  match: (item: T) => boolean,
  patch: Partial<T>,
): void {
  const update = (item: T): T => (match(item) ? { ...item, ...patch } : item);
  queryClient.setQueriesData<unknown>({ queryKey: root }, (data: unknown) => {
    if (Array.isArray(data)) return (data as T[]).map(update);
    if (isPageData<T>(data)) {
      return { ...data, pages: data.pages.map((page) => ({ ...page, content: page.content.map(update) })) };
    }
    if (typeof data === 'object' && data !== null) return update(data as T);
    return data;
  });
}

const isWxApp = (item: unknown): item is WxApp =>
  typeof item === 'object' && item !== null && 'appid' in item && 'id' in item;

/**
 * A mini-game by id from whatever lists are cached (the catalogue lists and strips, and the promoter's
 * own links), with when that list was loaded.
 */
function findCachedWxAppEntry(
  queryClient: QueryClient,
  id: number,
): { app: WxApp; updatedAt: number } | undefined {
  for (const root of [catalogueKeys.wx, PROMOTION_QUERY_ROOT]) {
    for (const query of queryClient.getQueryCache().findAll({ queryKey: root })) {
      const data: unknown = query.state.data;
      const items: unknown[] = Array.isArray(data)
        ? data
        : isPageData<unknown>(data)
          ? data.pages.flatMap((page) => page.content)
          : [];
      const found = items.find((item): item is WxApp => isWxApp(item) && item.id === id);
      if (found) return { app: found, updatedAt: query.state.dataUpdatedAt };
    }
  }
  return undefined;
}

/** A mini-game by id from whatever lists are cached, so its detail page paints without waiting. */
export const findCachedWxApp = (queryClient: QueryClient, id: number): WxApp | undefined =>
  findCachedWxAppEntry(queryClient, id)?.app;

export type { Demand, WxApp };
