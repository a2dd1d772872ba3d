import { queryOptions } from '@tanstack/react-query';
import { messageDetailCall, messageListCall, messageUnreadCall } from '#contract/messages';
import { PAGE_SIZE } from '#contract/paging';
import { api } from '#lib/api-client';
import { pagedQueryOptions } from '#lib/paging';
import { MESSAGES_QUERY_ROOT } from '#lib/query-keys';

/*
 * An operator's message is answered in the request's language (Accept-Language, the active locale), and
 * events' messages are worded by the app: the list and a message end their keys with the locale, so a change
 * of language asks again instead of showing the old language's texts.
 */
export const messageQueries = {
  /** The caller's messages, newest first, 50 a page (spec section 9). */
  list: (locale: string) =>
    pagedQueryOptions({
      queryKey: [...MESSAGES_QUERY_ROOT, 'list', locale],
      queryFn: ({ pageParam, signal }) =>
        api.call(messageListCall, { number: pageParam, size: PAGE_SIZE }, { signal }),
    }),
  detail: (id: number, locale: string) =>
    queryOptions({
      queryKey: [...MESSAGES_QUERY_ROOT, 'detail', id, locale],
      queryFn: ({ signal }) => api.call(messageDetailCall, { id }, { signal }),
    }),
  /**
   * The unread count (the badge on /my). No poll of its own: the notices' poll refreshes it (one poller),
   * through `pollTick` of MessagesMenuItem.
   */
  unread: () =>
    queryOptions({
      queryKey: [...MESSAGES_QUERY_ROOT, 'unread'],
      queryFn: ({ signal }) => api.call(messageUnreadCall, {}, { signal, silent: true }),
      staleTime: 30_000,
    }),
};
