import type { I18n } from '@lingui/core';
import { plural, t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Withdrawal } from '#contract/wallet';
import { EmptyState } from '#ui/empty-state';
import { Page } from '#ui/page';
import { SkeletonRows } from '#ui/skeleton';
import { walletQueries } from '../wallet.queries';
import { WITHDRAW_STEP_LABELS } from '../wallet-labels';
import { isFinalState, WITHDRAW_STEPS } from '../wallet-values';
import { formatTime, Money, StateBadge } from './wallet-bits';

function duration(minutes: number): string {
  if (minutes < 60) return plural(minutes, { one: '# minute', other: '# minutes' });
  const hours = Math.round(minutes / 60);
  return plural(hours, { one: '# hour', other: '# hours' });
}

/** Spec section 9: 1 minute to 12 hours for wallets, within 24 hours for cards. */
export function arrivalText(arrival: Withdrawal['arrival']): string {
  const max = duration(arrival.maxMinutes);
  if (arrival.minMinutes <= 0) return t`Arrives within ${max}`;
  const min = duration(arrival.minMinutes);
  return t`Arrives in ${min} to ${max}`;
}

interface StepView {
  state: Withdrawal['state'];
  at: number | null;
  current: boolean;
}

/** Prepare, WaitReview, WaitExec, Exec, then Success or Fail: the passed ones with their times. */
export function stepsOf(w: Withdrawal): StepView[] {
  const at = (state: Withdrawal['state']) => w.steps.find((s) => s.state === state)?.at ?? null;
  const last: Withdrawal['state'] = w.state === 'Fail' ? 'Fail' : 'Success';
  const states: Withdrawal['state'][] = [...WITHDRAW_STEPS, last];
  return states
    .filter((state) => !(w.state === 'Fail' && at(state) === null && state !== 'Fail'))
    .map((state) => ({ state, at: at(state), current: state === w.state }));
}

export function WithdrawStepPage({ id }: { id: number }) {
  const { i18n } = useLingui();
  const detail = useQuery(walletQueries.withdrawal(id));
  const w = detail.data;
  return (
    <Page title={t`Withdrawal progress`} bodyClassName="wallet-page">
      {detail.isPending ? (
        <SkeletonRows count={4} label={t`Loading`} />
      ) : !w ? (
        <EmptyState title={t`No such withdrawal`} />
      ) : (
        <>
          <section className="card">
            <p className="wallet-big">
              <Money value={w.amount} />
            </p>
            <p className="wallet-line">
              {w.methodLabel} ·{' '}
              <span data-testid="withdraw-state">
                <StateBadge state={w.state} />
              </span>
            </p>
            <p className="wallet-hint">{arrivalText(w.arrival)}</p>
            {w.reason ? <p className="wallet-negative">{w.reason}</p> : null}
            {!isFinalState(w.state) ? (
              <p className="wallet-hint" role="status">
                {t`This page refreshes until the withdrawal is finished.`}
              </p>
            ) : null}
          </section>
          <ol className="wallet-steps" aria-label={t`Progress`}>
            {stepsOf(w).map((step) => (
              <StepItem key={step.state} step={step} i18n={i18n} />
            ))}
          </ol>
          <p className="wallet-hint tabular">
            {t`Order number`} {w.orderNo}
          </p>
          <Link to="/WithdrawDetails" className="button button--ghost button--block">
            {t`All withdrawals`}
          </Link>
        </>
      )}
    </Page>
  );
}

function StepItem({ step, i18n }: { step: StepView; i18n: I18n }) {
  const done = step.at !== null;
  return (
    <li
      className={`wallet-step ${done ? 'wallet-step--done' : ''} ${step.current ? 'wallet-step--current' : ''} wallet-step--${step.state}`}
      aria-current={step.current ? 'step' : undefined}
    >
      <span className="wallet-step__dot" aria-hidden="true" />
      <span className="wallet-step__label">{i18n._(WITHDRAW_STEP_LABELS[step.state])}</span>
      <span className="wallet-step__time">{step.at !== null ? formatTime(step.at, i18n.locale) : ''}</span>
    </li>
  );
}
