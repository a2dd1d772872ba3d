import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { EmptyState } from '#ui/empty-state';
import { TrashIcon } from '#ui/icons';
import { Page } from '#ui/page';
import { SkeletonRows } from '#ui/skeleton';
import { useDeleteMessages, useMarkMessagesRead } from '../messages.mutations';
import { messageQueries } from '../messages.queries';
import { messageTime } from './message-time';
import { useMessageWording } from './use-message-wording';
import './messages.css';

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

  const words = message.data ? word(message.data) : null;
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
      {message.data && words ? (
        <article className="message-view">
          <h2 className="message-view__title">{words.title}</h2>
          <time className="message-view__time" dateTime={new Date(message.data.createdAt).toISOString()}>
            {messageTime(message.data.createdAt, i18n.locale)}
          </time>
          <p className="message-view__body">{words.body}</p>
        </article>
      ) : message.isPending ? (
        <SkeletonRows count={1} label={t`Loading`} />
      ) : (
        <EmptyState
          title={t`This message is no longer available`}
          action={
            <Link to="/Messages" className="button button--primary">
              {t`All messages`}
            </Link>
          }
        />
      )}
    </Page>
  );
}
