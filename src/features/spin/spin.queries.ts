import { queryOptions } from '@tanstack/react-query';
import { spinStateCall } from '#contract/spin';
import { api } from '#lib/api-client';

export const spinKeys = {
  all: ['spin'] as const,
  state: () => ['spin', 'state'] as const,
};

export const spinQueries = {
  /** The run, today's spin, the prize table and the player's follow-ups. `silent` for the /my entry. */
  state: (silent = false) =>
    queryOptions({
      queryKey: spinKeys.state(),
      queryFn: ({ signal }) => api.call(spinStateCall, {}, { signal, silent }),
      staleTime: 30_000,
    }),
};
