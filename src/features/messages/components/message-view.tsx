import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { TrashIcon } from '#ui/icons';
import { InboxDetail } from '#ui/inbox';
import { Page } from '#ui/page';
import { useDeleteMessages, useMarkMessagesRead } from '../messages.mutations';
import { messageQueries } from '../messages.queries';
import { messageTime } from './message-time';
import { useMessageWording } from './use-message-wording';

/** One message, marked read once shown; deleting it goes back to the list. */
export function MessageView({ id }: { id: number }) {
  const { t, i18n } = useLingui();
  const router = useRouter();
  const message = useQuery({ ...messageQueries.detail(id, i18n.locale), retry: false });
  const word = useMessageWording();
  const markRead = useMarkMessagesRead();
  const remove = useDeleteMessages();
  const unread = message.data !== undefined && !message.data.read;
  const { mutate } = markRead;
  useEffect(() => {
    if (unread) mutate([id]);
  }, [unread, id, mutate]);

  const item = message.data && {
    ...word(message.data),
    at: message.data.createdAt,
    time: messageTime(message.data.createdAt, i18n.locale),
  };
  return (
    <Page
      title={t`Message`}
      end={
        message.data ? (
          <button
            type="button"
            className="icon-button"
            aria-label={t`Delete message`}
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate([id], {
                onSuccess: () => void router.navigate({ to: '/Messages', replace: true }),
              })
            }
          >
            <TrashIcon />
          </button>
        ) : null
      }
    >
      <InboxDetail
        item={item}
        pending={message.isPending}
        gone={{
          title: t`This message is no longer available`,
          list: { to: '/Messages', label: t`All messages` },
        }}
      />
    </Page>
  );
}
