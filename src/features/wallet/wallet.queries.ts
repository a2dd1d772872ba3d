import { queryOptions } from '@tanstack/react-query';
import { bonusForfeitsCall } from '#contract/bonuses';
import { PAGE_SIZE } from '#contract/paging';
import type { RecordType } from '#contract/record-types';
import {
  cardsListCall,
  depositDetailCall,
  levelDataCall,
  recordsCall,
  safeInfoCall,
  secondaryInfoCall,
  withdrawDetailCall,
  withdrawListCall,
} from '#contract/wallet';
import { api } from '#lib/api-client';
import { pagedQueryOptions } from '#lib/paging';
import { persistedQuery } from '#lib/query-client';
import { WALLET_QUERY_ROOT } from '#lib/query-keys';
import { dayBound, isFinalState } from './wallet-values';

export interface RecordFilters {
  type?: RecordType | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

/**
 * The records filters of the URL (type, calendar days of the user's site: the days the wheel and the agent's
 * reports count, decision 0046) as the request's bounds; `timeZone` undefined: the device's days.
 */
export function recordFilters(
  search: {
    type?: RecordType | undefined;
    from?: string | undefined;
    to?: string | undefined;
  },
  timeZone: string | undefined,
): RecordFilters {
  return {
    type: search.type,
    from: search.from ? dayBound(search.from, false, timeZone) : undefined,
    to: search.to ? dayBound(search.to, true, timeZone) : undefined,
  };
}

export const walletKeys = {
  all: WALLET_QUERY_ROOT,
  secondary: () => ['wallet', 'secondary'] as const,
  level: () => ['wallet', 'level'] as const,
  methods: () => ['wallet', 'methods'] as const,
  safe: () => ['wallet', 'safe'] as const,
  deposit: (orderNo: string) => ['wallet', 'deposit', orderNo] as const,
  withdrawals: () => ['wallet', 'withdraw', 'list'] as const,
  withdrawal: (id: number) => ['wallet', 'withdraw', 'detail', id] as const,
  /** What a withdrawal now would forfeit: bonus titles in the request's language. */
  forfeits: (locale: string) => ['wallet', 'forfeits', locale] as const,
  /** A channel move names its channel in the request's language (decision 0048): one copy per locale. */
  records: (filters: RecordFilters, locale: string) => ['wallet', 'records', filters, locale] as const,
};

/** How often a screen waiting for a state change asks again. */
export const POLL_MS = 3000;

export const walletQueries = {
  /** Balances (spec section 3); refreshed when the user comes back to the app (e.g. from the pay page). */
  secondary: () =>
    queryOptions({
      queryKey: walletKeys.secondary(),
      queryFn: ({ signal }) => api.call(secondaryInfoCall, {}, { signal }),
      staleTime: 10_000,
      refetchOnWindowFocus: true,
      ...persistedQuery,
    }),
  level: () =>
    queryOptions({
      queryKey: walletKeys.level(),
      queryFn: ({ signal }) => api.call(levelDataCall, {}, { signal }),
      staleTime: 60_000,
      // Shown on /my beside the balance, so saved like it: offline the level seen last, not a skeleton.
      ...persistedQuery,
    }),
  methods: () =>
    queryOptions({
      queryKey: walletKeys.methods(),
      queryFn: ({ signal }) => api.call(cardsListCall, {}, { signal }),
    }),
  safe: () =>
    queryOptions({
      queryKey: walletKeys.safe(),
      queryFn: ({ signal }) => api.call(safeInfoCall, {}, { signal }),
      staleTime: 5_000,
    }),
  /** A deposit order, asked again while it waits for the payment (Prepare). */
  deposit: (orderNo: string) =>
    queryOptions({
      queryKey: walletKeys.deposit(orderNo),
      queryFn: ({ signal }) => api.call(depositDetailCall, { orderNo }, { signal }),
      refetchInterval: (query) => (query.state.data?.state === 'Prepare' ? POLL_MS : false),
      refetchOnWindowFocus: true,
      staleTime: 0,
    }),
  withdrawal: (id: number) =>
    queryOptions({
      queryKey: walletKeys.withdrawal(id),
      queryFn: ({ signal }) => api.call(withdrawDetailCall, { id }, { signal }),
      refetchInterval: (query) =>
        query.state.data && isFinalState(query.state.data.state) ? false : POLL_MS,
      refetchOnWindowFocus: true,
      staleTime: 0,
    }),
  withdrawals: () =>
    pagedQueryOptions({
      queryKey: walletKeys.withdrawals(),
      queryFn: ({ pageParam, signal }) =>
        api.call(withdrawListCall, { number: pageParam, size: PAGE_SIZE }, { signal }),
    }),
  /**
   * What a withdrawal now would forfeit (decision 0052), asked right before each withdrawal (never from the
   * cache: a requirement may have opened or grown since); silent: the page decides what a failure means.
   */
  forfeits: (locale: string) =>
    queryOptions({
      queryKey: walletKeys.forfeits(locale),
      queryFn: ({ signal }) => api.call(bonusForfeitsCall, {}, { signal, silent: true }),
      staleTime: 0,
      retry: false,
    }),
  /** Spec section 9: 50 per page, the next page within 50 px of the bottom. */
  records: (filters: RecordFilters, locale: string) =>
    pagedQueryOptions({
      queryKey: walletKeys.records(filters, locale),
      queryFn: ({ pageParam, signal }) =>
        api.call(recordsCall, { number: pageParam, size: PAGE_SIZE, ...filters }, { signal }),
    }),
};
