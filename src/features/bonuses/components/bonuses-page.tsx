import type { I18n } from '@lingui/core';
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
  const claim = useClaimMutation();
  // Said above the offers, not in the claimed offer's card: a granted offer leaves the list when it refreshes.
  const outcome = claimOutcome(i18n, claim);
  return (
    <Page title={t`Bonuses`} bodyClassName="bonus-page">
      <section className="bonus-section" aria-labelledby="bonus-offers-title">
        <h2 className="bonus-section__title" id="bonus-offers-title">{t`Offers for you`}</h2>
        <p
          role="status"
          data-testid="claim-outcome"
          className={
            outcome
              ? `bonus-outcome ${outcome.positive ? 'bonus-positive' : 'bonus-negative'}`
              : 'visually-hidden'
          }
        >
          {outcome?.text ?? ''}
        </p>
        {offers.isPending ? (
          <SkeletonRows count={2} label={t`Loading`} />
        ) : offers.data && offers.data.length > 0 ? (
          <ul className="bonus-list">
            {offers.data.map((offer) => (
              <OfferCard
                key={`${offer.id}:${offer.version}`}
                offer={offer}
                claiming={claim.isPending && claim.variables?.offerId === offer.id}
                onClaim={() => claim.mutate({ offerId: offer.id, version: offer.version })}
              />
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

/** An offer with every rule, and the way to take it: a claim here, the next deposit, or none (paid when due). */
function OfferCard({
  offer,
  claiming,
  onClaim,
}: {
  offer: BonusOffer;
  claiming: boolean;
  onClaim: () => void;
}) {
  const { t } = useLingui();
  return (
    <li className="card bonus-card" data-testid="bonus-offer">
      <h3 className="bonus-card__title">{offer.title}</h3>
      <OfferRules offer={offer} />
      {offer.takenBy === 'claim' ? (
        <button
          type="button"
          className="button button--primary button--block"
          disabled={claiming}
          onClick={onClaim}
        >
          {claiming ? t`Claiming…` : t`Claim`}
        </button>
      ) : offer.takenBy === 'auto' ? (
        <p className="bonus-muted">{t`Paid automatically when it is due: nothing to claim.`}</p>
      ) : (
        <Link to="/Deposit" className="button button--outline button--block">
          {t`Take it on your next deposit`}
        </Link>
      )}
    </li>
  );
}

/** What the last claim came to, in words (the api client put a refusal's code in words in its message). */
function claimOutcome(i18n: I18n, claim: ReturnType<typeof useClaimMutation>) {
  if (claim.data) return { text: claimText(i18n, claim.data), positive: claim.data.state === 'granted' };
  if (claim.error)
    return {
      text: claim.error instanceof ApiError ? claim.error.message : String(claim.error),
      positive: false,
    };
  return null;
}
