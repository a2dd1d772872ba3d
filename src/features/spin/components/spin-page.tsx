import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { SPIN_DOUBLE_AT, type SpinDraw, type SpinState } from '#contract/spin';
import { formatMoney } from '#lib/money';
import { EmptyState } from '#ui/empty-state';
import { Page } from '#ui/page';
import { SkeletonRows } from '#ui/skeleton';
import { ZoneNote } from '#ui/zone-note';
import { useSpinMutation } from '../spin.mutations';
import { spinQueries } from '../spin.queries';
import { wonName } from '../spin-labels';
import { SpinDays, SpinFollowUps } from './spin-days';
import { SpinTerms } from './spin-terms';
import { SpinWheel } from './spin-wheel';
import './spin.css';

/**
 * The spin wheel's page: the wheel with today's spin, the run's days, the player's prizes waiting for
 * customer service, the odds and the terms. `onWon` refreshes what a prize changes elsewhere (the wallet),
 * handed in by the route.
 */
export function SpinPage({ onWon }: { onWon: () => void }) {
  const { t } = useLingui();
  const state = useQuery(spinQueries.state());
  const data = state.data;
  return (
    <Page title={t`Spin wheel`} bodyClassName="spin-page">
      {state.isPending ? (
        <SkeletonRows count={3} label={t`Loading`} />
      ) : !data ? null : (
        <>
          {data.run ? (
            <Wheel state={data} onWon={onWon} />
          ) : (
            <EmptyState
              title={t`No spins right now`}
              action={
                <Link to="/Deposit" className="button button--primary">
                  {t`Recharge`}
                </Link>
              }
            >
              {t`Recharge any amount to get 7 free spins, one a day.`}
            </EmptyState>
          )}
          <SpinFollowUps draws={data.followUps} />
          {/* The wheel's days and "Today" are the user's site's; the records say the same zone. */}
          <ZoneNote className="spin-hint" />
          <SpinTerms state={data} />
        </>
      )}
    </Page>
  );
}

interface Turn {
  id: number;
  draw: SpinDraw;
  target: number | null;
}

function Wheel({ state, onWon }: { state: SpinState; onWon: () => void }) {
  const { t, i18n } = useLingui();
  const run = state.run;
  const spin = useSpinMutation();
  const [turn, setTurn] = useState<Turn | null>(null);
  const [announced, setAnnounced] = useState('');
  const today = run?.days.find((d) => d.day === state.today);
  const turning = turn !== null && announced === '';

  const announce = useCallback(
    (draw: SpinDraw) => {
      const prize = wonName(i18n, draw);
      setAnnounced(
        draw.prize.kind === 'item'
          ? t`You won: ${prize}! Customer service will contact you within 24 hours.`
          : draw.multiplier > 1
            ? t`You won ${prize} (doubled)! It is in your balance.`
            : t`You won ${prize}! It is in your balance.`,
      );
      void spin.refresh();
      onWon();
    },
    [i18n, t, spin, onWon],
  );

  if (!run) return null;
  const go = () => {
    setAnnounced('');
    spin.mutate(state.today, {
      onSuccess: ({ draw }) => {
        const target = state.prizes.findIndex((p) => p.code === draw.prize.code);
        setTurn((prev) => ({ id: (prev?.id ?? 0) + 1, draw, target: target < 0 ? null : target }));
        if (target < 0) announce(draw);
      },
    });
  };
  const spunToday = today?.state === 'spun' ? today.draw : null;
  const recharged = formatMoney(run.recharged);
  const doubleAt = formatMoney(SPIN_DOUBLE_AT);

  return (
    <section className="card" aria-labelledby="spin-title">
      <h2 id="spin-title" className="spin-card__title">
        {t`Your free spins`}
      </h2>
      <p className={run.doubled ? 'spin-badge spin-badge--on' : 'spin-badge'}>
        {run.doubled
          ? t`Rewards doubled: your recharges reached ${doubleAt}.`
          : t`Recharged ${recharged} of ${doubleAt}: at ${doubleAt} your rewards double.`}
      </p>
      <SpinWheel
        prizes={state.prizes}
        target={turn?.target ?? null}
        spinId={turn?.id ?? 0}
        onShown={() => turn && announce(turn.draw)}
      />
      <button
        type="button"
        className="button button--primary button--block"
        onClick={go}
        disabled={today?.state !== 'open' || spin.isPending || turning}
      >
        {spin.isPending || turning ? t`Spinning…` : t`Spin`}
      </button>
      <p className="spin-result" role="status" aria-live="polite" data-testid="spin-result">
        {announced}
      </p>
      {!announced && spunToday ? (
        <p className="spin-hint">{t`Today's prize: ${wonName(i18n, spunToday)}. Come back tomorrow for the next spin.`}</p>
      ) : null}
      {!today ? <p className="spin-hint">{t`No spin today.`}</p> : null}
      <SpinDays days={run.days} />
    </section>
  );
}
