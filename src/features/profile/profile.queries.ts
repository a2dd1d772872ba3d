import { queryOptions } from '@tanstack/react-query';
import { levelTutorialCall } from '#contract/vip';
import { api } from '#lib/api-client';

export const profileKeys = {
  all: ['profile'] as const,
  levels: () => ['profile', 'levels'] as const,
};

export const profileQueries = {
  /** The level tutorial: every level with its benefits, and where the user stands. */
  levels: () =>
    queryOptions({
      queryKey: profileKeys.levels(),
      queryFn: () => api.call(levelTutorialCall, {}),
    }),
};
