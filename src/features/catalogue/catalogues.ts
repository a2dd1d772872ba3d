import type { Call } from '#contract/call';
import {
  type CatalogueKind,
  type Demand,
  type DemandApplyResponse,
  demandApplyCall,
  demandListCall,
  demandNewestCall,
  demandPinCall,
  isWxCategory,
  type KeepTopResponse,
  NEWEST_STRIP_SIZE,
  type WxApp,
  type WxApplyResponse,
  wxApplyCall,
  wxListCall,
  wxNewestCall,
  wxPinCall,
} from '#contract/catalogue';
import { PAGE_SIZE, type Page } from '#contract/paging';
import { api, logFailure } from '#lib/api-client';
import { type ApplyOutcome, demandApplyOutcome, wxApplyOutcome } from './apply-result';

/** What a list depends on; any change starts again from page 0 (spec section 4). `viewer` is the uid, 0 logged out. */
export interface WxListFilters {
  category: string;
  search: string;
  viewer: number;
}
export interface DemandListFilters {
  search: string;
  viewer: number;
}

/** What every catalogue item carries for its caller (spec section 2). */
export interface CatalogueItem {
  apply: boolean;
  link: string;
  pinned: boolean;
}

/**
 * One catalogue as the app reads and acts on it: catalogue 1 (mini-games, /wxcps) and catalogue 2
 * (demand tasks, /doucps) are one machine with different wire shapes (the server's kinds.ts is the twin
 * of this). Lists, strips, queries and actions work from a kind; the spec's tab 3 would be one more.
 */
export interface Catalogue<Item extends CatalogueItem, Id, Filters, Answer extends { link: string }> {
  readonly name: CatalogueKind;
  /** Where an item's view button leads: its section of /promotion. */
  readonly promotionId: '1' | '2';
  list(filters: Filters, page: number, signal: AbortSignal): Promise<Page<Item>>;
  newest(signal: AbortSignal): Promise<Item[]>;
  apply(id: Id): Promise<Answer>;
  pin(id: Id): Promise<KeepTopResponse>;
  outcomeOf(answer: Answer): ApplyOutcome;
  /** How apply and pin name an item. */
  idOf(item: Item): Id;
  /** The item's numeric id (list keys). */
  keyOf(item: Item): number;
  nameOf(item: Item): string;
  iconOf(item: Item): string;
}

/** Spec section 8: list load errors are logged only (named by the call's path), then fail the query. */
const logged =
  (call: Call) =>
  (error: unknown): never => {
    logFailure(call.path.slice(1), error);
    throw error;
  };

// A load shows its own error state; a send that gets no answer is tried again (queuedAction) quietly.
const loading = (signal: AbortSignal) => ({ signal, silent: true });
const quiet = { quietWithoutAnswer: true } as const;

export const wxCatalogue: Catalogue<WxApp, string, WxListFilters, WxApplyResponse> = {
  name: 'wx',
  promotionId: '1',
  list: ({ category, search }, number, signal) =>
    api
      .call(
        wxListCall,
        {
          number,
          size: PAGE_SIZE,
          category_2_name: isWxCategory(category) ? category : '',
          appname: search,
        },
        loading(signal),
      )
      .catch(logged(wxListCall)),
  newest: (signal) =>
    api
      .call(wxNewestCall, { number: 0, size: NEWEST_STRIP_SIZE }, loading(signal))
      .catch(logged(wxNewestCall)),
  apply: (appid) => api.call(wxApplyCall, { appid }, quiet),
  pin: (appid) => api.call(wxPinCall, { appid }, quiet),
  outcomeOf: (answer) => wxApplyOutcome(answer.result),
  idOf: (app) => app.appid,
  keyOf: (app) => app.id,
  nameOf: (app) => app.appname,
  iconOf: (app) => app.logo_square,
};

export const demandCatalogue: Catalogue<Demand, number, DemandListFilters, DemandApplyResponse> = {
  name: 'dou',
  promotionId: '2',
  list: ({ search }, number, signal) =>
    api
      .call(demandListCall, { number, size: PAGE_SIZE, demandName: search }, loading(signal))
      .catch(logged(demandListCall)),
  newest: (signal) =>
    api
      .call(demandNewestCall, { number: 0, size: NEWEST_STRIP_SIZE }, loading(signal))
      .catch(logged(demandNewestCall)),
  apply: (demandId) => api.call(demandApplyCall, { demandId }, quiet),
  pin: (demandId) => api.call(demandPinCall, { demandId }, quiet),
  outcomeOf: (answer) => demandApplyOutcome(answer.result),
  idOf: (demand) => demand.demandId,
  keyOf: (demand) => demand.demandId,
  nameOf: (demand) => demand.demandName,
  iconOf: (demand) => demand.demandIcon,
};

// biome-ignore lint/suspicious/noExplicitAny: a kind of any catalogue, for code that only needs its name
export type AnyCatalogue = Catalogue<any, any, any, any>;

export const CATALOGUES: readonly AnyCatalogue[] = [wxCatalogue, demandCatalogue];
