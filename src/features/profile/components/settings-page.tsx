import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import { BUILD_ID, buildLabel } from '#lib/build-info';
import { checkForUpdate } from '#lib/pwa';
import { Dialog } from '#ui/dialog';
import { DialogActions } from '#ui/dialog-actions';
import { LocalePicker } from '#ui/locale-picker';
import { MenuLink } from '#ui/menu-link';
import { Page } from '#ui/page';
import { LogoutButton } from './logout-button';
import './profile.css';

/** The account pages Settings opens; the responsible-gaming tools are added by the route when present. */
const ACCOUNT_PAGES = [
  { to: '/Avatar', label: msg`Avatar` },
  { to: '/Birthday', label: msg`Date of birth` },
  { to: '/Password', label: msg`Change login password` },
  { to: '/Safe', label: msg`Safe password` },
  { to: '/Levels', label: msg`VIP levels` },
] as const satisfies ReadonlyArray<{ to: string; label: MessageDescriptor }>;

interface SettingsPageProps {
  /** Notifications, composed by the route from the notices feature. */
  notifications: ReactNode;
  /** The invite code bound to (once), from the agent feature. */
  invite?: ReactNode;
  /** The responsible-gaming tools' entry (/Protection), from the protection feature. */
  protection?: ReactNode;
  onLogout: () => void;
  loggingOut: boolean;
  /** Logs out, deletes this device's saved data and reloads to the login page. */
  onClearData: () => Promise<void>;
}

type UpdateCheck = 'idle' | 'checking' | 'waiting' | 'latest' | 'unavailable';

/**
 * Settings: the account (avatar, login and safe passwords, levels, responsible gaming), notifications, the
 * invite code, the language, this device's saved data, the app's version with a check for updates, and
 * logging out.
 */
export function SettingsPage({
  notifications,
  invite,
  protection,
  onLogout,
  loggingOut,
  onClearData,
}: SettingsPageProps) {
  const { t, i18n } = useLingui();
  const [update, setUpdate] = useState<UpdateCheck>('idle');
  const [confirmClear, setConfirmClear] = useState(false);
  const [clearing, setClearing] = useState(false);

  const check = async () => {
    setUpdate('checking');
    setUpdate(await checkForUpdate().catch(() => 'unavailable' as const));
  };
  const clear = async () => {
    setClearing(true);
    await onClearData();
  };
  const updateText: Record<UpdateCheck, string> = {
    idle: '',
    checking: t`Checking for updates…`,
    waiting: t`A new version is available.`,
    latest: t`You have the latest version.`,
    unavailable: t`Updates cannot be checked here now. Try again when online.`,
  };

  return (
    <Page
      title={t`Settings`}
      bodyClassName="settings-list"
      overlays={
        <Dialog
          open={confirmClear}
          title={t`Clear saved data?`}
          onClose={() => setConfirmClear(false)}
          footer={
            <DialogActions
              actions={[
                { label: t`Cancel`, variant: 'ghost', onClick: () => setConfirmClear(false) },
                {
                  label: t`Clear and log out`,
                  variant: 'danger',
                  onClick: () => void clear(),
                  disabled: clearing,
                },
              ]}
            />
          }
        >
          <p>{t`You will be logged out on this device and need to log in again. Nothing is removed from your account.`}</p>
        </Dialog>
      }
    >
      <nav aria-label={t`Account`}>
        <ul className="menu-list">
          {ACCOUNT_PAGES.map((page) => (
            <MenuLink key={page.to} to={page.to} label={i18n._(page.label)} />
          ))}
        </ul>
      </nav>
      {protection}
      {notifications}
      {invite}
      <LocalePicker className="locale-picker--card" />
      <section className="settings-card" aria-labelledby="settings-device-title">
        <h2 className="settings-card__title" id="settings-device-title">
          {t`This device`}
        </h2>
        <p>
          {t`Saved screens, pictures and settings stay on this phone so the app opens fast and works offline. Clearing them logs you out here; your language is kept.`}
        </p>
        <button
          type="button"
          className="button button--danger-outline button--block"
          onClick={() => setConfirmClear(true)}
        >
          {t`Clear saved data`}
        </button>
      </section>
      <section className="settings-card" aria-labelledby="settings-version-title">
        <h2 className="settings-card__title" id="settings-version-title">
          {t`App version`}
        </h2>
        <p className="tabular" data-testid="app-version">
          {t`Built ${buildLabel(BUILD_ID, i18n.locale)}`}
        </p>
        <button
          type="button"
          className="button button--secondary button--block"
          onClick={() => void check()}
          disabled={update === 'checking'}
        >
          {t`Check for updates`}
        </button>
        <p role="status">{updateText[update]}</p>
      </section>
      <LogoutButton onLogout={onLogout} loggingOut={loggingOut} />
    </Page>
  );
}
