import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { LIMIT_PERIODS, type Limit, type LimitPeriod, limitSetRequestSchema } from '#contract/protection';
import { formatMoney, fromMinorUnits, parseTypedAmount } from '#lib/money';
import { useContractForm } from '#lib/use-contract-form';
import { SelectField, TextField } from '#ui/form-fields';
import { useSetLimitMutation } from '../protection.mutations';
import { protectionQueries } from '../protection.queries';
import { formatWhen, PERIOD_LABELS } from '../protection-labels';
import { AwaitingNote } from './awaiting-note';

/**
 * Deposit limits per rolling 24 hours, 7 days and 30 days: what is in force and used, a pending rise with
 * the time it applies, and the form to set or remove one (lower applies at once, higher after 24 hours).
 */
export function LimitsCard() {
  const { t, i18n } = useLingui();
  const state = useQuery(protectionQueries.state());
  const send = useSetLimitMutation();
  const form = useContractForm({
    initial: { period: 'day', amount: '' },
    schema: limitSetRequestSchema,
    toInput: ({ period, amount }) => {
      const typed = parseTypedAmount(amount, i18n.locale);
      return 'issue' in typed
        ? {
            input: { period, amount: undefined },
            issues: { amount: { code: typed.issue === 'empty' ? 'amount_required' : 'amount_invalid' } },
          }
        : { input: { period, amount: Number(fromMinorUnits(typed.minor)) } };
    },
    send,
    onSuccess: () => form.reset('amount'),
  });
  const period = form.values.period as LimitPeriod;
  const current = state.data?.limits.find((l) => l.period === period);

  return (
    <section className="card" aria-labelledby="limits-title">
      <h2 id="limits-title" className="protection-card__title">{t`Deposit limits`}</h2>
      <p className="protection-card__text">
        {t`A lower limit applies at once; a higher limit, or removing one, applies after 24 hours. When you have several, the lowest applies.`}
      </p>
      <ul className="protection-limits" data-testid="limits">
        {(state.data?.limits ?? []).map((limit) => (
          <LimitLine key={limit.period} limit={limit} />
        ))}
      </ul>
      <AwaitingNote awaiting={state.data?.awaiting ?? 0} />
      <form {...form.props} className="form" aria-label={t`Set a deposit limit`}>
        <SelectField
          label={t`Period`}
          {...form.select('period')}
          options={LIMIT_PERIODS.map((p) => ({ value: p, label: i18n._(PERIOD_LABELS[p]) }))}
        />
        <TextField
          label={t`Limit amount`}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          {...form.input('amount')}
        />
        <div className="protection-actions">
          <button type="submit" className="button button--primary" disabled={form.pending}>
            {t`Set limit`}
          </button>
          {current?.amount != null && current.pending?.amount !== null ? (
            <button
              type="button"
              className="button button--outline"
              disabled={form.pending}
              onClick={() => send.mutate({ period, amount: null })}
            >
              {t`Remove limit`}
            </button>
          ) : null}
        </div>
      </form>
    </section>
  );

  function LimitLine({ limit }: { limit: Limit }) {
    const label = i18n._(PERIOD_LABELS[limit.period]);
    const used = formatMoney(limit.used);
    const pending = limit.pending;
    const when = pending ? formatWhen(pending.effectiveFrom, i18n.locale) : '';
    const next = pending?.amount == null ? '' : formatMoney(pending.amount);
    return (
      <li className="protection-limit" data-testid={`limit-${limit.period}`}>
        <span className="protection-limit__period">{label}</span>
        <strong className="tabular">{limit.amount === null ? t`No limit` : formatMoney(limit.amount)}</strong>
        <span className="protection-limit__used">{t`Deposited: ${used}`}</span>
        {pending ? (
          <span className="protection-limit__pending">
            {pending.amount === null ? t`Removed on ${when}` : t`Rises to ${next} on ${when}`}
          </span>
        ) : null}
      </li>
    );
  }
}
