import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminHoldListCall } from '#contract/admin/agent';
import { adminAuditListCall } from '#contract/admin/audit';
import { adminBannerListCall } from '#contract/admin/banner';
import { adminCatalogueListCall } from '#contract/admin/catalogue';
import { adminDepositListCall } from '#contract/admin/deposit';
import { adminGameListCall, adminProviderListCall } from '#contract/admin/game';
import { providerCallsCall } from '#contract/admin/game-providers';
import { adminMessageSendsCall } from '#contract/admin/message';
import { adminNoticeListCall } from '#contract/admin/notice';
import { adminCommandListCall, adminSessionCall } from '#contract/admin/operators';
import { adminPageListCall } from '#contract/admin/page';
import { adminReportCall } from '#contract/admin/report';
import { adminSiteListCall } from '#contract/admin/site';
import { adminFollowUpListCall } from '#contract/admin/spin';
import { adminUserDetailCall, adminUserListCall } from '#contract/admin/user';
import { adminWithdrawalListCall } from '#contract/admin/withdrawals';
import type { CatalogueKind } from '#contract/catalogue';
import type {
  COMMAND_STATES,
  DEPOSIT_STATES,
  FOLLOW_UP_STATES,
  HOLD_STATES,
  MoneyListSort,
  UserListSort,
} from '#contract/console-states';
import { sitesCall } from '#contract/site';
import type { TxState } from '#contract/tx-states';
import { api } from '#lib/api-client';

/*
 * The operator console's reads (issue 16). Never persisted to IndexedDB (no `persist` meta) and short-lived:
 * an operator decides on what is there now.
 */

export type CommandState = (typeof COMMAND_STATES)[number];

/** `all`: no filter on the state. */
export interface WithdrawalFilters {
  state: TxState | 'all';
  sort: MoneyListSort;
  page: number;
}

export interface CommandFilters {
  state: CommandState | 'all';
  page: number;
}

export interface HoldFilters {
  state: (typeof HOLD_STATES)[number] | 'all';
  page: number;
}

export interface FollowUpFilters {
  state: (typeof FOLLOW_UP_STATES)[number] | 'all';
  page: number;
}

/** An action or its start (`banner.`), and the page. */
export interface AuditFilters {
  action: string;
  page: number;
}

/** A UID or phone digits (empty: everyone), and the page. */
export interface DepositFilters {
  state: (typeof DEPOSIT_STATES)[number] | 'all';
  /** An order number or a UID; empty: every order. */
  q: string;
  sort: MoneyListSort;
  page: number;
}

export interface ReportFilters {
  /** A site's domain; empty: every site of the operator's. */
  site: string;
  /** Business days, YYYY-MM-DD; neither: the server's last seven days up to its today. */
  from?: string | undefined;
  to?: string | undefined;
}

export interface GameFilters {
  /** A provider's code; empty: every provider's games. */
  provider: string;
  /** Words of a game's name; empty: every game. */
  q: string;
  page: number;
}

export interface CatalogueFilters {
  kind: CatalogueKind;
  /** Words of an item's default name; empty: every item. */
  q: string;
  /** Only mini-games awaiting review. */
  review: boolean;
  page: number;
  /** `new`: a new item's form; a number: that item's form. */
  edit?: 'new' | number | undefined;
}

export interface UserFilters {
  q: string;
  sort: UserListSort;
  page: number;
  /** The account open on its own page. */
  uid?: number | undefined;
}

const stateFilter = <S extends string>(state: S | 'all'): S | undefined =>
  state === 'all' ? undefined : state;

export const adminKeys = {
  all: ['admin'] as const,
  session: () => ['admin', 'session'] as const,
  withdrawals: (filters: WithdrawalFilters) => ['admin', 'withdrawals', filters] as const,
  commands: (filters: CommandFilters) => ['admin', 'commands', filters] as const,
  banners: (page: number) => ['admin', 'banners', page] as const,
  notices: (page: number) => ['admin', 'notices', page] as const,
  users: (filters: UserFilters) => ['admin', 'users', filters] as const,
  /** Its ratios name channels in the operator's language (decision 0048): one copy per locale. */
  user: (uid: number, locale: string) => ['admin', 'user', uid, locale] as const,
  catalogue: (filters: Omit<CatalogueFilters, 'edit'>) => ['admin', 'catalogue', filters] as const,
  providers: () => ['admin', 'providers'] as const,
  providerCalls: (code: string, page: number) => ['admin', 'providers', 'calls', code, page] as const,
  games: (filters: GameFilters) => ['admin', 'games', filters] as const,
  report: (filters: ReportFilters) => ['admin', 'report', filters] as const,
  deposits: (filters: DepositFilters) => ['admin', 'deposits', filters] as const,
  audit: (filters: AuditFilters) => ['admin', 'audit', filters] as const,
  holds: (filters: HoldFilters) => ['admin', 'holds', filters] as const,
  followUps: (filters: FollowUpFilters) => ['admin', 'follow-ups', filters] as const,
  sites: () => ['admin', 'sites'] as const,
  siteSettings: () => ['admin', 'site-settings'] as const,
  messageSends: (page: number) => ['admin', 'message-sends', page] as const,
  pages: () => ['admin', 'pages'] as const,
};

const FRESH = { staleTime: 0, gcTime: 60_000 } as const;

export const adminQueries = {
  session: () =>
    queryOptions({
      queryKey: adminKeys.session(),
      queryFn: () => api.call(adminSessionCall, {}, { silent: true }),
      ...FRESH,
    }),
  withdrawals: (filters: WithdrawalFilters) =>
    queryOptions({
      queryKey: adminKeys.withdrawals(filters),
      queryFn: () =>
        api.call(adminWithdrawalListCall, {
          state: stateFilter(filters.state),
          sort: filters.sort,
          number: filters.page,
        }),
      placeholderData: keepPreviousData,
      ...FRESH,
    }),
  commands: (filters: CommandFilters) =>
    queryOptions({
      queryKey: adminKeys.commands(filters),
      queryFn: () =>
        api.call(adminCommandListCall, { state: stateFilter(filters.state), number: filters.page }),
      placeholderData: keepPreviousData,
      ...FRESH,
    }),
  banners: (page: number) =>
    queryOptions({
      queryKey: adminKeys.banners(page),
      queryFn: () => api.call(adminBannerListCall, { number: page }),
      placeholderData: keepPreviousData,
      ...FRESH,
    }),
  notices: (page: number) =>
    queryOptions({
      queryKey: adminKeys.notices(page),
      queryFn: () => api.call(adminNoticeListCall, { number: page }),
      placeholderData: keepPreviousData,
      ...FRESH,
    }),
  /** The sites a banner can be shown on (the public list: domains and names). */
  sites: () =>
    queryOptions({
      queryKey: adminKeys.sites(),
      queryFn: () => api.call(sitesCall, {}),
      staleTime: 5 * 60_000,
    }),
  /** The sites of the operator's grants with their settings, as one page of the console's lists. */
  siteSettings: () =>
    queryOptions({
      queryKey: adminKeys.siteSettings(),
      queryFn: () => api.call(adminSiteListCall, {}),
      select: (sites) => ({ content: sites, totalPages: 1, number: 0, totalElements: sites.length }),
      ...FRESH,
    }),
  deposits: (filters: DepositFilters) =>
    queryOptions({
      queryKey: adminKeys.deposits(filters),
      queryFn: () =>
        api.call(adminDepositListCall, {
          state: stateFilter(filters.state),
          query: filters.q,
          sort: filters.sort,
          number: filters.page,
        }),
      placeholderData: keepPreviousData,
      ...FRESH,
    }),
  report: (filters: ReportFilters) =>
    queryOptions({
      queryKey: adminKeys.report(filters),
      queryFn: () =>
        api.call(adminReportCall, {
          site: filters.site || null,
          ...(filters.from && filters.to ? { from: filters.from, to: filters.to } : {}),
        }),
      // No previous answer meanwhile: another site's or range's totals must never show under this one.
      ...FRESH,
    }),
  /** Every game provider, as one page of the console's lists. */
  providers: () =>
    queryOptions({
      queryKey: adminKeys.providers(),
      queryFn: () => api.call(adminProviderListCall, {}),
      select: (providers) => ({
        content: providers,
        totalPages: 1,
        number: 0,
        totalElements: providers.length,
      }),
      ...FRESH,
    }),
  /** A provider's latest wallet calls (issue 34), newest first. */
  providerCalls: (code: string, page: number) =>
    queryOptions({
      queryKey: adminKeys.providerCalls(code, page),
      queryFn: () => api.call(providerCallsCall, { code, number: page }),
      placeholderData: keepPreviousData,
      ...FRESH,
    }),
  games: (filters: GameFilters) =>
    queryOptions({
      queryKey: adminKeys.games(filters),
      queryFn: () =>
        api.call(adminGameListCall, { provider: filters.provider, search: filters.q, number: filters.page }),
      placeholderData: keepPreviousData,
      ...FRESH,
    }),
  catalogue: ({ edit: _, ...filters }: CatalogueFilters) =>
    queryOptions({
      queryKey: adminKeys.catalogue(filters),
      queryFn: () =>
        api.call(adminCatalogueListCall, {
          kind: filters.kind,
          search: filters.q,
          awaitingReview: filters.kind === 'wx' && filters.review,
          number: filters.page,
        }),
      placeholderData: keepPreviousData,
      ...FRESH,
    }),
  users: (filters: UserFilters) =>
    queryOptions({
      queryKey: adminKeys.users({ q: filters.q, sort: filters.sort, page: filters.page }),
      queryFn: () =>
        api.call(adminUserListCall, { query: filters.q, sort: filters.sort, number: filters.page }),
      placeholderData: keepPreviousData,
      ...FRESH,
    }),
  /** One account: never another account's figures as a placeholder. */
  user: (uid: number, locale: string) =>
    queryOptions({
      queryKey: adminKeys.user(uid, locale),
      queryFn: () => api.call(adminUserDetailCall, { uid }),
      ...FRESH,
    }),
  audit: (filters: AuditFilters) =>
    queryOptions({
      queryKey: adminKeys.audit(filters),
      queryFn: () => api.call(adminAuditListCall, { action: filters.action, number: filters.page }),
      placeholderData: keepPreviousData,
      ...FRESH,
    }),
  holds: (filters: HoldFilters) =>
    queryOptions({
      queryKey: adminKeys.holds(filters),
      queryFn: () => api.call(adminHoldListCall, { state: stateFilter(filters.state), number: filters.page }),
      placeholderData: keepPreviousData,
      ...FRESH,
    }),
  followUps: (filters: FollowUpFilters) =>
    queryOptions({
      queryKey: adminKeys.followUps(filters),
      queryFn: () =>
        api.call(adminFollowUpListCall, { state: stateFilter(filters.state), number: filters.page }),
      placeholderData: keepPreviousData,
      ...FRESH,
    }),
  /** Operators' past message sends, newest first. */
  /** The help, about and customer-service pages, as one page of the console's lists. */
  pages: () =>
    queryOptions({
      queryKey: adminKeys.pages(),
      queryFn: () => api.call(adminPageListCall, {}),
      select: (pages) => ({ content: pages, totalPages: 1, number: 0, totalElements: pages.length }),
      ...FRESH,
    }),
  messageSends: (page: number) =>
    queryOptions({
      queryKey: adminKeys.messageSends(page),
      queryFn: () => api.call(adminMessageSendsCall, { number: page }),
      placeholderData: keepPreviousData,
      ...FRESH,
    }),
};
