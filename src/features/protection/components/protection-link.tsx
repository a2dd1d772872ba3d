import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatMoney } from '#lib/money';
import { protectionQueries } from '../protection.queries';
import { PERIOD_LABELS } from '../protection-labels';
import { AwaitingNote } from './awaiting-note';
import './protection.css';

/**
 * The offer of a deposit limit where money comes in (the deposit page, composed by its route): the limits
 * in force, or the invitation to set one, and the way to the protection page.
 */
export function DepositLimitOffer() {
  const { t, i18n } = useLingui();
  const state = useQuery(protectionQueries.state());
  const set = (state.data?.limits ?? []).filter((l) => l.amount !== null);
  return (
    <aside className="protection-offer" aria-label={t`Deposit limits`}>
      {set.length === 0 ? (
        <p>{t`Keep your deposits in hand: set a daily, weekly or monthly limit.`}</p>
      ) : (
        <ul className="protection-offer__list">
          {set.map((l) => {
            const period = i18n._(PERIOD_LABELS[l.period]);
            const amount = formatMoney(l.amount ?? 0);
            const used = formatMoney(l.used);
            return <li key={l.period}>{t`Limit per ${period}: ${amount} (deposited ${used})`}</li>;
          })}
        </ul>
      )}
      {set.length === 0 ? null : <AwaitingNote awaiting={state.data?.awaiting ?? 0} />}
      <Link to="/Protection" className="button button--outline button--small">
        {set.length === 0 ? t`Set a deposit limit` : t`Change limits`}
      </Link>
    </aside>
  );
}

/** The Settings entry to the responsible-gaming tools. */
export function ProtectionSettingsLink() {
  const { t } = useLingui();
  return (
    <Link to="/Protection" className="button button--outline button--block">
      {t`Responsible gaming`}
    </Link>
  );
}
