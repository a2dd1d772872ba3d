import { useLingui } from '@lingui/react/macro';
import { useIsOnline } from '#lib/online';
import './offline-indicator.css';

/**
 * A bar while the connection is down. The live region stays mounted so the change is announced; it
 * takes no focus and lets taps through to whatever is under it. No role="status": that role belongs to
 * the toaster's region, the one status region of the page.
 */
export function OfflineIndicator() {
  const { t } = useLingui();
  const online = useIsOnline();
  return (
    <div className="offline-indicator" aria-live="polite" aria-atomic="true">
      {online ? null : <p className="offline-indicator__bar">{t`You're offline. Showing saved data.`}</p>}
    </div>
  );
}
