import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import type { BonusOffer } from '#contract/bonuses';
import { bonusQueries } from '../bonuses.queries';
import { OfferRules } from './offer-rules';
import './bonuses.css';

/** The offer a deposit is opted in to, at the version whose terms the player read. */
export interface OfferChoice {
  id: number;
  version: number;
}

export interface DepositOffersProps {
  /** The amount typed, once it is a valid deposit; null before. */
  deposit: number | null;
  chosen: OfferChoice | null;
  onChoose: (choice: OfferChoice | null) => void;
  /**
   * Why the server refused the opt-in (offer_unavailable, offer_changed), translated; each new refusal asks
   * for the offers again, so the player reads the terms that apply now before choosing again.
   */
  problem: { text: string; at: number } | null;
}

/** How long typing may pause before the offers of the amount are asked for (not one request per digit). */
const SETTLE_MS = 400;

function useSettled<T>(value: T): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

const same = (offer: BonusOffer, choice: OfferChoice | null) =>
  choice !== null && offer.id === choice.id && offer.version === choice.version;

/**
 * The deposit page's offers: once an amount is entered, those a deposit of it would get, each with every
 * rule and its terms, and one radio each beside "No bonus" (the default: nothing is taken unless chosen).
 */
export function DepositOffers({ deposit, chosen, onChoose, problem }: DepositOffersProps) {
  const { t, i18n } = useLingui();
  const name = useId();
  const amount = useSettled(deposit);
  const offers = useQuery({
    ...bonusQueries.offers(i18n.locale, amount, true),
    enabled: amount !== null,
  });
  const list = amount === null ? [] : (offers.data ?? []).filter((offer) => offer.takenBy === 'deposit');
  const { refetch } = offers;

  // A choice the current amount no longer gets (a smaller amount, a newer version) is dropped, not sent.
  const stillOffered = chosen === null || list.some((offer) => same(offer, chosen));
  useEffect(() => {
    if (!stillOffered && !offers.isFetching) onChoose(null);
  }, [stillOffered, offers.isFetching, onChoose]);

  const problemAt = problem?.at;
  useEffect(() => {
    if (problemAt !== undefined) void refetch();
  }, [problemAt, refetch]);

  if (list.length === 0 && !problem) return null;
  return (
    <fieldset className="bonus-choice" data-testid="deposit-offers">
      <legend className="bonus-choice__legend">{t`Bonus for this deposit`}</legend>
      {problem ? (
        <p className="bonus-outcome bonus-negative" role="alert">
          {problem.text}
        </p>
      ) : null}
      <div className={`bonus-choice__option ${chosen === null ? 'bonus-choice__option--chosen' : ''}`}>
        <label className="bonus-choice__label">
          <input type="radio" name={name} checked={chosen === null} onChange={() => onChoose(null)} />
          {t`No bonus`}
        </label>
      </div>
      {list.map((offer) => {
        const checked = same(offer, chosen);
        return (
          <div
            key={`${offer.id}:${offer.version}`}
            className={`bonus-choice__option ${checked ? 'bonus-choice__option--chosen' : ''}`}
          >
            <label className="bonus-choice__label">
              <input
                type="radio"
                name={name}
                checked={checked}
                onChange={() => onChoose({ id: offer.id, version: offer.version })}
              />
              {offer.title}
            </label>
            <OfferRules offer={offer} />
          </div>
        );
      })}
    </fieldset>
  );
}
