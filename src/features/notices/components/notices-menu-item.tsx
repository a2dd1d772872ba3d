import { useLingui } from '@lingui/react/macro';
import { BellIcon } from '#ui/icons';
import { MenuLink } from '#ui/menu-link';
import { unreadIds, useNoticeCentre } from '../notices.queries';

/** The My page's way into the notice centre, with the unread count. */
export function NoticesMenuItem() {
  const { t, i18n } = useLingui();
  const count = unreadIds(useNoticeCentre(i18n.locale).data).length;
  return <MenuLink to="/notices" icon={<BellIcon size={22} />} label={t`Notices`} count={count} />;
}
