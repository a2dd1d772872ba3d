import { z } from 'zod/mini';

export const PAGE_SIZE = 50;

export const pageRequestSchema = z.object({
  number: z._default(z.int().check(z.gte(0)), 0),
  size: z._default(z.int().check(z.gte(1), z.lte(PAGE_SIZE)), PAGE_SIZE),
});

export const pageSchema = <T extends z.ZodMiniType>(item: T) =>
  z.object({
    content: z.array(item),
    totalPages: z.int().check(z.nonnegative()),
    number: z.int().check(z.nonnegative()),
    totalElements: z.int().check(z.nonnegative()),
  });
