import { type QueryClient, useMutation } from '@tanstack/react-query';
import { noticeReadCall } from '#contract/content';
import { api } from '#lib/api-client';
import { queuedAction } from '#lib/persist';
import { markReadInCache, NOTICES_QUERY_ROOT } from './notices.queries';

export const noticeMutationKeys = { read: [...NOTICES_QUERY_ROOT, 'read'] as const };

/**
 * Reading a notice offline is still reading it: the mark waits for the connection (`networkMode:
 * 'online'`), survives a reload with the persisted cache, and shows as read at once. Call before the
 * cache is restored, like the catalogue's defaults.
 */
export function setNoticeMutationDefaults(queryClient: QueryClient): void {
  queryClient.setMutationDefaults(noticeMutationKeys.read, {
    ...queuedAction,
    mutationFn: (ids: number[]) => api.call(noticeReadCall, { ids }, { silent: true }),
    onMutate: (ids: number[]) => markReadInCache(queryClient, ids),
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTICES_QUERY_ROOT }),
  });
}

export const useMarkNoticesRead = () =>
  useMutation<unknown, Error, number[]>({ mutationKey: noticeMutationKeys.read });
