import { useLingui } from '@lingui/react/macro';
import { SPIN_DAYS, SPIN_DOUBLE_AT, SPIN_FOLLOW_UP_HOURS, type SpinState } from '#contract/spin';
import { formatDay } from '#lib/days';
import { formatMoney } from '#lib/money';
import { prizeName } from '#lib/prize-name';
import { formatOdds } from '../spin-labels';

/** The odds of every prize (its weight out of all), the rules (spec section 4) and who runs it. */
export function SpinTerms({ state }: { state: SpinState }) {
  const { t, i18n } = useLingui();
  const total = state.prizes.reduce((s, p) => s + p.weight, 0);
  const doubleAt = formatMoney(SPIN_DOUBLE_AT);
  const days = SPIN_DAYS;
  const hours = SPIN_FOLLOW_UP_HOURS;
  const operator = state.operator;
  const run = state.run;
  const from = run ? formatDay(run.firstDay, i18n.locale, 'short') : '';
  const to = run ? formatDay(run.lastDay, i18n.locale, 'short') : '';
  return (
    <>
      <section className="card" aria-labelledby="spin-odds-title">
        <h2 id="spin-odds-title" className="spin-card__title">
          {t`Prizes and odds`}
        </h2>
        <table className="spin-odds">
          <thead>
            <tr>
              <th scope="col">{t`Prize`}</th>
              <th scope="col">{t`Chance per spin`}</th>
            </tr>
          </thead>
          <tbody>
            {state.prizes.map((p) => (
              <tr key={p.code}>
                <td>{prizeName(i18n, p)}</td>
                <td className="tabular">{formatOdds(p.weight, total, i18n.locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="spin-hint">{t`The wheel's slices are the same size; the chances are the ones in this table.`}</p>
      </section>
      <section className="card" aria-labelledby="spin-terms-title">
        <h2 id="spin-terms-title" className="spin-card__title">
          {t`How it works`}
        </h2>
        <ul className="spin-terms">
          <li>{t`Recharge any amount and get ${days} free spins: one a day for ${days} days.`}</li>
          <li>{t`A day you miss is lost: it cannot be made up later.`}</li>
          <li>{t`The wheel disappears after the ${days} days.`}</li>
          <li>{t`Prizes such as a cell phone are followed up by customer service within ${hours} hours.`}</li>
          <li>{t`Once your recharges add up to ${doubleAt}, the rewards of your later spins are doubled.`}</li>
          <li>{t`Recharging again while the wheel is up gives you ${days} days from that day; days spun or missed stay as they are.`}</li>
          <li>{t`Cash prizes go to your balance at once and show in your records.`}</li>
          <li>{t`Each result is drawn on our server when you spin; the wheel only shows it.`}</li>
          {run ? <li>{t`Your spins run from ${from} to ${to}.`}</li> : null}
          <li>{t`This promotion is run by ${operator}.`}</li>
        </ul>
      </section>
    </>
  );
}
