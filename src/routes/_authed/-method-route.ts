import type { QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { userQueries } from '../../features/auth/auth.queries';
import { walletQueries } from '../../features/wallet/wallet.queries';

/**
 * What /AddCard (bank) and /AddZhiFuBao (e-wallet) share: one form taking the method kind, so one id
 * rule and one loader. Not a route itself (the router ignores files starting with "-").
 */
export function checkMethodId(id: string | undefined): void {
  if (id !== undefined && !/^[1-9]\d{0,15}$/.test(id)) throw notFound();
}

export function loadMethodForm(queryClient: QueryClient, kind: 'bank' | 'ewallet', id: string | undefined) {
  return Promise.all([
    // The account's area code decides whose banks the form offers (contract/banks.ts).
    kind === 'bank' ? queryClient.ensureQueryData(userQueries.me()).catch(() => undefined) : undefined,
    id === undefined
      ? undefined
      : queryClient.ensureQueryData(walletQueries.methods()).catch(() => undefined),
  ]);
}
