import { queryOptions } from '@tanstack/react-query';
import { tokenLoginResponseSchema } from '../../contract/auth';
import { api } from '../../lib/api-client';
import { persistedQuery } from '../../lib/query-client';
import { getToken, type MeData, USER_QUERY_KEY } from '../../lib/session';

export const userQueries = {
  /** The logged-in user, from the stored token (spec section 7: /cplogin/tokenLogin). */
  me: () =>
    queryOptions({
      queryKey: USER_QUERY_KEY,
      queryFn: async ({ signal }): Promise<MeData> =>
        api.post(
          '/cplogin/tokenLogin',
          { token: getToken() ?? '' },
          { schema: tokenLoginResponseSchema, signal },
        ),
      staleTime: 5 * 60_000,
      ...persistedQuery,
    }),
};
