import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryKey,
  type UseInfiniteQueryOptions,
} from '@tanstack/react-query';
import type { Page } from '#contract/paging';

/** Where a page stands in its list: what the next and previous page numbers are read from. */
type PagePosition = Pick<Page<unknown>, 'number' | 'totalPages'>;

/** A list answer: a page (DESIGN.md section 3), or an object carrying one as `page` (the agent's lists). */
type PagedAnswer = PagePosition | { page: PagePosition };

const positionOf = (answer: PagedAnswer): PagePosition => ('page' in answer ? answer.page : answer);

/** The next page number, until the last page. */
export const nextPageParam = (last: PagePosition): number | undefined =>
  last.number + 1 < last.totalPages ? last.number + 1 : undefined;

/** Pages before the first kept one, back to page 0. */
export const previousPageParam = (first: { number: number }): number | undefined =>
  first.number > 0 ? first.number - 1 : undefined;

/** How many pages a windowed list keeps in memory; a refetch asks for at most this many. */
export const MAX_PAGES_IN_MEMORY = 4;

type PagedQueryInput<TAnswer, TKey extends QueryKey> = Omit<
  UseInfiniteQueryOptions<TAnswer, Error, InfiniteData<TAnswer, number>, TKey, number>,
  'queryKey' | 'queryFn' | 'initialPageParam' | 'getNextPageParam' | 'getPreviousPageParam' | 'maxPages'
> & {
  queryKey: TKey;
  queryFn: (context: { pageParam: number; signal: AbortSignal }) => Promise<TAnswer>;
  /**
   * Keep only MAX_PAGES_IN_MEMORY pages and page back as the list scrolls up: a long list shown through
   * `pagedWindow` (ui/paged-virtual-list.tsx). Without it every loaded page stays, from page 0.
   */
  windowed?: boolean;
};

/**
 * Every infinite list's query: pages numbered from 0, the next one until the last page, and (windowed) a
 * few pages kept, the earlier ones asked again when scrolling back.
 */
export function pagedQueryOptions<TAnswer extends PagedAnswer, TKey extends QueryKey>({
  windowed = false,
  ...options
}: PagedQueryInput<TAnswer, TKey>) {
  return infiniteQueryOptions({
    ...options,
    initialPageParam: 0,
    getNextPageParam: (last: TAnswer) => nextPageParam(positionOf(last)),
    ...(windowed
      ? {
          getPreviousPageParam: (first: TAnswer) => previousPageParam(positionOf(first)),
          maxPages: MAX_PAGES_IN_MEMORY,
        }
      : {}),
  });
}

/** A page of a paged list as the server sends it (pages numbered from 0). */
export interface PageOf<T> {
  content: readonly T[];
  number: number;
  totalElements: number;
}

/** The pages an infinite query keeps in memory, placed in the whole list. */
export interface PagedWindow<T> {
  /** The loaded rows, in order. */
  items: T[];
  /** Position of `items[0]` in the whole list. */
  offset: number;
  /** Length of the whole list, as the newest page tells it (never less than what is loaded). */
  total: number;
}

/**
 * Windowed lists keep a few pages in memory (`maxPages`): the window they hold starts at the first
 * kept page, not at 0. Rows are placed by their position in the whole list, so dropping or bringing
 * back a page never moves the rows on screen.
 */
export function pagedWindow<T>(pages: readonly PageOf<T>[] | undefined, pageSize: number): PagedWindow<T> {
  const first = pages?.[0];
  if (!pages || !first) return { items: [], offset: 0, total: 0 };
  const items = pages.flatMap((page) => [...page.content]);
  const offset = first.number * pageSize;
  const last = pages[pages.length - 1] ?? first;
  return { items, offset, total: Math.max(last.totalElements, offset + items.length) };
}
