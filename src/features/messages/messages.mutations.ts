import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageDeleteCall, messageReadAllCall, messageReadCall } from '#contract/messages';
import { api } from '#lib/api-client';
import { MESSAGES_QUERY_ROOT } from '#lib/query-keys';
import { messageQueries } from './messages.queries';

/** After any change: the count at once from the answer, the lists and details fetched again. */
function useSettle() {
  const queryClient = useQueryClient();
  return {
    onSuccess: (answer: { unread: number }) => {
      queryClient.setQueryData(messageQueries.unread().queryKey, answer);
      return queryClient.invalidateQueries({
        queryKey: MESSAGES_QUERY_ROOT,
        predicate: (q) => q.queryKey[1] !== 'unread',
      });
    },
  };
}

export function useMarkMessagesRead() {
  const settle = useSettle();
  return useMutation({
    mutationFn: (ids: number[]) => api.call(messageReadCall, { ids }, { silent: true }),
    ...settle,
  });
}

export function useMarkAllMessagesRead() {
  const settle = useSettle();
  return useMutation({ mutationFn: () => api.call(messageReadAllCall, {}), ...settle });
}

export function useDeleteMessages() {
  const settle = useSettle();
  return useMutation({ mutationFn: (ids: number[]) => api.call(messageDeleteCall, { ids }), ...settle });
}
