import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { loadingCount } from '#lib/loading';
import { useStore } from '#lib/store';
import './loading-overlay.css';

/** Spec section 2: once shown, the overlay stays at least this long so it never flickers. */
export const MIN_VISIBLE_MS = 300;

export function LoadingOverlay() {
  const count = useStore(loadingCount);
  const { t } = useLingui();
  const [visible, setVisible] = useState(false);
  const shownAt = useRef(0);

  useEffect(() => {
    if (count > 0) {
      if (!visible) {
        shownAt.current = Date.now();
        setVisible(true);
      }
      return;
    }
    if (!visible) return;
    const remaining = MIN_VISIBLE_MS - (Date.now() - shownAt.current);
    if (remaining <= 0) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(false), remaining);
    return () => clearTimeout(timer);
  }, [count, visible]);

  if (!visible) return null;
  return (
    <div className="loading-overlay" role="progressbar" aria-label={t`Loading`} aria-busy="true">
      <span className="spinner" aria-hidden="true" />
    </div>
  );
}
