import { useLingui } from '@lingui/react/macro';
import { currentLocale } from '#lib/i18n';
import { useIsOnline } from '#lib/online';
import './saved-at.css';

interface SavedAtProps {
  /** When the data on screen was last answered by the server (a query's `dataUpdatedAt`). */
  updatedAt: number;
  /** The last try to refresh it failed. */
  refreshFailed: boolean;
}

/**
 * Says how old the data on screen is when it may be stale: offline, or after a refresh that failed.
 * Fresh data needs no note.
 */
export function SavedAt({ updatedAt, refreshFailed }: SavedAtProps) {
  const { t } = useLingui();
  const online = useIsOnline();
  if ((online && !refreshFailed) || updatedAt === 0) return null;
  const when = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(
    updatedAt,
  );
  return (
    <p className="saved-at" data-testid="saved-at">
      {t`Last updated ${when}`}
    </p>
  );
}
