import { z } from 'zod/mini';

export const PAGE_SIZE = 50;

/** Every list request's paging (DESIGN.md section 3): pages from 0, at most 50 a page; lists extend it. */
export const pageRequestSchema = z.object({
  number: z._default(z.int({ error: 'invalid_type' }).check(z.gte(0, 'invalid_type')), 0),
  size: z._default(
    z.int({ error: 'invalid_type' }).check(z.gte(1, 'invalid_type'), z.lte(PAGE_SIZE, 'too_long')),
    PAGE_SIZE,
  ),
});
export type PageRequest = z.input<typeof pageRequestSchema>;

/** A page of a list answer (DESIGN.md section 3). */
export interface Page<T> {
  content: T[];
  totalPages: number;
  number: number;
  totalElements: number;
}

export const pageSchema = <T extends z.ZodMiniType>(item: T) =>
  z.object({
    content: z.array(item),
    totalPages: z.int().check(z.nonnegative()),
    number: z.int().check(z.nonnegative()),
    totalElements: z.int().check(z.nonnegative()),
  });
