import { z } from 'zod';

export const PAGE_SIZE = 50;

export const pageRequestSchema = z.object({
  number: z.number().int().min(0).default(0),
  size: z.number().int().min(1).max(PAGE_SIZE).default(PAGE_SIZE),
});

export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    content: z.array(item),
    totalPages: z.number().int().nonnegative(),
    number: z.number().int().nonnegative(),
    totalElements: z.number().int().nonnegative(),
  });
