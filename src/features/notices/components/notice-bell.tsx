import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { BellIcon } from '#ui/icons';
import { announcePushChange } from '../announce-push';
import { usePushState } from '../use-push-state';

/**
 * The ticker's bell. While notifications could be turned on it is a button that asks (the only way the
 * permission prompt appears from home); otherwise it is the ticker's plain icon and settings hold the switch.
 */
export function NoticeBell() {
  const { t, i18n } = useLingui();
  const state = usePushState();
  const [busy, setBusy] = useState(false);
  // The subscribing code comes once the bell can ask, not with home: ready before the tap, so the
  // permission prompt still follows the tap at once.
  useEffect(() => {
    if (state === 'off') void import('#lib/push').catch(() => undefined);
  }, [state]);
  if (state !== 'off') return <BellIcon size={20} className="notice-ticker__icon" />;
  const turnOn = async () => {
    setBusy(true);
    try {
      const { enablePush } = await import('#lib/push');
      announcePushChange(state, await enablePush(i18n.locale));
    } catch {
      // Shown by the api client.
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="icon-button notice-ticker__bell"
      aria-label={t`Get new notices as notifications`}
      disabled={busy}
      onClick={() => void turnOn()}
    >
      <BellIcon size={20} />
      <span className="notice-ticker__bell-dot" aria-hidden="true" />
    </button>
  );
}
