import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { EmptyState } from '#ui/empty-state';
import { Page } from '#ui/page';
import { SkeletonRows } from '#ui/skeleton';
import { useMarkNoticesRead } from '../notices.mutations';
import { useNoticeCentre } from '../notices.queries';
import { noticeDate, noticeTitle } from './notice-centre';
import './notices.css';

/** One notice, marked read once shown; a withdrawn or ended notice is gone from the centre, and says so. */
export function NoticeView({ id }: { id: number }) {
  const { t, i18n } = useLingui();
  const notices = useNoticeCentre(i18n.locale);
  const notice = notices.data?.find((n) => n.id === id);
  const markRead = useMarkNoticesRead();
  const unread = notice !== undefined && !notice.read;
  const { mutate } = markRead;
  useEffect(() => {
    if (unread) mutate([id]);
  }, [unread, id, mutate]);

  return (
    <Page title={t`Notice`}>
      {notice ? (
        <article className="notice-view">
          <h2 className="notice-view__title">{noticeTitle(notice)}</h2>
          <time className="notice-view__time" dateTime={new Date(notice.publishFrom).toISOString()}>
            {noticeDate(notice.publishFrom)}
          </time>
          <p className="notice-view__body">{notice.body}</p>
        </article>
      ) : notices.isPending ? (
        <SkeletonRows count={1} label={t`Loading`} />
      ) : (
        <EmptyState
          title={t`This notice is no longer available`}
          action={
            <Link to="/notices" className="button button--primary">
              {t`All notices`}
            </Link>
          }
        >
          <p>{t`It was withdrawn or its time has passed.`}</p>
        </EmptyState>
      )}
    </Page>
  );
}
