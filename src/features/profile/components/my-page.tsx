import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ROLE_LABELS, type UserInfo } from '#contract/user';
import { openSupport } from '#lib/support';
import { Avatar } from '#ui/avatar';
import { ChevronRightIcon, SupportIcon } from '#ui/icons';
import { InstallMenuItem } from '#ui/install-button';
import { LocalePicker } from '#ui/locale-picker';
import { MenuLink } from '#ui/menu-link';
import { Page } from '#ui/page';
import { LogoutButton } from './logout-button';
import './profile.css';

const JOB_LABELS: readonly MessageDescriptor[] = [msg`Player`, msg`Agent`, msg`Senior agent`];
const ROLE_MESSAGES: Record<(typeof ROLE_LABELS)[number], MessageDescriptor> = {
  Member: msg`Member`,
  Leader: msg`Leader`,
  Partner: msg`Partner`,
};

export function roleLabel(role: number): MessageDescriptor {
  const key = ROLE_LABELS[role] ?? ROLE_LABELS[0];
  return ROLE_MESSAGES[key];
}

export function jobLabel(job: number): MessageDescriptor {
  return JOB_LABELS[job] ?? msg`Player`;
}

/** The pages the menu of /my opens, below customer service and installing the app. */
const MENU_PAGES = [
  { to: '/Bonuses', label: msg`Bonuses` },
  { to: '/RakeBack', label: msg`Rake back` },
  { to: '/Levels', label: msg`VIP levels` },
  { to: '/Setting', label: msg`Settings` },
  { to: '/Help', label: msg`Help` },
  { to: '/Service', label: msg`Contact us` },
  { to: '/AboutUs', label: msg`About us` },
] as const;

interface MyPageProps {
  user: UserInfo;
  /** The wallet part (level, balances, money entries), composed by the route from the wallet feature. */
  wallet?: ReactNode;
  /** The notice centre's entry (a list item), composed by the route from the notices feature. */
  notices?: ReactNode;
  onLogout: () => void;
  loggingOut: boolean;
}

export function MyPage({ user, wallet, notices, onLogout, loggingOut }: MyPageProps) {
  const { i18n, t } = useLingui();
  const initial = user.username.replace(/^\d+\+/, '').slice(-2);
  return (
    <Page
      header={
        <header className="profile-card">
          {/* Named by hidden text, not aria-label: the picture's fallback shows digits that are not its name. */}
          <Link to="/Avatar" className="profile-card__avatar">
            <Avatar id={user.avatar} fallback={initial} size={52} className="profile-card__picture" />
            <span className="visually-hidden">{t`Change avatar`}</span>
          </Link>
          <div className="profile-card__info">
            <h1 className="profile-card__name">{user.username}</h1>
            <p className="profile-card__meta">
              <span>
                <Trans>UID</Trans> <span className="tabular">{user.uid}</span>
              </span>
              <span className="badge">{i18n._(jobLabel(user.job))}</span>
              <span className="badge badge--muted">{i18n._(roleLabel(user.role))}</span>
            </p>
          </div>
        </header>
      }
    >
      {wallet}
      <ul className="menu-list">
        {notices}
        <li>
          <button type="button" className="menu-list__item" onClick={openSupport}>
            <SupportIcon size={22} />
            <span>
              <Trans>Customer service</Trans>
            </span>
            <ChevronRightIcon size={20} className="menu-list__chevron" />
          </button>
        </li>
        <InstallMenuItem />
        {MENU_PAGES.map((page) => (
          <MenuLink key={page.to} to={page.to} label={i18n._(page.label)} />
        ))}
      </ul>
      <LocalePicker className="locale-picker--card" />
      <LogoutButton onLogout={onLogout} loggingOut={loggingOut} />
    </Page>
  );
}
