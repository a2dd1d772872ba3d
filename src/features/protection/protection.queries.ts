import { queryOptions } from '@tanstack/react-query';
import { historyCall, protectionStateCall } from '#contract/protection';
import { api } from '#lib/api-client';

export const protectionKeys = {
  all: ['protection'] as const,
  /** Limits (with what is used of them), a time-out or self-exclusion, the reality-check interval. */
  state: () => ['protection', 'state'] as const,
  history: () => ['protection', 'history'] as const,
};

export const protectionQueries = {
  state: () =>
    queryOptions({
      queryKey: protectionKeys.state(),
      queryFn: ({ signal }) => api.call(protectionStateCall, {}, { signal }),
      staleTime: 15_000,
    }),
  history: () =>
    queryOptions({
      queryKey: protectionKeys.history(),
      queryFn: ({ signal }) => api.call(historyCall, {}, { signal }),
      staleTime: 60_000,
    }),
};
