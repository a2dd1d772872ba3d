import { queryOptions } from '@tanstack/react-query';
import {
  agentDetailCall,
  agentLinkCall,
  agentLinksCall,
  downlineCall,
  type Figure,
  type RangeRequest,
  rakeBackCall,
  reportCall,
  reportDetailsCall,
  teamCall,
} from '#contract/agent';
import { PAGE_SIZE } from '#contract/paging';
import { api } from '#lib/api-client';
import { pagedQueryOptions } from '#lib/paging';

/** Whose members the team list shows ('' parent: the viewer's own), and the search over the whole team. */
export interface TeamFilters {
  parentUid?: number | undefined;
  search: string;
}

export interface DetailsFilters {
  figure: Figure;
  range: RangeRequest;
}

/**
 * Ratios come with their channels named in the request's language (Accept-Language, the active locale,
 * decision 0048), so the key of every answer that names channels ends with the locale: a change of
 * language asks again instead of showing the previous language's names. The shorter keys without it
 * (summary, team, statements) are the prefixes a change invalidates, every language at once.
 */
export const agentKeys = {
  all: ['agent'] as const,
  /** The summary in every language: what a change to the job, defaults, binding or earnings invalidates. */
  summary: () => ['agent', 'detail'] as const,
  /** The summary (/uid/app/detail): job, code, ratios, counts and the earnings balances. */
  detail: (locale: string) => ['agent', 'detail', locale] as const,
  links: () => ['agent', 'links'] as const,
  /** What a registration or recharge link stands for (public, no session). */
  link: (code: string) => ['agent', 'link', code] as const,
  /** Everything about the team: the lists, one member's page (a ratio set or a promotion changes them). */
  team: () => ['agent', 'team'] as const,
  teamList: (filters: TeamFilters, locale: string) => ['agent', 'team', 'list', filters, locale] as const,
  downline: (uid: number, locale: string) => ['agent', 'team', 'member', uid, locale] as const,
  /** Figures, their rows and rake back: earnings moved or settled change them. */
  statements: () => ['agent', 'statements'] as const,
  report: (range: RangeRequest) => ['agent', 'statements', 'report', range] as const,
  details: (filters: DetailsFilters) => ['agent', 'statements', 'details', filters] as const,
  rakeBack: (locale: string) => ['agent', 'statements', 'rakeback', locale] as const,
};

export const agentQueries = {
  detail: (locale: string) =>
    queryOptions({
      queryKey: agentKeys.detail(locale),
      queryFn: ({ signal }) => api.call(agentDetailCall, {}, { signal }),
      staleTime: 30_000,
    }),
  /** The invite code's link and QR code change only with the code itself. */
  links: () =>
    queryOptions({
      queryKey: agentKeys.links(),
      queryFn: ({ signal }) => api.call(agentLinksCall, {}, { signal }),
      staleTime: 10 * 60_000,
    }),
  /** Quiet: a page opened from an old link says itself that the link is no longer valid. */
  link: (code: string) =>
    queryOptions({
      queryKey: agentKeys.link(code),
      queryFn: ({ signal }) => api.call(agentLinkCall, { code }, { signal, silent: true }),
      staleTime: 5 * 60_000,
    }),
  /** 50 a page, the next within 50 px of the bottom, as every list. */
  team: (filters: TeamFilters, locale: string) =>
    pagedQueryOptions({
      queryKey: agentKeys.teamList(filters, locale),
      queryFn: ({ pageParam, signal }) =>
        api.call(
          teamCall,
          {
            number: pageParam,
            size: PAGE_SIZE,
            search: filters.search,
            ...(filters.parentUid === undefined ? {} : { parentUid: filters.parentUid }),
          },
          { signal },
        ),
      windowed: true,
      staleTime: 30_000,
    }),
  downline: (uid: number, locale: string) =>
    queryOptions({
      queryKey: agentKeys.downline(uid, locale),
      // Silent: the page shows a refusal itself (spec section 8, "unless the request opts out").
      queryFn: ({ signal }) => api.call(downlineCall, { memberUid: uid }, { signal, silent: true }),
      staleTime: 30_000,
    }),
  report: (range: RangeRequest) =>
    queryOptions({
      queryKey: agentKeys.report(range),
      queryFn: ({ signal }) => api.call(reportCall, range, { signal }),
      staleTime: 30_000,
    }),
  details: (filters: DetailsFilters) =>
    pagedQueryOptions({
      queryKey: agentKeys.details(filters),
      queryFn: ({ pageParam, signal }) =>
        api.call(
          reportDetailsCall,
          { number: pageParam, size: PAGE_SIZE, figure: filters.figure, ...filters.range },
          { signal },
        ),
      windowed: true,
      staleTime: 30_000,
    }),
  rakeBack: (locale: string) =>
    queryOptions({
      queryKey: agentKeys.rakeBack(locale),
      queryFn: ({ signal }) => api.call(rakeBackCall, {}, { signal }),
      staleTime: 30_000,
    }),
};
