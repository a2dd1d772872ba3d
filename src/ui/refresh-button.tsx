import { useLingui } from '@lingui/react/macro';
import { RefreshIcon } from './icons';

export interface RefreshProps {
  /** Asks again for what the page or card shows. */
  onRefresh: () => unknown;
  /** A refresh is under way: the icon turns and the button says it is busy (it stays a tab stop). */
  busy: boolean;
  /** What it refreshes, when not the whole page ("Refresh balance"). */
  label?: string;
  size?: number;
}

/** The one refresh button: a page's title bar (through `Page`'s `refresh`) and the wallet's balance card. */
export function RefreshButton({ onRefresh, busy, label, size = 22 }: RefreshProps) {
  const { t } = useLingui();
  return (
    <button
      type="button"
      className="icon-button"
      onClick={() => void onRefresh()}
      aria-label={label ?? t`Refresh`}
      aria-busy={busy || undefined}
    >
      <RefreshIcon size={size} className={busy ? 'icon-spin' : undefined} />
    </button>
  );
}
