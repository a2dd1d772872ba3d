import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { BonusOffer } from '#contract/bonuses';
import { ApiError } from '#lib/api-client';
import { EmptyState } from '#ui/empty-state';
import { Page } from '#ui/page';
import { SkeletonRows } from '#ui/skeleton';
import { claimText } from '../bonus-rules';
import { useClaimMutation } from '../bonuses.mutations';
import { bonusQueries } from '../bonuses.queries';
import { OfferRules } from './offer-rules';
import { HistoryItem, RequirementCard } from './requirement-card';
import './bonuses.css';

/** The clock of "time left", moved on each minute (the texts count whole minutes). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** /Bonuses: the offers the player may take, the open requirements with their progress, and the ended ones. */
export function BonusesPage() {
  const { t, i18n } = useLingui();
  const offers = useQuery(bonusQueries.offers(i18n.locale));
  const mine = useQuery(bonusQueries.mine(i18n.locale));
  const now = useNow();
  return (
    <Page title={t`Bonuses`} bodyClassName="bonus-page">
      <section className="bonus-section" aria-labelledby="bonus-offers-title">
        <h2 className="bonus-section__title" id="bonus-offers-title">{t`Offers for you`}</h2>
        {offers.isPending ? (
          <SkeletonRows count={2} label={t`Loading`} />
        ) : offers.data && offers.data.length > 0 ? (
          <ul className="bonus-list">
            {offers.data.map((offer) => (
              <OfferCard key={`${offer.id}:${offer.version}`} offer={offer} />
            ))}
          </ul>
        ) : (
          <p className="bonus-muted">{t`No offers right now.`}</p>
        )}
      </section>

      <section className="bonus-section" aria-labelledby="bonus-active-title">
        <h2 className="bonus-section__title" id="bonus-active-title">{t`Active bonuses`}</h2>
        {mine.isPending ? (
          <SkeletonRows count={2} label={t`Loading`} />
        ) : mine.data && mine.data.active.length > 0 ? (
          <ul className="bonus-list">
            {mine.data.active.map((requirement) => (
              <RequirementCard key={requirement.id} requirement={requirement} now={now} />
            ))}
          </ul>
        ) : (
          <EmptyState title={t`No active bonus`}>
            {t`Money from a bonus is locked until its bets are made; then it becomes withdrawable.`}
          </EmptyState>
        )}
      </section>

      <section className="bonus-section" aria-labelledby="bonus-history-title">
        <h2 className="bonus-section__title" id="bonus-history-title">{t`History`}</h2>
        {mine.data && mine.data.history.length > 0 ? (
          <ul className="bonus-history card">
            {mine.data.history.map((requirement) => (
              <HistoryItem key={requirement.id} requirement={requirement} />
            ))}
          </ul>
        ) : mine.isPending ? null : (
          <p className="bonus-muted">{t`No ended bonuses yet.`}</p>
        )}
      </section>
    </Page>
  );
}

/** An offer with every rule, and the way to take it: a claim here, or the next deposit. */
function OfferCard({ offer }: { offer: BonusOffer }) {
  const { t, i18n } = useLingui();
  const claim = useClaimMutation();
  const outcome = claim.data
    ? { text: claimText(i18n, claim.data), positive: claim.data.state === 'granted' }
    : claim.error
      ? {
          // The api client already put the code's translation in the message (offer_changed, bonus_claimed).
          text: claim.error instanceof ApiError ? claim.error.message : String(claim.error),
          positive: false,
        }
      : null;
  return (
    <li className="card bonus-card" data-testid="bonus-offer">
      <h3 className="bonus-card__title">{offer.title}</h3>
      <OfferRules offer={offer} />
      {offer.takenBy === 'claim' ? (
        <button
          type="button"
          className="button button--primary button--block"
          disabled={claim.isPending || claim.data?.state === 'granted'}
          onClick={() => claim.mutate({ offerId: offer.id, version: offer.version })}
        >
          {claim.isPending ? t`Claiming…` : t`Claim`}
        </button>
      ) : (
        <Link to="/Deposit" className="button button--outline button--block">
          {t`Take it on your next deposit`}
        </Link>
      )}
      {/* Announced where it appears, beside the button that asked. */}
      <p
        role="status"
        className={
          outcome
            ? outcome.positive
              ? 'bonus-outcome bonus-positive'
              : 'bonus-outcome bonus-negative'
            : 'visually-hidden'
        }
      >
        {outcome?.text ?? ''}
      </p>
    </li>
  );
}
