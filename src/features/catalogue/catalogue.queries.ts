import { type InfiniteData, type QueryClient, queryOptions } from '@tanstack/react-query';
import { appCardViewCall } from '#contract/appcard';
import { type Demand, type WxApp, wxDetailCall } from '#contract/catalogue';
import type { Page } from '#contract/paging';
import { api } from '#lib/api-client';
import { pagedQueryOptions } from '#lib/paging';
import { queryClient as appQueryClient, persistedQuery } from '#lib/query-client';
import { CATALOGUE_QUERY_ROOT, PROMOTION_QUERY_ROOT } from '#lib/query-keys';
import {
  type Catalogue,
  type CatalogueItem,
  type DemandListFilters,
  demandCatalogue,
  type WxListFilters,
  wxCatalogue,
} from './catalogues';

/** The home tabs: catalogue 1 (mini-games), catalogue 2 (demand tasks); 3 exists in the spec but shows 'coming soon'. */
export type CatalogueTab = 1 | 2 | 3;

export type { DemandListFilters, WxListFilters };

/**
 * Items come with their names and intros in the request's language (Accept-Language, the active locale),
 * so every key of items ends with the locale: a change of language asks again, and a persisted answer
 * is never shown in another language.
 */
export const catalogueKeys = {
  all: CATALOGUE_QUERY_ROOT,
  wx: [...CATALOGUE_QUERY_ROOT, 'wx'] as const,
  dou: [...CATALOGUE_QUERY_ROOT, 'dou'] as const,
  wxList: (filters: WxListFilters, locale: string) =>
    [...CATALOGUE_QUERY_ROOT, 'wx', 'list', filters, locale] as const,
  douList: (filters: DemandListFilters, locale: string) =>
    [...CATALOGUE_QUERY_ROOT, 'dou', 'list', filters, locale] as const,
  wxNewest: (viewer: number, locale: string) =>
    [...CATALOGUE_QUERY_ROOT, 'wx', 'newest', viewer, locale] as const,
  wxDetail: (id: number, viewer: number, locale: string) =>
    [...CATALOGUE_QUERY_ROOT, 'wx', 'detail', id, viewer, locale] as const,
  douNewest: (viewer: number, locale: string) =>
    [...CATALOGUE_QUERY_ROOT, 'dou', 'newest', viewer, locale] as const,
  appCard: (viewer: number) => [...CATALOGUE_QUERY_ROOT, 'appcard', viewer] as const,
};

/** Launch paints the unfiltered list; a search or a category is the user's, asked of the network. */
const unfiltered = (filters: object): boolean =>
  Object.entries(filters).every(([name, value]) => name === 'viewer' || value === '');

/** A catalogue's list; the signal drops a superseded answer when the filters change mid-flight. */
export const listQuery =
  <Item extends CatalogueItem, Filters extends object>(
    kind: Catalogue<Item, unknown, Filters, { link: string }>,
  ) =>
  (filters: Filters, locale: string) =>
    pagedQueryOptions({
      queryKey: [...CATALOGUE_QUERY_ROOT, kind.name, 'list', filters, locale] as const,
      queryFn: ({ pageParam, signal }) => kind.list(filters, pageParam, signal),
      windowed: true,
      ...(unfiltered(filters) ? persistedQuery : {}),
    });

/** A catalogue's newest strip, kept for the next launch. */
export const newestQuery =
  <Item extends CatalogueItem>(kind: Catalogue<Item, unknown, never, { link: string }>) =>
  (viewer: number, locale: string) =>
    queryOptions({
      queryKey: [...CATALOGUE_QUERY_ROOT, kind.name, 'newest', viewer, locale] as const,
      queryFn: ({ signal }) => kind.newest(signal),
      ...persistedQuery,
    });

export const catalogueQueries = {
  wxList: listQuery(wxCatalogue),
  douList: listQuery(demandCatalogue),
  wxNewest: newestQuery(wxCatalogue),
  douNewest: newestQuery(demandCatalogue),
  /**
   * One mini-game (the detail page). A copy in a loaded list or strip paints at once and is as fresh
   * as that list; opened cold (e.g. after a reload) the page waits for the server. Silent: the page
   * shows a 404 as "no such game" and any other failure with a retry.
   */
  wxDetail: (id: number, viewer: number, locale: string) =>
    queryOptions({
      queryKey: catalogueKeys.wxDetail(id, viewer, locale),
      queryFn: ({ signal }) => api.call(wxDetailCall, { id }, { signal, silent: true }),
      initialData: () => findCachedWxAppEntry(appQueryClient, id)?.app,
      initialDataUpdatedAt: () => findCachedWxAppEntry(appQueryClient, id)?.updatedAt,
    }),
  /** The promoter's short-video account card (null until they add one). */
  appCard: (viewer: number) =>
    queryOptions({
      queryKey: catalogueKeys.appCard(viewer),
      queryFn: ({ signal }) => api.call(appCardViewCall, {}, { signal }),
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

/** The items of a cached answer: a list, an infinite list's pages, or (with `detail`) one item alone. */
function cachedItems(data: unknown, detail: boolean): unknown[] {
  if (Array.isArray(data)) return data;
  if (isPageData<unknown>(data)) return data.pages.flatMap((page) => page.content);
  return detail && typeof data === 'object' && data !== null ? [data] : [];
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
      const found = cachedItems(query.state.data, false).find(
        (item): item is WxApp => isWxApp(item) && item.id === id,
      );
      if (found) return { app: found, updatedAt: query.state.dataUpdatedAt };
    }
  }
  return undefined;
}

/** A mini-game by id from whatever lists are cached, so its detail page paints without waiting. */
export const findCachedWxApp = (queryClient: QueryClient, id: number): WxApp | undefined =>
  findCachedWxAppEntry(queryClient, id)?.app;

export type { Demand, WxApp };

/** The first cached copy of an item `match` picks, in the lists, strips and details under `root`. */
export function findCachedItem<T>(
  queryClient: QueryClient,
  root: readonly unknown[],
  match: (item: T) => boolean,
): T | undefined {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: root })) {
    const found = cachedItems(query.state.data, true).find(
      (item) => typeof item === 'object' && item !== null && match(item as T),
    );
    if (found) return found as T;
  }
  return undefined;
}
