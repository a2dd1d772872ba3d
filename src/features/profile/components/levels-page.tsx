import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { BENEFIT_KINDS, type Benefit, type BenefitKind } from '#contract/vip';
import { formatMoney } from '#lib/money';
import { Page } from '#ui/page';
import { profileQueries } from '../profile.queries';
import './profile.css';

const BENEFIT_LABELS: Record<BenefitKind, MessageDescriptor> = {
  birthday_bonus: msg`Birthday bonus`,
  monthly_bonus: msg`Monthly bonus`,
  priority_withdrawals: msg`Withdrawals reviewed first`,
  priority_support: msg`Priority customer service`,
  account_manager: msg`A personal account manager`,
};

const isKnown = (benefit: Benefit): benefit is Benefit & { kind: BenefitKind } =>
  (BENEFIT_KINDS as readonly string[]).includes(benefit.kind);

/**
 * The level tutorial (spec section 3): the user's level and progress towards the next one (historySteam /
 * the next level's needSteam, capped at 100%), then every level with what it needs and offers.
 */
export function LevelsPage() {
  const { t, i18n } = useLingui();
  const { data } = useSuspenseQuery(profileQueries.levels());
  const { level, historySteam } = data.vipState;
  const current = data.levels.find((l) => l.level === level);
  const deposited = formatMoney(historySteam);
  const next = data.nextNeedSteam === null ? null : formatMoney(data.nextNeedSteam);
  const percent = `${Math.min(100, data.progress)}%`;
  return (
    <Page title={t`VIP levels`} bodyClassName="settings-list">
      <section className="level-current" aria-labelledby="level-current-title">
        <div className="level-current__head">
          {current ? <img src={current.vipPicture} alt="" width={56} height={56} /> : null}
          <div>
            <h2 className="settings-card__title" id="level-current-title">
              <Trans>Your level: VIP {level}</Trans>
            </h2>
            <p className="tabular">
              {next === null ? (
                <Trans>Deposits so far: {deposited}. You are at the top level.</Trans>
              ) : (
                <Trans>
                  Deposits so far: {deposited} of {next} for the next level
                </Trans>
              )}
            </p>
          </div>
        </div>
        <progress max={100} value={Math.min(100, data.progress)} aria-label={t`Progress to the next level`}>
          {percent}
        </progress>
        <p className="tabular" aria-hidden="true">
          {percent}
        </p>
      </section>
      <p>
        <Trans>Your level grows with your successful deposits. Each level needs the total shown.</Trans>
      </p>
      <ol className="level-list" aria-label={t`All levels`}>
        {data.levels.map((l) => {
          const need = formatMoney(l.needSteam);
          const benefits = l.benefits.filter(isKnown);
          return (
            <li key={l.level} className={`level-row${l.level === level ? ' level-row--current' : ''}`}>
              <img src={l.headerPicture} alt="" width={56} height={56} loading="lazy" />
              <div>
                <h3 className="level-row__title">
                  <Trans>VIP {l.level}</Trans>
                  {l.level === level ? (
                    <span className="badge badge--muted">
                      {' '}
                      <Trans>You are here</Trans>
                    </span>
                  ) : null}
                </h3>
                <p className="tabular">
                  <Trans>Deposits needed: {need}</Trans>
                </p>
                {benefits.length > 0 ? (
                  <ul className="level-row__benefits">
                    {benefits.map((b) => (
                      <li key={b.kind}>
                        {i18n._(BENEFIT_LABELS[b.kind])}
                        {b.amount === null ? null : (
                          <span className="tabular">: {formatMoney(b.amount)}</span>
                        )}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="level-row__none">
                    <Trans>No extra benefits at this level</Trans>
                  </p>
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </Page>
  );
}
