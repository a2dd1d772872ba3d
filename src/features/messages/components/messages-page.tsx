import { useLingui } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { EmptyState } from '#ui/empty-state';
import { NoDataPicture } from '#ui/no-data-picture';
import { Page } from '#ui/page';
import { SkeletonRows } from '#ui/skeleton';
import { VirtualList } from '#ui/virtual-list';
import { useMarkAllMessagesRead } from '../messages.mutations';
import { messageQueries } from '../messages.queries';
import { messageTime } from './message-time';
import { useMessageWording } from './use-message-wording';
import './messages.css';

/** The user's messages, newest first, 50 a page; unread ones marked; "mark all read" on top. */
export function MessagesPage() {
  const { t, i18n } = useLingui();
  const list = useInfiniteQuery(messageQueries.list(i18n.locale));
  const readAll = useMarkAllMessagesRead();
  const word = useMessageWording();
  const items = list.data?.pages.flatMap((p) => p.content) ?? [];
  const unread = list.data?.pages[0]?.unread ?? 0;
  return (
    <Page
      title={t`Messages`}
      end={
        unread > 0 ? (
          <button
            type="button"
            className="text-button"
            disabled={readAll.isPending}
            onClick={() => readAll.mutate()}
          >
            {t`Mark all read`}
          </button>
        ) : null
      }
    >
      {list.isPending ? (
        <SkeletonRows label={t`Loading`} />
      ) : items.length === 0 ? (
        <EmptyState picture={<NoDataPicture />} title={t`No messages yet`} />
      ) : (
        <VirtualList
          items={items}
          itemKey={(m) => m.id}
          estimateSize={84}
          label={t`Messages`}
          hasMore={list.hasNextPage}
          loadingMore={list.isFetchingNextPage}
          onLoadMore={() => void list.fetchNextPage()}
          renderItem={(m) => {
            const words = word(m);
            return (
              <Link to="/Messages/$id" params={{ id: m.id }} className="message-row" data-unread={!m.read}>
                <span className="message-row__head">
                  {m.read ? null : (
                    <span className="message-row__dot">
                      <span className="visually-hidden">{t`Unread`}</span>
                    </span>
                  )}
                  <span className="message-row__title">{words.title}</span>
                </span>
                <span className="message-row__body">{words.body}</span>
                <time className="message-row__time" dateTime={new Date(m.createdAt).toISOString()}>
                  {messageTime(m.createdAt, i18n.locale)}
                </time>
              </Link>
            );
          }}
        />
      )}
    </Page>
  );
}
