import { useLingui } from '@lingui/react/macro';
import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ChevronRightIcon } from './icons';

/**
 * One row of a `.menu-list` that opens a page: its icon (or the plain dot), its name, an unread count when
 * there is one (a badge the eye reads, a sentence for screen readers), and the chevron.
 */
export function MenuLink({
  to,
  label,
  icon,
  count = 0,
  badgeTestId,
}: {
  to: LinkProps['to'];
  label: string;
  icon?: ReactNode;
  count?: number;
  badgeTestId?: string;
}) {
  const { t } = useLingui();
  return (
    <li>
      <Link to={to} className="menu-list__item">
        {icon ?? <span className="menu-list__dot" aria-hidden="true" />}
        <span>{label}</span>
        {count > 0 ? (
          <>
            <span className="count-badge" aria-hidden="true" data-testid={badgeTestId}>
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
