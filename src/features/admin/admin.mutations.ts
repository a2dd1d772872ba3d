import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import {
  type AdminRatiosRequest,
  adminAgentJobCall,
  adminHoldCancelCall,
  adminHoldReleaseCall,
  adminRatiosCall,
} from '#contract/admin/agent';
import {
  type BannerCreateRequest,
  bannerCreateCall,
  bannerEditCall,
  bannerPictureCall,
  bannerPictureRemoveCall,
} from '#contract/admin/banner';
import {
  type CatalogueItemCreateRequest,
  catalogueItemCreateCall,
  catalogueItemEditCall,
  catalogueItemLinkCall,
} from '#contract/admin/catalogue';
import { gameEnableCall, providerEnableCall } from '#contract/admin/game';
import {
  type ProviderCreateRequest,
  providerCreateCall,
  providerImportCall,
} from '#contract/admin/game-providers';
import {
  adminMessageResumeCall,
  adminMessageSendCall,
  type MessageSendRequest,
} from '#contract/admin/message';
import {
  type NoticeCreateRequest,
  noticeCreateCall,
  noticeEditCall,
  noticeWithdrawCall,
} from '#contract/admin/notice';
import {
  adminCommandApproveCall,
  adminCommandRejectCall,
  adminTotpCall,
  adminTotpEnrolCall,
} from '#contract/admin/operators';
import { type PageSaveRequest, pageSaveCall } from '#contract/admin/page';
import {
  type SiteCreateRequest,
  type SiteSaveRequest,
  siteCreateCall,
  siteIconCall,
  siteIconRemoveCall,
  siteSaveCall,
} from '#contract/admin/site';
import { adminFollowUpDoneCall } from '#contract/admin/spin';
import { adminSafeResetCall, adminUserBanCall, adminUserUnbanCall } from '#contract/admin/user';
import {
  adminApproveCall,
  adminExecuteCall,
  adminRejectCall,
  adminSettleCall,
} from '#contract/admin/withdrawals';
import type { ContentLocale } from '#contract/locales';
import { api } from '#lib/api-client';
import { ActionKey } from '#lib/idempotency';
import { adminKeys } from './admin.queries';

/** The code form shows its problems under its field (silent); the overlay shows while a call runs. */
const FORM = { silent: true, loading: true } as const;
/** Buttons of a list: a refusal (state changed, not yours to approve) is a toast. */
const ACTION = { loading: true } as const;

/** Passing the second factor: the session (and so every console page) changes. */
export function useTotpMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.call(adminTotpCall, { code }, FORM),
    onSuccess: (session) => queryClient.setQueryData(adminKeys.session(), session),
  });
}

export function useEnrolMutation() {
  return useMutation({ mutationFn: () => api.call(adminTotpEnrolCall, {}, { loading: true }) });
}

type WithdrawalStep =
  | { step: 'approve'; id: number }
  | { step: 'execute'; id: number }
  | { step: 'reject'; id: number; reason: string }
  | { step: 'settle'; id: number; outcome: 'Success' | 'Fail'; reason?: string };

/** A withdrawal's next step; each is a money call with its own key, reused if the same step is retried. */
export function useWithdrawalStepMutation() {
  const queryClient = useQueryClient();
  const key = useRef(new ActionKey());
  return useMutation({
    mutationFn: (input: WithdrawalStep) => {
      const options = { ...ACTION, idempotencyKey: key.current.for(input) };
      if (input.step === 'approve') return api.call(adminApproveCall, { id: input.id }, options);
      if (input.step === 'execute') return api.call(adminExecuteCall, { id: input.id }, options);
      if (input.step === 'reject')
        return api.call(adminRejectCall, { id: input.id, reason: input.reason }, options);
      return api.call(
        adminSettleCall,
        { id: input.id, outcome: input.outcome, ...(input.reason ? { reason: input.reason } : {}) },
        options,
      );
    },
    onSuccess: () => key.current.done(),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** A second operator's decision on a four-eyes request. */
export function useDecideMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; approve: true } | { id: number; approve: false; reason: string }) =>
      input.approve
        ? api.call(adminCommandApproveCall, { id: input.id }, ACTION)
        : api.call(adminCommandRejectCall, { id: input.id, reason: input.reason }, ACTION),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** Saves a banner's fields: a new one when `id` is absent. Its form shows the problems (silent). */
export function useBannerSaveMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...fields }: BannerCreateRequest & { id?: number }) =>
      id === undefined
        ? api.call(bannerCreateCall, fields, FORM)
        : api.call(bannerEditCall, { ...fields, id }, FORM),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'banners'] }),
  });
}

/** Uploads a banner's picture in one language. */
export function useBannerPictureMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; locale: ContentLocale; file: File }) =>
      api.upload(bannerPictureCall, { id: String(input.id), locale: input.locale }, input.file, FORM),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'banners'] }),
  });
}

/** Publishes a notice, or replaces one's fields when `id` is given. Its form shows the problems (silent). */
export function useNoticeSaveMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...fields }: NoticeCreateRequest & { id?: number }) =>
      id === undefined
        ? api.call(noticeCreateCall, fields, FORM)
        : api.call(noticeEditCall, { ...fields, id }, FORM),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'notices'] }),
  });
}

/** Takes a notice down: deliveries not sent yet are never sent. */
export function useNoticeWithdrawMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(noticeWithdrawCall, { id }, ACTION),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'notices'] }),
  });
}

/** Replaces a site's settings, or creates a site. Its form shows the problems (silent). */
export function useSiteSaveMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      input: { create: false; request: SiteSaveRequest } | { create: true; request: SiteCreateRequest },
    ) =>
      input.create
        ? api.call(siteCreateCall, input.request, FORM)
        : api.call(siteSaveCall, input.request, FORM),
    // The console's site names (the banner and notice forms') come from the public list: both refresh.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** Switches a game provider (with all its games) or one game on or off. */
export function useGameSwitchMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (
      input: { provider: string; enabled: boolean } | { game: number; enabled: boolean },
    ) => {
      if ('provider' in input)
        await api.call(providerEnableCall, { code: input.provider, enabled: input.enabled }, ACTION);
      else await api.call(gameEnableCall, { id: input.game, enabled: input.enabled }, ACTION);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** Adds an aggregator's provider (issue 34). Its form shows the problems (silent). */
export function useProviderCreateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ProviderCreateRequest) => api.call(providerCreateCall, request, FORM),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** Imports or refreshes an aggregator's game list; a refusal (its list unreadable) is a toast. */
export function useProviderImportMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.call(providerImportCall, { code }, ACTION),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** Saves a catalogue item: a new one when `id` is absent. Its form shows the problems (silent). */
export function useCatalogueItemSaveMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...fields }: CatalogueItemCreateRequest & { id?: number }) =>
      id === undefined
        ? api.call(catalogueItemCreateCall, fields, FORM)
        : api.call(catalogueItemEditCall, { ...fields, id }, FORM),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'catalogue'] }),
  });
}

/** Gives a mini-game awaiting review its link. Its dialog shows the problem (silent). */
export function useCatalogueLinkMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; targetUrl: string }) => api.call(catalogueItemLinkCall, input, FORM),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'catalogue'] }),
  });
}

/** A ban (proposed: a second operator approves it) or an unban (at once), each with its reason. */
export function useBanMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      ban,
      uid,
      reason,
    }: {
      ban: boolean;
      uid: number;
      reason: string;
    }): Promise<void> => {
      if (ban) await api.call(adminUserBanCall, { uid, reason }, ACTION);
      else await api.call(adminUserUnbanCall, { uid, reason }, ACTION);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** A held commission released to its agent or cancelled back to the house: money calls, each with its key. */
export function useHoldMutation() {
  const queryClient = useQueryClient();
  const key = useRef(new ActionKey());
  return useMutation({
    mutationFn: async (input: { release: boolean; id: number; note: string }): Promise<void> => {
      const options = { ...ACTION, idempotencyKey: key.current.for(input) };
      const body = { id: input.id, note: input.note };
      if (input.release) await api.call(adminHoldReleaseCall, body, options);
      else await api.call(adminHoldCancelCall, body, options);
    },
    onSuccess: () => key.current.done(),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** A prize follow-up marked done, with what was done. */
export function useFollowUpDoneMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; note: string }) => api.call(adminFollowUpDoneCall, input, ACTION),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** An operator's changes on one account: its ratios, the senior agent job, its safe's lock. */
export function useAccountMutations(uid: number) {
  const queryClient = useQueryClient();
  const settled = () => void queryClient.invalidateQueries({ queryKey: adminKeys.all });
  return {
    ratios: useMutation({
      mutationFn: (input: AdminRatiosRequest) => api.call(adminRatiosCall, input, FORM),
      onSettled: settled,
    }),
    senior: useMutation({
      mutationFn: (senior: boolean) => api.call(adminAgentJobCall, { uid, senior }, ACTION),
      onSettled: settled,
    }),
    safeReset: useMutation({
      mutationFn: (reason: string) => api.call(adminSafeResetCall, { uid, reason }, ACTION),
      onSettled: settled,
    }),
  };
}

/** Removes a banner's own picture in one language; its row shows the problem (silent). */
export function useBannerPictureRemoveMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; locale: ContentLocale }) =>
      api.call(bannerPictureRemoveCall, input, FORM),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'banners'] }),
  });
}

/**
 * Sends an operator's message. Its key is the page's, made once per composed message: a second click or a
 * retry after a lost answer sends the same key, and the server writes nothing twice. Its form shows the
 * problems (silent).
 */
export function useMessageSendMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MessageSendRequest) => api.call(adminMessageSendCall, input, FORM),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'message-sends'] }),
  });
}

/** Replaces a page's texts in every language (the app's readers get them at their next load). */
export function usePageSaveMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PageSaveRequest) => api.call(pageSaveCall, input, FORM),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.pages() }),
  });
}

/** Finishes a send cut short, by its id (the server resends under the send's own key). */
export function useMessageResumeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(adminMessageResumeCall, { id }, ACTION),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'message-sends'] }),
  });
}

/** Uploads a site's icon (the server makes every size from it); its block shows the problem (silent). */
export function useSiteIconMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { domain: string; file: File }) =>
      api.upload(siteIconCall, { domain: input.domain }, input.file, FORM),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.siteSettings() }),
  });
}

/** Removes a site's own icon: the build's shows again. Its block shows the problem (silent). */
export function useSiteIconRemoveMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domain: string) => api.call(siteIconRemoveCall, { domain }, FORM),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.siteSettings() }),
  });
}
