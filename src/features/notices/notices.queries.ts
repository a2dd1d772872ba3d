import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { type NoticeDetail, noticeListCall } from '#contract/content';
import { api } from '#lib/api-client';
import { persistedQuery } from '#lib/query-client';
import { useSessionUser } from '#lib/session';

export const NOTICES_QUERY_ROOT = ['notices'] as const;

export const noticeQueries = {
  /**
   * The reader's live notices with their read state, in the reader's language; keyed per user so a new
   * login never sees the last one's. Launch data: the tab badge and an offline notice centre need it.
   */
  centre: (uid: number, locale: string) =>
    queryOptions({
      queryKey: [...NOTICES_QUERY_ROOT, 'centre', uid, locale],
      queryFn: ({ signal }) => api.call(noticeListCall, {}, { signal, silent: true }),
      // Spec section 9: the notice loop wakes every 60 s; a push refreshes it at once.
      refetchInterval: 60_000,
      staleTime: 60_000,
      ...persistedQuery,
    }),
};

/** The signed-in reader's notices (nothing while logged out). */
export function useNoticeCentre(locale: string) {
  const user = useSessionUser();
  return useQuery({ ...noticeQueries.centre(user?.uid ?? 0, locale), enabled: user !== undefined });
}

export const unreadIds = (notices: readonly NoticeDetail[] | undefined): number[] =>
  (notices ?? []).filter((notice) => !notice.read).map((notice) => notice.id);

/** Marks notices read in every cached copy of the centre, before the server has answered. */
export function markReadInCache(queryClient: QueryClient, ids: readonly number[]): void {
  const wanted = new Set(ids);
  queryClient.setQueriesData<NoticeDetail[]>({ queryKey: [...NOTICES_QUERY_ROOT, 'centre'] }, (list) =>
    list?.map((notice) => (wanted.has(notice.id) ? { ...notice, read: true } : notice)),
  );
}
