import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { NoticeDetail } from '#contract/content';
import { currentLocale } from '#lib/i18n';
import { EmptyState } from '#ui/empty-state';
import type { InboxItem } from '#ui/inbox';
import { InboxList, InboxRowContent, inboxRowClass } from '#ui/inbox';
import { Page } from '#ui/page';
import { SavedAt } from '#ui/saved-at';
import { SkeletonRows } from '#ui/skeleton';
import { useMarkNoticesRead } from '../notices.mutations';
import { unreadIds, useNoticeCentre } from '../notices.queries';
import { PushSwitch } from './push-switch';
import './notices.css';

export const noticeDate = (at: number): string =>
  new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(at);

/** A notice without a title is named by the start of its text. */
export const noticeTitle = (notice: Pick<NoticeDetail, 'title' | 'body'>): string =>
  notice.title || notice.body.split('\n')[0] || '';

/** A notice as the inbox shows it, dated by the start of its publication. */
export const noticeItem = (notice: Pick<NoticeDetail, 'title' | 'body' | 'publishFrom'>): InboxItem => ({
  title: noticeTitle(notice),
  at: notice.publishFrom,
  time: noticeDate(notice.publishFrom),
  body: notice.body,
});

/** The notice centre: live notices, newest first, unread marked; the notification switch on top. */
export function NoticeCentre() {
  const { t, i18n } = useLingui();
  const notices = useNoticeCentre(i18n.locale);
  const markRead = useMarkNoticesRead();
  const list = notices.data ?? [];
  const unread = unreadIds(list);
  return (
    <Page
      title={t`Notices`}
      end={
        unread.length > 0 ? (
          <button type="button" className="text-button" onClick={() => markRead.mutate(unread)}>
            {t`Mark all read`}
          </button>
        ) : null
      }
    >
      <PushSwitch />
      <SavedAt updatedAt={notices.dataUpdatedAt} refreshFailed={notices.isRefetchError} />
      {notices.isPending ? (
        <SkeletonRows label={t`Loading`} />
      ) : list.length === 0 ? (
        <EmptyState title={t`No notices yet`} />
      ) : (
        <InboxList label={t`Notices`}>
          {list.map((notice) => (
            <li key={notice.id}>
              <Link
                to="/notices/$id"
                params={{ id: notice.id }}
                className={inboxRowClass()}
                data-unread={!notice.read}
              >
                <InboxRowContent
                  unread={!notice.read}
                  item={noticeItem(notice)}
                  preview={notice.title !== ''}
                />
              </Link>
            </li>
          ))}
        </InboxList>
      )}
    </Page>
  );
}
