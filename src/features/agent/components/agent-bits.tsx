import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useId, useState } from 'react';
import { earningsWithdrawRequestSchema, type Figure, type RatioView } from '#contract/agent';
import { MONEY_MAX, toMoney } from '#contract/wallet';
import { formatDay } from '#lib/days';
import { formatMoney, fromMinorUnits, parseTypedAmount, toMinorUnits } from '#lib/money';
import { useContractForm } from '#lib/use-contract-form';
import type { Issue } from '#lib/use-field-errors';
import { TextField } from '#ui/form-fields';
import { ChevronRightIcon } from '#ui/icons';
import { useEarningsWithdrawMutation } from '../agent.mutations';
import type { RangeSearch } from '../agent-values';
import { formatRatio } from '../agent-values';

/** An amount rounded down to 2 decimals with the locale's currency symbol, in tabular figures. */
export function Amount({ value, testId }: { value: number; testId?: string }) {
  return (
    <span className="tabular" data-testid={testId}>
      {formatMoney(value)}
    </span>
  );
}

/** One figure of a summary: its name over its value; a link to its rows when it has them. */
export function FigureTile({
  label,
  value,
  details,
  testId,
}: {
  label: string;
  value: ReactNode;
  /** The figure's rows on /ReportDetails. */
  details?: { figure: Figure; search: RangeSearch } | undefined;
  testId?: string;
}) {
  const body = (
    <>
      <span className="agent-figure__label">{label}</span>{' '}
      <span className="agent-figure__value" data-testid={testId}>
        {value}
      </span>
    </>
  );
  if (!details) return <div className="agent-figure">{body}</div>;
  return (
    <Link
      to="/ReportDetails"
      search={{ figure: details.figure, ...details.search }}
      className="agent-figure agent-figure--link"
    >
      {body}
      <ChevronRightIcon size={18} className="agent-figure__chevron" />
    </Link>
  );
}

/** A user's ratio per channel, with the change waiting for its day when there is one. */
export function RatioList({ ratios, label }: { ratios: readonly RatioView[]; label: string }) {
  const { t, i18n } = useLingui();
  if (ratios.length === 0) return <p className="agent-muted">{t`No ratios yet`}</p>;
  return (
    <dl className="agent-ratios" aria-label={label}>
      {ratios.map((ratio) => {
        const next = ratio.next;
        const nextRate = next ? formatRatio(next.rate, i18n.locale) : '';
        const nextDay = next ? formatDay(next.from, i18n.locale) : '';
        return (
          <div key={ratio.channel} className="agent-ratios__row">
            <dt>{ratio.name}</dt>
            <dd>
              <span className="tabular">{formatRatio(ratio.rate, i18n.locale)}</span>
              {next ? <span className="agent-ratios__next">{t`${nextRate} from ${nextDay}`}</span> : null}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

export type EarningsIssue = Issue & {
  code: 'amount_required' | 'amount_invalid' | 'withdraw_below_min' | 'insufficient_funds';
};

/**
 * An amount to move out of an earnings account as typed (the locale's way): required, a correct amount,
 * at least the minimum (commission), at most the balance. Returns the wire amount or the problem.
 */
export function earningsAmount(
  text: string,
  locale: string,
  rules: { min?: number | undefined; balance?: number | undefined },
): { amount: number } | { issue: EarningsIssue } {
  const typed = parseTypedAmount(text, locale);
  if ('issue' in typed)
    return { issue: { code: typed.issue === 'empty' ? 'amount_required' : 'amount_invalid' } };
  if (typed.minor > toMinorUnits(MONEY_MAX)) return { issue: { code: 'amount_invalid' } };
  if (rules.min !== undefined && typed.minor < toMinorUnits(rules.min))
    return { issue: { code: 'withdraw_below_min' } };
  if (rules.balance !== undefined && typed.minor > toMinorUnits(rules.balance))
    return { issue: { code: 'insufficient_funds' } };
  return { amount: toMoney(Number(typed.minor)) };
}

/**
 * Moves commission or rake back to the main balance (a money call: one Idempotency-Key per action). The
 * minimum is shown; a negative balance (after a correction) is explained instead of a form that cannot work.
 */
export function EarningsMoveForm({
  from,
  balance,
  min,
}: {
  from: 'commission' | 'rakeback';
  balance: number;
  /** The least that can be moved (commission only). */
  min?: number | undefined;
}) {
  const { t, i18n } = useLingui();
  const [moved, setMoved] = useState<number | null>(null);
  const form = useContractForm({
    initial: { amount: '' },
    schema: earningsWithdrawRequestSchema,
    toInput: ({ amount }) => {
      const read = earningsAmount(amount, i18n.locale, { min, balance });
      return 'issue' in read
        ? { input: { from, amount: undefined }, issues: { amount: read.issue } }
        : { input: { from, amount: read.amount } };
    },
    send: useEarningsWithdrawMutation(),
    onSuccess: () => {
      const typed = parseTypedAmount(form.values.amount, i18n.locale);
      setMoved('minor' in typed ? Number(fromMinorUnits(typed.minor)) : null);
      form.reset('amount');
    },
  });

  if (balance < 0) {
    return (
      <div className="agent-notice agent-notice--negative" role="note" data-testid="earnings-negative">
        <p>
          {t`The balance is negative after a correction. Later commission pays it down first; it can be moved to your balance once it is above zero.`}
        </p>
      </div>
    );
  }
  const minText = min !== undefined ? formatMoney(min) : null;
  const typed = parseTypedAmount(form.values.amount, i18n.locale);
  const understood = 'minor' in typed ? formatMoney(fromMinorUnits(typed.minor)) : null;
  const formId = `earnings-${from}`;
  const movedText = moved === null ? '' : formatMoney(moved);
  return (
    <form {...form.props} id={formId} className="form agent-move" aria-label={t`Move to balance`}>
      {moved !== null ? (
        <p className="agent-positive" role="status">
          {t`Moved ${movedText} to your balance`}
        </p>
      ) : null}
      <TextField
        label={t`Amount to move`}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        name="amount"
        value={form.values.amount}
        onChange={(event) => {
          form.set('amount', event.target.value);
          setMoved(null);
        }}
        error={form.message('amount')}
        hint={
          minText || understood ? (
            <>
              {minText ? t`Minimum ${minText}` : null}
              {understood ? (
                <span className="agent-understood" data-testid="amount-understood">
                  {t`You will move ${understood} to your balance`}
                </span>
              ) : null}
            </>
          ) : undefined
        }
        addon={
          <button
            type="button"
            className="button button--outline button--small"
            onClick={() => form.set('amount', fromMinorUnits(toMinorUnits(balance)))}
            disabled={balance <= 0}
          >
            {t`All`}
          </button>
        }
      />
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={form.pending || balance <= 0}
      >
        {t`Move to balance`}
      </button>
    </form>
  );
}

/** A section of an agent page: a card with its heading. */
export function AgentCard({
  title,
  children,
  end,
  testId,
  plain = false,
}: {
  title: string;
  children: ReactNode;
  end?: ReactNode;
  testId?: string;
  /** A section on the page's background (its rows are cards themselves). */
  plain?: boolean;
}) {
  const id = useId();
  return (
    <section
      className={`card agent-card ${plain ? 'agent-card--plain' : ''}`}
      aria-labelledby={id}
      data-testid={testId}
    >
      <header className="agent-card__head">
        <h2 className="agent-card__title" id={id}>
          {title}
        </h2>
        {end}
      </header>
      {children}
    </section>
  );
}
