import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getToken, useIsLogin } from '#lib/session';

let refreshedFor: string | null = null;

/**
 * Spec section 4: the home screen refreshes the balance once on first show when logged in (once per
 * session: coming back to home later does not ask again; a new login does). Home calls this hook.
 */
export function useHomeBalanceRefresh(): void {
  const loggedIn = useIsLogin();
  const queryClient = useQueryClient();
  useEffect(() => {
    const token = getToken();
    if (!loggedIn || !token || refreshedFor === token) return;
    refreshedFor = token;
    // The wallet's queries come with the refresh, not with home: a visitor never needs them.
    void import('./wallet.queries')
      .then(({ walletQueries }) => queryClient.fetchQuery({ ...walletQueries.secondary(), staleTime: 0 }))
      .catch(() => undefined);
  }, [loggedIn, queryClient]);
}
