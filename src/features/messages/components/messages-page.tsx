import { useLingui } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { EmptyState } from '#ui/empty-state';
import { InboxRowContent, inboxRowClass } from '#ui/inbox';
import { NoDataPicture } from '#ui/no-data-picture';
import { Page } from '#ui/page';
import { SkeletonRows } from '#ui/skeleton';
import { VirtualList } from '#ui/virtual-list';
import { useMarkAllMessagesRead } from '../messages.mutations';
import { messageQueries } from '../messages.queries';
import { messageTime } from './message-time';
import { useMessageWording } from './use-message-wording';

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
            const item = { ...word(m), at: m.createdAt, time: messageTime(m.createdAt, i18n.locale) };
            return (
              <Link
                to="/Messages/$id"
                params={{ id: m.id }}
                className={inboxRowClass(true)}
                data-unread={!m.read}
              >
                <InboxRowContent unread={!m.read} item={item} />
              </Link>
            );
          }}
        />
      )}
    </Page>
  );
}
