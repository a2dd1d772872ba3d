import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { showUnreadNotices } from '#lib/app-badge';
import { unreadIds, useNoticeCentre } from '../notices.queries';

/**
 * Keeps the device in step with the notices: the app badge and the service worker's unread list follow
 * the centre (empty when logged out), and a push subscription follows the app's language.
 */
export function NoticeSync() {
  const { i18n } = useLingui();
  const notices = useNoticeCentre(i18n.locale);
  const unread = unreadIds(notices.data).join(',');
  useEffect(() => {
    void showUnreadNotices(unread ? unread.split(',').map(Number) : []);
  }, [unread]);

  const shownLocale = useRef(i18n.locale);
  useEffect(() => {
    if (shownLocale.current === i18n.locale) return;
    shownLocale.current = i18n.locale;
    const locale = i18n.locale;
    // Only a change of language needs the push code: it is loaded then.
    void import('#lib/push').then(({ followLocale }) => followLocale(locale)).catch(() => undefined);
  }, [i18n.locale]);
  return null;
}
