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

  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => estimateSize,
    overscan: 6,
    scrollMargin,
    getItemKey: (index) => {
      const item = items[index];
      return item === undefined ? index : itemKey(item);
    },
  });

  const more = useRef({ hasMore, loadingMore, onLoadMore });
  more.current = { hasMore, loadingMore, onLoadMore };

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

  const rows = virtualizer.getVirtualItems();
  return (
    <>
      <ul
        ref={listRef}
        className="virtual-list"
        aria-label={label}
        style={{ height: virtualizer.getTotalSize() }}
      >
        {rows.map((row) => {
          const item = items[row.index];
          if (item === undefined) return null;
          return (
            <li
              key={row.key}
              ref={virtualizer.measureElement}
              data-index={row.index}
              aria-setsize={hasMore ? -1 : items.length}
              aria-posinset={row.index + 1}
              className="virtual-list__row"
              style={{ transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` }}
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
