import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { type RealityCheck as Check, realityCheckCall } from '#contract/protection';
import { api } from '#lib/api-client';
import { formatMoney } from '#lib/money';
import { formatElapsed } from '../protection-labels';
import './protection.css';

/**
 * The reality check over a game in play (composed into the games launcher by its route): when the game
 * opens the server marks the session's start; every chosen interval the game is covered by the time played
 * and the net position since then, both from the server, with continue or leave. Off: renders nothing.
 */
export function RealityCheck({ onLeave }: { onLeave: () => void }) {
  const { t, i18n } = useLingui();
  const [session, setSession] = useState<Check | null>(null);
  const [shown, setShown] = useState<Check | null>(null);
  const [round, setRound] = useState(0);
  const cont = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const controller = new AbortController();
    api
      .call(realityCheckCall, {}, { signal: controller.signal, silent: true })
      .then(setSession)
      .catch(() => {
        // Without its start the check cannot say anything true: the game goes on without it.
      });
    return () => controller.abort();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` restarts the timer after "continue"
  useEffect(() => {
    if (!session || session.intervalMinutes <= 0) return;
    const timer = setTimeout(() => {
      api
        .call(realityCheckCall, { since: session.since }, { silent: true })
        .then(setShown)
        .catch(() => setRound((r) => r + 1));
    }, session.intervalMinutes * 60_000);
    return () => clearTimeout(timer);
  }, [session, round]);

  useEffect(() => {
    if (shown) cont.current?.focus();
  }, [shown]);

  if (!shown) return null;
  const elapsed = formatElapsed(i18n, shown.elapsedMs);
  const net = `${shown.net > 0 ? '+' : ''}${formatMoney(shown.net)}`;
  return (
    <div
      className="card reality-check"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={textId}
      data-testid="reality-check"
    >
      <h2 id={titleId} className="reality-check__title">{t`Reality check`}</h2>
      <p id={textId}>
        {t`You have played for ${elapsed}.`} {t`Net position: ${net}`}
      </p>
      <div className="reality-check__actions">
        <button type="button" className="button button--ghost" onClick={onLeave}>
          {t`Leave the game`}
        </button>
        <button
          ref={cont}
          type="button"
          className="button button--primary"
          onClick={() => {
            setShown(null);
            setRound((r) => r + 1);
          }}
        >
          {t`Continue`}
        </button>
      </div>
    </div>
  );
}
