import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { BellIcon, ChevronRightIcon } from '#ui/icons';
import { unreadIds, useNoticeCentre } from '../notices.queries';

/** The My page's way into the notice centre, with the unread count. */
export function NoticesMenuItem() {
  const { t, i18n } = useLingui();
  const count = unreadIds(useNoticeCentre(i18n.locale).data).length;
  return (
    <li>
      <Link to="/notices" className="menu-list__item">
        <BellIcon size={22} />
        <span>{t`Notices`}</span>
        {count > 0 ? (
          <>
            <span className="count-badge" aria-hidden="true">
              {count}
            </span>{' '}
            <span className="visually-hidden">{t`${count} unread`}</span>
          </>
        ) : null}
        <ChevronRightIcon size={20} className="menu-list__chevron" />
      </Link>
    </li>
  );
}
