import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { BonusClaimAnswer, BonusOffer, Requirement } from '#contract/bonuses';
import { formatMoney, toMinorUnits } from '#lib/money';
import { validationMessage } from '#lib/validation-messages';

/**
 * An offer's rules in plain words, one sentence each, in the order a player weighs them: what is paid, when,
 * what must be bet before it can be withdrawn, what limits play meanwhile, when it ends. Decision 0052 asks
 * that every rule be shown in the player's language before they accept an offer, so a rule the offer has is
 * never left out; one it does not have (no maximum bet) says nothing.
 */
export interface OfferRule {
  /** Stable across languages, for keys and tests. */
  key: string;
  text: string;
}

export function offerRules(i18n: I18n, offer: BonusOffer): OfferRule[] {
  const rules: OfferRule[] = [];
  const add = (key: string, text: string) => rules.push({ key, text });
  const money = (value: number) => formatMoney(value, { locale: i18n.locale });

  const percent = offer.percent;
  if (percent !== null) {
    add(
      'paid',
      offer.kind === 'cashback'
        ? i18n._(msg`${percent}% of your net losses back as a bonus`)
        : i18n._(msg`${percent}% of your deposit as a bonus`),
    );
  } else if (offer.amount !== null) {
    const amount = money(offer.amount);
    add('paid', i18n._(msg`A bonus of ${amount}`));
  } else if (offer.kind === 'vip_birthday' || offer.kind === 'vip_monthly') {
    add('paid', i18n._(msg`The bonus of your VIP level, as VIP levels lists it`));
  }
  const when = whenPaid(i18n, offer.kind);
  if (when) add('when', when);
  if (offer.maxBonus !== null) {
    const max = money(offer.maxBonus);
    add('max-bonus', i18n._(msg`The bonus is at most ${max}`));
  }
  if (offer.nthDeposit !== null) {
    const n = offer.nthDeposit;
    add('nth-deposit', i18n._(msg`For your deposit number ${n}`));
  }
  if (offer.minDeposit !== null) {
    const min = money(offer.minDeposit);
    add(
      'min-deposit',
      offer.kind === 'cashback'
        ? i18n._(msg`Paid on a net loss of at least ${min}`)
        : i18n._(msg`Minimum deposit: ${min}`),
    );
  }
  add('turnover', turnoverText(i18n, offer.turnoverMultiplier, offer.turnoverBase));
  if (offer.maxBet !== null) {
    const max = money(offer.maxBet);
    add('max-bet', i18n._(msg`While it is open, each bet is at most ${max}`));
  }
  if (offer.maxConversion !== null) {
    const max = money(offer.maxConversion);
    add(
      'max-conversion',
      i18n._(msg`At most ${max} becomes withdrawable when the bets are made; the rest is removed`),
    );
  }
  add('validity', validityText(i18n, offer.validityDays));
  if (offer.forfeitsOnWithdrawal) {
    add('forfeits', i18n._(msg`A withdrawal while this is open forfeits it, with its bonus money`));
  }
  return rules;
}

/** When an offer paid by Beacon is paid (decision 0053); undefined for those a player takes. */
function whenPaid(i18n: I18n, kind: BonusOffer['kind']): string | undefined {
  if (kind === 'cashback')
    return i18n._(
      msg`Paid the day after each week ends (Monday to Sunday), on the bets of that week as they stand then`,
    );
  if (kind === 'vip_birthday')
    return i18n._(
      msg`Paid once a year in the week of your birthday, for a date of birth told in Settings at least 30 days before`,
    );
  if (kind === 'vip_monthly') return i18n._(msg`Paid once each month`);
  return undefined;
}

/** "Bet 20 x the bonus before it can be withdrawn", or that nothing needs to be bet. */
export function turnoverText(i18n: I18n, multiplier: number, base: BonusOffer['turnoverBase']): string {
  if (multiplier <= 0) return i18n._(msg`No bets needed: it can be withdrawn at once`);
  if (base === 'bonus_deposit')
    return i18n._(msg`Bet ${multiplier} x (bonus + deposit) before it can be withdrawn`);
  if (base === 'deposit') return i18n._(msg`Bet ${multiplier} x your deposit before it can be withdrawn`);
  return i18n._(msg`Bet ${multiplier} x the bonus before it can be withdrawn`);
}

/** A validity of 0 days: the offer's requirement does not expire. */
export function validityText(i18n: I18n, days: number): string {
  if (days <= 0) return i18n._(msg`It does not expire`);
  return i18n._(msg`Valid for ${plural(days, { one: '# day', other: '# days' })} after it is granted`);
}

/**
 * How much of a bet in each channel counts. A channel that is not listed counts nothing (decision 0052: a
 * new channel never counts by accident), which the player reads last.
 */
export function contributionTexts(i18n: I18n, offer: BonusOffer): string[] {
  const lines = offer.contributions.map((c) => {
    const { name, percent } = c;
    return percent > 0
      ? i18n._(msg`${name}: ${percent}% of each bet counts`)
      : i18n._(msg`${name}: bets do not count`);
  });
  lines.push(i18n._(msg`Other games: bets do not count`));
  return lines;
}

/**
 * Wagered out of required as a percentage floored to 2 decimals (never more progress than made), capped at
 * 100; nothing required counts as done. On minor units, so 0.3 of 0.9 is 33.33, not 33.329999.
 */
export function progressPercent(wagered: number, required: number): number {
  const need = toMinorUnits(required);
  if (need <= 0n) return 100;
  const made = toMinorUnits(wagered);
  if (made <= 0n) return 0;
  if (made >= need) return 100;
  return Number((made * 10_000n) / need) / 100;
}

export type TimeLeft =
  | { kind: 'never' }
  | { kind: 'ended' }
  | { kind: 'left'; days: number; hours: number; minutes: number };

const MINUTE = 60_000;

/** The time until `expiresAt`, in whole minutes rounded down (so "1 minute" is never more than there is). */
export function timeLeft(expiresAt: number | null, now: number): TimeLeft {
  if (expiresAt === null) return { kind: 'never' };
  const ms = expiresAt - now;
  if (ms <= 0) return { kind: 'ended' };
  const total = Math.floor(ms / MINUTE);
  return {
    kind: 'left',
    days: Math.floor(total / (24 * 60)),
    hours: Math.floor((total % (24 * 60)) / 60),
    minutes: total % 60,
  };
}

/** "3 days 4 hours left", "2 hours 5 minutes left", "Less than a minute left", "Does not expire". */
export function timeLeftText(i18n: I18n, expiresAt: number | null, now: number): string {
  const left = timeLeft(expiresAt, now);
  if (left.kind === 'never') return i18n._(msg`Does not expire`);
  if (left.kind === 'ended') return i18n._(msg`Expired`);
  const { days, hours, minutes } = left;
  if (days > 0)
    return i18n._(
      msg`${plural(days, { one: '# day', other: '# days' })} ${plural(hours, { one: '# hour', other: '# hours' })} left`,
    );
  if (hours > 0)
    return i18n._(
      msg`${plural(hours, { one: '# hour', other: '# hours' })} ${plural(minutes, { one: '# minute', other: '# minutes' })} left`,
    );
  if (minutes > 0) return i18n._(msg`${plural(minutes, { one: '# minute', other: '# minutes' })} left`);
  return i18n._(msg`Less than a minute left`);
}

/** What an ended requirement became, in words: what was released and what was removed, and why. */
export function historyTexts(i18n: I18n, requirement: Requirement): string[] {
  const money = (value: number) => formatMoney(value, { locale: i18n.locale });
  const removed = money(requirement.removed);
  const hasRemoved = toMinorUnits(requirement.removed) > 0n;
  switch (requirement.state) {
    case 'released': {
      const released = money(requirement.released);
      const lines = [i18n._(msg`${released} became withdrawable`)];
      if (hasRemoved) lines.push(i18n._(msg`${removed} removed over the maximum conversion`));
      return lines;
    }
    case 'expired':
      return [i18n._(msg`Expired before the bets were made: ${removed} removed`)];
    case 'forfeited':
      return [i18n._(msg`Forfeited by a withdrawal: ${removed} removed`)];
    case 'cancelled':
      return [i18n._(msg`Cancelled: ${removed} removed`)];
    case 'open':
      return [];
  }
}

/** A claim's answer in words: granted, or held or refused with the reason recorded for it. */
export function claimText(i18n: I18n, answer: BonusClaimAnswer): string {
  const reason = answer.reason ? validationMessage(i18n, answer.reason) : null;
  if (answer.state === 'granted') {
    const amount = answer.requirement
      ? formatMoney(answer.requirement.amount, { locale: i18n.locale })
      : null;
    return amount
      ? i18n._(msg`Granted: ${amount} is in your balance, locked until its bets are made`)
      : i18n._(msg`Granted`);
  }
  if (answer.state === 'held')
    return reason
      ? i18n._(msg`Your claim is waiting for a review: ${reason}`)
      : i18n._(msg`Your claim is waiting for a review`);
  return reason ? i18n._(msg`Your claim was refused: ${reason}`) : i18n._(msg`Your claim was refused`);
}
