import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { NoticeDetail } from '#contract/content';
import { currentLocale } from '#lib/i18n';
import { EmptyState } from '#ui/empty-state';
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
        <ul className="notice-list" aria-label={t`Notices`}>
          {list.map((notice) => (
            <li key={notice.id}>
              <Link
                to="/notices/$id"
                params={{ id: notice.id }}
                className="notice-list__item"
                data-unread={!notice.read}
              >
                <span className="notice-list__head">
                  {notice.read ? null : (
                    <span className="notice-list__dot">
                      <span className="visually-hidden">{t`Unread`}</span>
                    </span>
                  )}
                  <span className="notice-list__title">{noticeTitle(notice)}</span>
                </span>
                {notice.title ? <span className="notice-list__body">{notice.body}</span> : null}
                <time className="notice-list__time" dateTime={new Date(notice.publishFrom).toISOString()}>
                  {noticeDate(notice.publishFrom)}
                </time>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
