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
 * Infinite lists keep a few pages in memory (`maxPages`): the window they hold starts at the first
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

/** Pages before the first kept one, back to page 0. */
export const previousPageParam = (first: { number: number }): number | undefined =>
  first.number > 0 ? first.number - 1 : undefined;

/** How many pages an infinite list keeps in memory; a refetch asks for at most this many. */
export const MAX_PAGES_IN_MEMORY = 4;
