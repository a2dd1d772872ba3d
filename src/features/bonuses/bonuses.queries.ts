import { queryOptions } from '@tanstack/react-query';
import { bonusMineCall, bonusOffersCall } from '#contract/bonuses';
import { api } from '#lib/api-client';

/**
 * Offers and requirements carry their titles, terms and channel names in the caller's language: one copy
 * per locale, so a language switch never shows the terms of another.
 */
export const bonusKeys = {
  all: ['bonuses'] as const,
  offers: (locale: string, deposit: number | null) => ['bonuses', 'offers', locale, deposit] as const,
  mine: (locale: string) => ['bonuses', 'mine', locale] as const,
};

export const bonusQueries = {
  /**
   * The offers the player may take now; with `deposit`, those a deposit of that amount would get (the
   * deposit page). `silent`: where offers are extra (the deposit page), a failure shows no toast.
   */
  offers: (locale: string, deposit: number | null = null, silent = false) =>
    queryOptions({
      queryKey: bonusKeys.offers(locale, deposit),
      queryFn: ({ signal }) =>
        api.call(bonusOffersCall, deposit === null ? {} : { deposit }, { signal, silent }),
      staleTime: 30_000,
    }),
  mine: (locale: string) =>
    queryOptions({
      queryKey: bonusKeys.mine(locale),
      queryFn: ({ signal }) => api.call(bonusMineCall, {}, { signal }),
      staleTime: 10_000,
      refetchOnWindowFocus: true,
    }),
};
