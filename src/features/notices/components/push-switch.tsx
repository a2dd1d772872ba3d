import { useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { disablePush, enablePush } from '#lib/push';
import type { PushState } from '#lib/push-state';
import { announcePushChange } from '../announce-push';
import { usePushState } from '../use-push-state';
import './notices.css';

/**
 * The notification switch (settings and the notice centre). The permission prompt comes only from a tap
 * on it, never on load; every state that cannot be switched says why and what to do.
 */
export function PushSwitch() {
  const { t, i18n } = useLingui();
  const state = usePushState();
  const [busy, setBusy] = useState(false);
  const labelId = useId();
  const hintId = useId();
  const on = state === 'on';

  const hints: Record<PushState, string> = {
    on: t`New notices arrive as notifications on this device, even when Beacon is closed.`,
    off: t`Turn on to get new notices as notifications on this device, even when Beacon is closed.`,
    denied: t`Notifications are blocked for Beacon in this browser. To turn them on, allow notifications for this site in the browser's site settings (the icon beside the address), then come back here.`,
    'needs-install': t`On iPhone and iPad, notifications work only in the installed app: tap Share, then Add to Home Screen, open Beacon from the Home Screen and turn this on there.`,
    unsupported: t`This browser cannot show notifications from Beacon.`,
  };

  const toggle = async () => {
    setBusy(true);
    try {
      announcePushChange(state, on ? await disablePush() : await enablePush(i18n.locale));
    } catch {
      // The api client has shown what went wrong; the switch shows the state as it is.
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="push-switch">
      <div className="push-switch__row">
        <span id={labelId} className="push-switch__label">
          {t`Notice notifications`}
        </span>
        <button
          type="button"
          role="switch"
          className="switch"
          aria-checked={on}
          aria-labelledby={labelId}
          aria-describedby={hintId}
          aria-busy={busy || state === null}
          disabled={busy || (state !== 'on' && state !== 'off')}
          onClick={() => void toggle()}
        >
          <span className="switch__thumb" aria-hidden="true" />
        </button>
      </div>
      <p id={hintId} className="push-switch__hint" data-state={state ?? 'checking'}>
        {state === null ? t`Checking this device…` : hints[state]}
      </p>
    </section>
  );
}
