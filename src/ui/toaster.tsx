import { useLingui } from '@lingui/react/macro';
import { useStore } from '#lib/store';
import { dismissToast, toastStore } from '#lib/toast';
import './toaster.css';

/**
 * Two live regions that always exist, so screen readers announce what is inserted: positive
 * messages at the top (polite status), negative ones at the bottom (alert).
 */
export function Toaster() {
  const toasts = useStore(toastStore);
  const { t } = useLingui();
  const render = (kind: 'positive' | 'negative') =>
    toasts
      .filter((item) => item.kind === kind)
      .map((item) => (
        <div key={item.id} className={`toast toast--${kind}`}>
          <span className="toast__text">{item.message}</span>
          <button
            type="button"
            className="toast__close"
            aria-label={t`Dismiss`}
            onClick={() => dismissToast(item.id)}
          >
            ×
          </button>
        </div>
      ));
  return (
    <>
      <div className="toast-region toast-region--top" role="status" aria-live="polite">
        {render('positive')}
      </div>
      <div className="toast-region toast-region--bottom" role="alert" aria-live="assertive">
        {render('negative')}
      </div>
    </>
  );
}
