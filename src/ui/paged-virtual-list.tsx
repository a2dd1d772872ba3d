import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { PAGE_SIZE } from '#contract/paging';
import { type PageOf, pagedWindow } from '#lib/paging';
import { SkeletonRows } from './skeleton';
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

type RowProps<T> = Pick<VirtualListProps<T>, 'itemKey' | 'renderItem' | 'estimateSize' | 'label'>;

interface PagedVirtualListProps<T> extends RowProps<T> {
  list: PagedQuery<T>;
  /** Shown until the first page is in; five skeleton rows unless the list says otherwise. */
  pending?: ReactNode;
  /** Shown when the list has no rows. */
  empty: ReactNode;
  /** Under the last row; by default "Loading" while the next page comes, "That's everything" at the end. */
  footer?: ReactNode;
}

/**
 * A paged list of the server's (50 rows a page) as one virtualized list: the pages the query keeps in
 * memory placed in the whole list, earlier and later pages fetched as their rows come into view.
 */
export function PagedVirtualList<T>({ list, pending, empty, footer, ...rows }: PagedVirtualListProps<T>) {
  const { t } = useLingui();
  const paged = pagedWindow(list.data?.pages, PAGE_SIZE);
  if (list.isPending) return pending ?? <SkeletonRows label={t`Loading`} count={5} />;
  if (paged.items.length === 0) return empty;
  return (
    <VirtualList
      {...rows}
      footer={
        footer ?? (
          <p className="list-footer" role={list.isFetchingNextPage ? 'status' : undefined}>
            {list.isFetchingNextPage ? t`Loading` : !list.hasNextPage ? t`That's everything` : ''}
          </p>
        )
      }
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
