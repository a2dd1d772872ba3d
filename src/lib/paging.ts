import type { Page } from '#contract/paging';

/** getNextPageParam of every infinite list: the next page number, until the last page. */
export const nextPageParam = (last: Pick<Page<unknown>, 'number' | 'totalPages'>): number | undefined =>
  last.number + 1 < last.totalPages ? last.number + 1 : undefined;
