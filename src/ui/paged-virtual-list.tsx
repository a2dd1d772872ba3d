import type { ReactNode } from 'react';
import { PAGE_SIZE } from '#contract/paging';
import { type PageOf, pagedWindow } from '#lib/paging';
import { VirtualList, type VirtualListProps } from './virtual-list';

/** What the list needs of an infinite query over the server's pages (its `useInfiniteQuery` result). */
export interface PagedQuery<T> {
  data: { pages: readonly PageOf<T>[] } | undefined;
  isPending: boolean;
  hasPreviousPage: boolean;
  isFetchingPreviousPage: boolean;
  fetchPreviousPage: () => unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

type RowProps<T> = Pick<VirtualListProps<T>, 'itemKey' | 'renderItem' | 'estimateSize' | 'label' | 'footer'>;

interface PagedVirtualListProps<T> extends RowProps<T> {
  list: PagedQuery<T>;
  /** Shown until the first page is in. */
  pending: ReactNode;
  /** Shown when the list has no rows. */
  empty: ReactNode;
}

/**
 * A paged list of the server's (50 rows a page) as one virtualized list: the pages the query keeps in
 * memory placed in the whole list, earlier and later pages fetched as their rows come into view.
 */
export function PagedVirtualList<T>({ list, pending, empty, ...rows }: PagedVirtualListProps<T>) {
  const paged = pagedWindow(list.data?.pages, PAGE_SIZE);
  if (list.isPending) return pending;
  if (paged.items.length === 0) return empty;
  return (
    <VirtualList
      {...rows}
      items={paged.items}
      offset={paged.offset}
      total={paged.total}
      hasPrevious={list.hasPreviousPage}
      loadingPrevious={list.isFetchingPreviousPage}
      onLoadPrevious={() => void list.fetchPreviousPage()}
      hasMore={list.hasNextPage}
      loadingMore={list.isFetchingNextPage}
      onLoadMore={() => void list.fetchNextPage()}
    />
  );
}
