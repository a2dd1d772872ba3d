import { useLingui } from '@lingui/react/macro';
import type { Requirement } from '#contract/bonuses';
import { formatMoney } from '#lib/money';
import { historyTexts, progressPercent, timeLeftText } from '../bonus-rules';
import './bonuses.css';

/** An open requirement: bets made of those needed (a progressbar), the money it locks, the time left. */
export function RequirementCard({ requirement, now }: { requirement: Requirement; now: number }) {
  const { t, i18n } = useLingui();
  const progress = progressPercent(requirement.wagered, requirement.required);
  const wagered = formatMoney(requirement.wagered);
  const required = formatMoney(requirement.required);
  const { title } = requirement;
  const label = t`Bets made for ${title}`;
  return (
    <li className="card bonus-card" data-testid="bonus-requirement">
      <h3 className="bonus-card__title">{requirement.title}</h3>
      <p className="bonus-progress__text tabular">{t`${wagered} of ${required} bet`}</p>
      <div
        className="bonus-progress"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        aria-valuetext={t`${wagered} of ${required} bet (${progress}%)`}
      >
        <span className="bonus-progress__fill" style={{ width: `${progress}%` }} />
      </div>
      <dl className="facts bonus-facts">
        <div>
          <dt>{t`Locked in it`}</dt>
          <dd className="tabular" data-testid="requirement-locked">
            {formatMoney(requirement.balance)}
          </dd>
        </div>
        {requirement.maxBet !== null ? (
          <div>
            <dt>{t`Maximum bet`}</dt>
            <dd className="tabular">{formatMoney(requirement.maxBet)}</dd>
          </div>
        ) : null}
        {requirement.maxConversion !== null ? (
          <div>
            <dt>{t`At most withdrawable`}</dt>
            <dd className="tabular">{formatMoney(requirement.maxConversion)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t`Time left`}</dt>
          <dd>{timeLeftText(i18n, requirement.expiresAt, now)}</dd>
        </div>
      </dl>
      {requirement.forfeitsOnWithdrawal ? (
        <p className="bonus-note">{t`A withdrawal while this is open forfeits it, with its bonus money`}</p>
      ) : null}
    </li>
  );
}

const STATE_CLASS: Record<Requirement['state'], string> = {
  open: '',
  released: 'bonus-state--released',
  expired: 'bonus-state--lost',
  forfeited: 'bonus-state--lost',
  cancelled: 'bonus-state--lost',
};

/** An ended requirement: when it ended, what became withdrawable and what was removed. */
export function HistoryItem({ requirement }: { requirement: Requirement }) {
  const { t, i18n } = useLingui();
  const stateLabel = {
    open: t`Open`,
    released: t`Released`,
    expired: t({ message: 'Expired', context: 'bonus state' }),
    forfeited: t`Forfeited`,
    cancelled: t`Cancelled`,
  }[requirement.state];
  const ended = requirement.endedAt ?? requirement.grantedAt;
  return (
    <li className="bonus-history__item" data-testid="bonus-history">
      <p className="bonus-history__head">
        <strong>{requirement.title}</strong>
        <span className={`status-pill ${STATE_CLASS[requirement.state]}`}>{stateLabel}</span>
      </p>
      <p className="bonus-history__when">
        {new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(ended)}
      </p>
      {historyTexts(i18n, requirement).map((text) => (
        <p key={text} className="bonus-history__line tabular">
          {text}
        </p>
      ))}
    </li>
  );
}
