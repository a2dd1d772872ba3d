import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { MAX_PAGES_IN_MEMORY, pagedQueryOptions, pagedWindow, previousPageParam } from '#lib/paging';

const SIZE = 50;
const TOTAL = 320;
const page = (number: number) => ({
  content: Array.from(
    { length: Math.max(0, Math.min(SIZE, TOTAL - number * SIZE)) },
    (_, i) => number * SIZE + i,
  ),
  number,
  totalPages: Math.ceil(TOTAL / SIZE),
  totalElements: TOTAL,
});

describe('paged window', () => {
  it('places every kept row at its position in the whole list', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 1, max: 4 }), (first, kept) => {
        const pages = Array.from({ length: Math.min(kept, 7 - first) }, (_, i) => page(first + i));
        const { items, offset, total } = pagedWindow(pages, SIZE);
        expect(offset).toBe(first * SIZE);
        expect(total).toBe(TOTAL);
        expect(items).toEqual(items.map((_, i) => offset + i));
      }),
    );
  });

  it('is empty before the first answer', () => {
    expect(pagedWindow(undefined, SIZE)).toEqual({ items: [], offset: 0, total: 0 });
  });

  it('asks for the page before the first kept one, down to page 0', () => {
    expect(previousPageParam({ number: 3 })).toBe(2);
    expect(previousPageParam({ number: 0 })).toBeUndefined();
  });
});

describe('an infinite list with maxPages', () => {
  async function scrolledList() {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const queryFn = vi.fn(async ({ pageParam }: { pageParam: number }) => page(pageParam));
    const observer = new InfiniteQueryObserver(
      client,
      pagedQueryOptions({ queryKey: ['list'], queryFn, windowed: true }),
    );
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true));
    for (let i = 1; i < 7; i++) await observer.fetchNextPage();
    return { observer, queryFn, unsubscribe };
  }

  it('keeps at most a few pages after scrolling through all seven', async () => {
    const { observer, unsubscribe } = await scrolledList();
    const pages = observer.getCurrentResult().data?.pages ?? [];
    expect(pages.map((p) => p.number)).toEqual([3, 4, 5, 6]);
    expect(observer.getCurrentResult().hasPreviousPage).toBe(true);
    unsubscribe();
  });

  it('brings earlier pages back when scrolling up', async () => {
    const { observer, unsubscribe } = await scrolledList();
    await observer.fetchPreviousPage();
    expect(observer.getCurrentResult().data?.pages.map((p) => p.number)).toEqual([2, 3, 4, 5]);
    unsubscribe();
  });

  it('refetches at most maxPages pages', async () => {
    const { observer, queryFn, unsubscribe } = await scrolledList();
    queryFn.mockClear();
    await observer.refetch();
    expect(queryFn.mock.calls.length).toBeLessThanOrEqual(MAX_PAGES_IN_MEMORY);
    unsubscribe();
  });
});
