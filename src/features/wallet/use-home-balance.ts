import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getToken, useIsLogin } from '../../lib/session';
import { walletQueries } from './wallet.queries';

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
    void queryClient.fetchQuery({ ...walletQueries.secondary(), staleTime: 0 }).catch(() => undefined);
  }, [loggedIn, queryClient]);
}
