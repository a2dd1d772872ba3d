import type { Page } from '#contract/paging';

/** The wire's page answer (DESIGN.md section 3): one builder for every list. */
export const pageOf = <T>(content: T[], total: number, number: number, size: number): Page<T> => ({
  content,
  totalPages: Math.ceil(total / size),
  number,
  totalElements: total,
});

/** Rows to skip for page `number` of `size`. */
export const offsetOf = (page: { number: number; size: number }): number => page.number * page.size;

/**
 * Page `number` of `size` read by `read` (from its offset) with the total, its rows shaped for the answer
 * by `shape` (a console list: the repository's rows, then their wire form).
 */
export async function readPage<R, T>(
  page: { number: number; size: number },
  read: (offset: number, size: number) => Promise<{ rows: R[]; total: number }>,
  shape: (rows: R[]) => T[] | Promise<T[]>,
): Promise<Page<T>> {
  const { rows, total } = await read(offsetOf(page), page.size);
  return pageOf(await shape(rows), total, page.number, page.size);
}
