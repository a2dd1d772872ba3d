import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { InboxDetail } from '#ui/inbox';
import { Page } from '#ui/page';
import { useMarkNoticesRead } from '../notices.mutations';
import { useNoticeCentre } from '../notices.queries';
import { noticeItem } from './notice-centre';
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
      <InboxDetail
        item={notice && noticeItem(notice)}
        pending={notices.isPending}
        gone={{
          title: t`This notice is no longer available`,
          text: <p>{t`It was withdrawn or its time has passed.`}</p>,
          list: { to: '/notices', label: t`All notices` },
        }}
      />
    </Page>
  );
}
