import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** Spec section 9: the next page loads when the user is within 50 px of the bottom. */
export const LOAD_MORE_THRESHOLD_PX = 50;

export interface VirtualListProps<T> {
  items: readonly T[];
  itemKey: (item: T) => string | number;
  renderItem: (item: T, index: number) => ReactNode;
  /** A close guess of one row's height; rows are measured once rendered. */
  estimateSize: number;
  label: string;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  /** Shown under the rows: a spinner while loading more, the end of the list... */
  footer?: ReactNode;
  /**
   * A window of a longer list (infinite queries with `maxPages`): `items[0]` sits at `offset`, the whole
   * list has `total` rows, and rows outside the window show as placeholders until their page is back.
   */
  offset?: number;
  total?: number;
  hasPrevious?: boolean;
  loadingPrevious?: boolean;
  onLoadPrevious?: () => void;
}

/** Near enough to the bottom of the page to ask for the next page. */
export function isNearBottom(
  scrollY: number,
  viewportHeight: number,
  documentHeight: number,
  threshold = LOAD_MORE_THRESHOLD_PX,
): boolean {
  return scrollY + viewportHeight >= documentHeight - threshold;
}

/**
 * A list virtualized against the window scroll: only the rows near the viewport are in the DOM, so
 * the page stays small however far the user scrolls; the next page loads near the bottom.
 */
export function VirtualList<T>({
  items,
  itemKey,
  renderItem,
  estimateSize,
  label,
  hasMore,
  loadingMore,
  onLoadMore,
  footer,
  offset = 0,
  total,
  hasPrevious = false,
  loadingPrevious = false,
  onLoadPrevious,
}: VirtualListProps<T>) {
  const listRef = useRef<HTMLUListElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);

  // Content above the list (banners, notices, the strip) may grow after it loads: follow its offset.
  useLayoutEffect(() => {
    const measure = () => {
      const node = listRef.current;
      if (!node) return;
      const top = Math.round(node.getBoundingClientRect().top + window.scrollY);
      setScrollMargin((previous) => (previous === top ? previous : top));
    };
    measure();
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const count = Math.max(total ?? 0, offset + items.length);
  const itemAt = (index: number): T | undefined => items[index - offset];
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => estimateSize,
    overscan: 6,
    scrollMargin,
    getItemKey: (index) => {
      const item = itemAt(index);
      return item === undefined ? `placeholder-${index}` : itemKey(item);
    },
  });

  const more = useRef({ hasMore, loadingMore, onLoadMore });
  more.current = { hasMore, loadingMore, onLoadMore };

  const rows = virtualizer.getVirtualItems();
  const firstShown = rows[0]?.index ?? 0;
  const lastShown = rows[rows.length - 1]?.index ?? 0;
  // Rows of pages no longer in memory came into view: bring the neighbouring page back.
  useEffect(() => {
    if (items.length === 0) return;
    if (firstShown < offset && hasPrevious && !loadingPrevious) onLoadPrevious?.();
    else if (lastShown >= offset + items.length && hasMore && !loadingMore) onLoadMore();
  }, [
    firstShown,
    lastShown,
    offset,
    items.length,
    hasPrevious,
    loadingPrevious,
    hasMore,
    loadingMore,
    onLoadPrevious,
    onLoadMore,
  ]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page or a finished load may leave the bottom in view, so check again
  useEffect(() => {
    const check = () => {
      const state = more.current;
      if (!state.hasMore || state.loadingMore) return;
      if (isNearBottom(window.scrollY, window.innerHeight, document.documentElement.scrollHeight)) {
        state.onLoadMore();
      }
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [items.length, loadingMore, hasMore]);

  return (
    <>
      <ul
        ref={listRef}
        className="virtual-list"
        aria-label={label}
        style={{ height: virtualizer.getTotalSize() }}
      >
        {rows.map((row) => {
          const item = itemAt(row.index);
          const style = { transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` };
          if (item === undefined) {
            return (
              <li
                key={row.key}
                ref={virtualizer.measureElement}
                data-index={row.index}
                aria-hidden="true"
                className="virtual-list__row virtual-list__row--placeholder"
                style={style}
              >
                <div className="skeleton virtual-list__placeholder" style={{ height: estimateSize - 16 }} />
              </li>
            );
          }
          return (
            <li
              key={row.key}
              ref={virtualizer.measureElement}
              data-index={row.index}
              aria-setsize={total ?? (hasMore ? -1 : items.length)}
              aria-posinset={row.index + 1}
              className="virtual-list__row"
              style={style}
            >
              {renderItem(item, row.index)}
            </li>
          );
        })}
      </ul>
      {footer}
    </>
  );
}
