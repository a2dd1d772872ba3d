import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { messageDetailCall, messageListCall, messageUnreadCall } from '../../contract/messages';
import { PAGE_SIZE } from '../../contract/paging';
import { api } from '../../lib/api-client';
import { nextPageParam } from '../../lib/paging';
import { MESSAGES_QUERY_ROOT } from '../../lib/query-keys';

export const messageQueries = {
  /** The caller's messages, newest first, 50 a page (spec section 9). */
  list: () =>
    infiniteQueryOptions({
      queryKey: [...MESSAGES_QUERY_ROOT, 'list'],
      queryFn: ({ pageParam, signal }) =>
        api.call(messageListCall, { number: pageParam, size: PAGE_SIZE }, { signal }),
      initialPageParam: 0,
      getNextPageParam: nextPageParam,
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [...MESSAGES_QUERY_ROOT, 'detail', id],
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
