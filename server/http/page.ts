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
