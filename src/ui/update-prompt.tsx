import { useLingui } from '@lingui/react/macro';
import { applyUpdate, dismissUpdate, updateWaitingStore } from '#lib/pwa';
import { useStore } from '#lib/store';
import './update-prompt.css';

/**
 * Offers a new version that is installed and waiting. It never interrupts: the user updates when it
 * suits them (or on the next launch after all tabs close), and the page reloads once.
 */
export function UpdatePrompt() {
  const { t } = useLingui();
  const waiting = useStore(updateWaitingStore);
  return (
    <div className="update-prompt-region" aria-live="polite">
      {waiting ? (
        <section className="update-prompt" aria-label={t`Update`}>
          <p className="update-prompt__text">{t`A new version of Beacon is ready.`}</p>
          <div className="update-prompt__actions">
            <button type="button" className="button button--small button--outline" onClick={dismissUpdate}>
              {t`Later`}
            </button>
            <button type="button" className="button button--small button--primary" onClick={applyUpdate}>
              {t`Update now`}
            </button>
          </div>
        </section>
      ) : null}
    </div>
  );
}
