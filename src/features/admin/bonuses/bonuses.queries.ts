import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  adminBonusReportCall,
  adminHeldClaimListCall,
  adminOfferDetailCall,
  adminOfferListCall,
  adminUserBonusesCall,
  type OfferState,
} from '#contract/admin/bonuses';
import { api } from '#lib/api-client';
import { adminKeys } from '../admin.queries';

/*
 * The console's bonuses (issue 33). Under the console's root key, so the console's own invalidations (a
 * four-eyes approval, a sign-in) refresh them too; titles are in the operator's language, one copy per locale.
 */

export interface OfferFilters {
  state: OfferState | 'all';
  page: number;
  /** `new`: a new offer's form; an id: that offer's form and versions. */
  edit?: 'new' | number | undefined;
}

export interface BonusReportFilters {
  /** A site's domain; empty: the first the operator may read. */
  site: string;
  from?: string | undefined;
  to?: string | undefined;
}

export const bonusKeys = {
  all: [...adminKeys.all, 'bonus'] as const,
  offers: (filters: Omit<OfferFilters, 'edit'>, locale: string) =>
    [...bonusKeys.all, 'offers', filters, locale] as const,
  offer: (id: number, locale: string) => [...bonusKeys.all, 'offer', id, locale] as const,
  held: (page: number, locale: string) => [...bonusKeys.all, 'held', page, locale] as const,
  user: (uid: number, locale: string) => [...bonusKeys.all, 'user', uid, locale] as const,
  report: (filters: BonusReportFilters, locale: string) =>
    [...bonusKeys.all, 'report', filters, locale] as const,
};

const FRESH = { staleTime: 0, gcTime: 60_000 } as const;

export const bonusQueries = {
  offers: ({ state, page }: OfferFilters, locale: string) =>
    queryOptions({
      queryKey: bonusKeys.offers({ state, page }, locale),
      queryFn: () => api.call(adminOfferListCall, { ...(state === 'all' ? {} : { state }), number: page }),
      placeholderData: keepPreviousData,
      ...FRESH,
    }),
  /** One offer with every version: never another offer's as a placeholder. */
  offer: (id: number, locale: string) =>
    queryOptions({
      queryKey: bonusKeys.offer(id, locale),
      queryFn: () => api.call(adminOfferDetailCall, { id }),
      ...FRESH,
    }),
  held: (page: number, locale: string) =>
    queryOptions({
      queryKey: bonusKeys.held(page, locale),
      queryFn: () => api.call(adminHeldClaimListCall, { number: page }),
      placeholderData: keepPreviousData,
      ...FRESH,
    }),
  user: (uid: number, locale: string) =>
    queryOptions({
      queryKey: bonusKeys.user(uid, locale),
      queryFn: () => api.call(adminUserBonusesCall, { uid }),
      ...FRESH,
    }),
  /** Disabled until a site is chosen; no previous answer meanwhile (another site's figures must not show). */
  report: (filters: BonusReportFilters, locale: string) =>
    queryOptions({
      queryKey: bonusKeys.report(filters, locale),
      queryFn: () =>
        api.call(adminBonusReportCall, {
          site: filters.site,
          ...(filters.from && filters.to ? { from: filters.from, to: filters.to } : {}),
        }),
      enabled: filters.site !== '',
      ...FRESH,
    }),
};
