import type { AnyUseInfiniteQueryOptions, AnyUseQueryOptions, QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';

/** A record's id as paths carry it: a positive integer without leading zeros. */
const NUMERIC_ID = /^[1-9]\d{0,15}$/;

/**
 * The numeric id of a path (/GameDetail/15, /WithdrawStep/3, /notices/7, ...); undefined stays undefined
 * for an optional segment ({-$id}). Anything else is a page that does not exist, never a request for id
 * NaN; so is an id past what a number holds exactly.
 */
export function parseIdParam(id: string): number;
export function parseIdParam(id: string | undefined): number | undefined;
export function parseIdParam(id: string | undefined): number | undefined {
  if (id === undefined) return undefined;
  const value = Number(id);
  if (!NUMERIC_ID.test(id) || !Number.isSafeInteger(value)) throw notFound();
  return value;
}

/**
 * A route's `params` option for a numeric `$id`: the router parses the path before any beforeLoad or
 * loader runs, so they and the page read a number; a bad id throws notFound() from the parse, which the
 * router treats as it did when beforeLoad threw it (the not-found page). Links pass the number.
 */
export const idParams = {
  parse: ({ id }: { id: string }): { id: number } => ({ id: parseIdParam(id) }),
  stringify: ({ id }: { id: number }): { id: string } => ({ id: String(id) }),
};

/** The same for an optional `{-$id}` segment: no id (a new record) stays undefined. */
export const optionalIdParams = {
  parse: ({ id }: { id?: string }): { id?: number } => ({ id: parseIdParam(id) }),
  stringify: ({ id }: { id?: number }): { id?: string } => ({
    id: id === undefined ? undefined : String(id),
  }),
};

export type Prefetchable = AnyUseQueryOptions | AnyUseInfiniteQueryOptions;

const isInfinite = (options: Prefetchable): options is AnyUseInfiniteQueryOptions =>
  'initialPageParam' in options;

/**
 * A loader's prefetch: puts what the page reads into the cache, all at once. A failure is left to the
 * page, which reads the same query and shows its own empty or error state (and the api client says why).
 */
export async function prefetch(
  context: { queryClient: QueryClient },
  ...queries: readonly Prefetchable[]
): Promise<void> {
  const { queryClient } = context;
  await Promise.all(
    queries.map((options) =>
      (isInfinite(options)
        ? queryClient.ensureInfiniteQueryData(options)
        : queryClient.ensureQueryData(options)
      ).catch(() => undefined),
    ),
  );
}
