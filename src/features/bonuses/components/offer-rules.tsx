import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { BonusOffer } from '#contract/bonuses';
import { contributionTexts, offerRules } from '../bonus-rules';
import './bonuses.css';

/**
 * Every rule of an offer, the games that count and its terms, readable before the player takes it (decision
 * 0052). The terms are the operator's own text, folded (they can be long); the rules above them are not.
 */
export function OfferRules({ offer }: { offer: BonusOffer }) {
  const { t, i18n } = useLingui();
  const countsId = useId();
  return (
    <div className="bonus-rules">
      <ul className="bonus-rules__list" data-testid="offer-rules">
        {offerRules(i18n, offer).map((rule) => (
          <li key={rule.key}>{rule.text}</li>
        ))}
      </ul>
      <p className="bonus-rules__heading" id={countsId}>
        {t`What counts toward the bets`}
      </p>
      <ul className="bonus-rules__list" aria-labelledby={countsId}>
        {contributionTexts(i18n, offer).map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
      {offer.terms ? (
        <details className="bonus-rules__terms">
          <summary>{t`Terms`}</summary>
          <p>{offer.terms}</p>
        </details>
      ) : null}
    </div>
  );
}
