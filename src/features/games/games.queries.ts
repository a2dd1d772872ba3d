import { queryOptions } from '@tanstack/react-query';
import { channelBalanceCall, gamesCall, lobbyCall, roundCall, roundsCall } from '#contract/games';
import { PAGE_SIZE } from '#contract/paging';
import { api } from '#lib/api-client';
import { pagedQueryOptions } from '#lib/paging';
import type { LobbyFilters, RoundFilters } from './games-values';

/**
 * The lobby and the betting record name channels in the request's language (Accept-Language, the active
 * locale, decision 0048), so their keys end with the locale: a change of language asks again instead of
 * showing the previous language's names. The game list and a channel's balance carry no localized text
 * (a game's name is the operator's, in one language; the balance names its channel by code): no locale.
 */
export const gamesKeys = {
  all: ['games'] as const,
  lobby: (locale: string) => ['games', 'lobby', locale] as const,
  list: (filters: LobbyFilters) => ['games', 'list', filters] as const,
  /** Every channel's balance at its provider (a game played or money moved changes them). */
  channelBalances: () => ['games', 'channel-balance'] as const,
  channelBalance: (channel: string) => ['games', 'channel-balance', channel] as const,
  /** The betting record, every filter, and each round's details. */
  rounds: () => ['games', 'rounds'] as const,
  roundList: (filters: RoundFilters, locale: string) => ['games', 'rounds', 'list', filters, locale] as const,
  round: (id: number, locale: string) => ['games', 'rounds', 'detail', id, locale] as const,
};

/** How often a channel with a transfer being confirmed asks its provider again. */
export const CONFIRM_POLL_MS = 3000;

export const gamesQueries = {
  /**
   * The channels and their categories (channelData): operator data that changes rarely. Quiet when it
   * fails: /my then shows no channel cards, and the lobby's own list says what went wrong.
   */
  lobby: (locale: string) =>
    queryOptions({
      queryKey: gamesKeys.lobby(locale),
      queryFn: ({ signal }) => api.call(lobbyCall, {}, { signal, silent: true }),
      staleTime: 5 * 60_000,
    }),
  /** Spec: 50 a page, the next one within 50 px of the bottom. */
  list: (filters: LobbyFilters) =>
    pagedQueryOptions({
      queryKey: gamesKeys.list(filters),
      queryFn: ({ pageParam, signal }) =>
        api.call(gamesCall, { number: pageParam, size: PAGE_SIZE, ...filters }, { signal }),
      windowed: true,
      staleTime: 60_000,
    }),
  /** A transfer channel's balance as its provider tells it; `confirming` asks again until it settles. */
  channelBalance: (channel: string, confirming = false) =>
    queryOptions({
      queryKey: gamesKeys.channelBalance(channel),
      queryFn: ({ signal }) => api.call(channelBalanceCall, { channel }, { signal, silent: true }),
      staleTime: 10_000,
      refetchInterval: confirming ? CONFIRM_POLL_MS : false,
    }),
  rounds: (filters: RoundFilters, locale: string) =>
    pagedQueryOptions({
      queryKey: gamesKeys.roundList(filters, locale),
      queryFn: ({ pageParam, signal }) =>
        api.call(roundsCall, { number: pageParam, size: PAGE_SIZE, ...filters }, { signal }),
      windowed: true,
      staleTime: 10_000,
    }),
  round: (id: number, locale: string) =>
    queryOptions({
      queryKey: gamesKeys.round(id, locale),
      queryFn: ({ signal }) => api.call(roundCall, { id }, { signal }),
    }),
};
