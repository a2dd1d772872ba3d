import { queryOptions } from '@tanstack/react-query';
import { tokenLoginCall } from '#contract/auth';
import { api } from '#lib/api-client';
import { persistedQuery } from '#lib/query-client';
import { getToken, type MeData, USER_QUERY_KEY } from '#lib/session';

export const userQueries = {
  /** The logged-in user, from the stored token (spec section 7: /cplogin/tokenLogin). */
  me: () =>
    queryOptions({
      queryKey: USER_QUERY_KEY,
      queryFn: async ({ signal }): Promise<MeData> => {
        const token = getToken();
        // Logged out there is nobody to ask about; the server would only answer 400 to an empty token.
        if (!token) throw new Error('No session: the user is not asked for');
        return api.call(tokenLoginCall, { token }, { signal });
      },
      staleTime: 5 * 60_000,
      ...persistedQuery,
    }),
};
