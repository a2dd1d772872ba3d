import { i18n } from '@lingui/core';
import { afterAll, describe, expect, it } from 'vitest';
import type { BonusOffer, Requirement } from '#contract/bonuses';
import {
  claimText,
  contributionTexts,
  historyTexts,
  offerRules,
  progressPercent,
  timeLeft,
  timeLeftText,
  turnoverText,
  validityText,
} from '#features/bonuses/bonus-rules.ts';
import { activateLocale, loadBeyondHome } from '#lib/i18n';

/** A deposit match with every rule an offer can have. */
const FULL: BonusOffer = {
  id: 1,
  version: 2,
  kind: 'deposit_match',
  takenBy: 'deposit',
  title: 'Welcome 100%',
  terms: 'Terms text',
  percent: 100,
  amount: null,
  minDeposit: 100,
  maxBonus: 5000,
  nthDeposit: 2,
  turnoverMultiplier: 20,
  turnoverBase: 'bonus_deposit',
  maxBet: 250.5,
  maxConversion: 10_000,
  validityDays: 7,
  forfeitsOnWithdrawal: true,
  contributions: [
    { channel: 'slots', name: 'Slots', percent: 100 },
    { channel: 'live', name: 'Live casino', percent: 10 },
    { channel: 'fish', name: 'Fishing', percent: 0 },
  ],
};

/** A fixed bonus with no limits at all. */
const BARE: BonusOffer = {
  ...FULL,
  kind: 'registration',
  takenBy: 'claim',
  percent: null,
  amount: 88,
  minDeposit: null,
  maxBonus: null,
  nthDeposit: null,
  turnoverBase: 'bonus',
  turnoverMultiplier: 5,
  maxBet: null,
  maxConversion: null,
  validityDays: 0,
  forfeitsOnWithdrawal: false,
  contributions: [],
};

const REQUIREMENT: Requirement = {
  id: 9,
  offerId: 1,
  kind: 'bonus',
  title: 'Welcome 100%',
  state: 'released',
  amount: 500,
  balance: 0,
  required: 10_000,
  wagered: 10_000,
  maxBet: null,
  maxConversion: 300,
  forfeitsOnWithdrawal: true,
  grantedAt: 1,
  expiresAt: 2,
  endedAt: 3,
  released: 300,
  removed: 200.75,
};

describe('offer rules in words', () => {
  it('say every rule the offer has, in the order a player weighs them', () => {
    expect(offerRules(i18n, FULL)).toEqual([
      { key: 'paid', text: '100% of your deposit as a bonus' },
      { key: 'max-bonus', text: 'The bonus is at most ₱5,000.00' },
      { key: 'nth-deposit', text: 'For your deposit number 2' },
      { key: 'min-deposit', text: 'Minimum deposit: ₱100.00' },
      { key: 'turnover', text: 'Bet 20 x (bonus + deposit) before it can be withdrawn' },
      { key: 'max-bet', text: 'While it is open, each bet is at most ₱250.50' },
      {
        key: 'max-conversion',
        text: 'At most ₱10,000.00 becomes withdrawable when the bets are made; the rest is removed',
      },
      { key: 'validity', text: 'Valid for 7 days after it is granted' },
      { key: 'forfeits', text: 'A withdrawal while this is open forfeits it, with its bonus money' },
    ]);
  });

  it('leave out the rules an offer does not have, and never the turnover nor the validity', () => {
    expect(offerRules(i18n, BARE)).toEqual([
      { key: 'paid', text: 'A bonus of ₱88.00' },
      { key: 'turnover', text: 'Bet 5 x the bonus before it can be withdrawn' },
      { key: 'validity', text: 'It does not expire' },
    ]);
  });

  it('say a cashback is paid on net losses, when it is paid, and its least loss', () => {
    const cashback = {
      ...BARE,
      kind: 'cashback' as const,
      takenBy: 'auto' as const,
      percent: 10,
      amount: null,
    };
    expect(offerRules(i18n, { ...cashback, minDeposit: 20 }).slice(0, 3)).toEqual([
      { key: 'paid', text: '10% of your net losses back as a bonus' },
      {
        key: 'when',
        text: 'Paid the day after each week ends (Monday to Sunday), on the bets of that week as they stand then',
      },
      { key: 'min-deposit', text: 'Paid on a net loss of at least ₱20.00' },
    ]);
  });

  it("say a VIP bonus pays the level's amount, and when", () => {
    const birthday = { ...BARE, kind: 'vip_birthday' as const, takenBy: 'auto' as const, amount: null };
    expect(offerRules(i18n, birthday).slice(0, 2)).toEqual([
      { key: 'paid', text: 'The bonus of your VIP level, as VIP levels lists it' },
      {
        key: 'when',
        text: 'Paid once a year in the week of your birthday, for a date of birth told in Settings at least 30 days before',
      },
    ]);
    const monthly = { ...birthday, kind: 'vip_monthly' as const };
    expect(offerRules(i18n, monthly)[1]).toEqual({ key: 'when', text: 'Paid once each month' });
  });

  it('word each turnover base, and a multiplier of 0 as no bets needed', () => {
    expect(turnoverText(i18n, 3, 'deposit')).toBe('Bet 3 x your deposit before it can be withdrawn');
    expect(turnoverText(i18n, 3, 'bonus')).toBe('Bet 3 x the bonus before it can be withdrawn');
    expect(turnoverText(i18n, 0, 'bonus_deposit')).toBe('No bets needed: it can be withdrawn at once');
    expect(validityText(i18n, 1)).toBe('Valid for 1 day after it is granted');
  });

  it('list what counts per channel, and that unlisted games count nothing', () => {
    expect(contributionTexts(i18n, FULL)).toEqual([
      'Slots: 100% of each bet counts',
      'Live casino: 10% of each bet counts',
      'Fishing: bets do not count',
      'Other games: bets do not count',
    ]);
    expect(contributionTexts(i18n, BARE)).toEqual(['Other games: bets do not count']);
  });
});

describe('progress', () => {
  it.each([
    [0, 100, 0],
    [-5, 100, 0],
    [50, 100, 50],
    [0.3, 0.9, 33.33],
    [99.999, 100, 99.99],
    [2, 3, 66.66],
    [100, 100, 100],
    [250, 100, 100],
    [0, 0, 100],
  ])('%s of %s is %s percent (floored, capped at 100)', (wagered, required, percent) => {
    expect(progressPercent(wagered, required)).toBe(percent);
  });
});

describe('time left', () => {
  const now = Date.UTC(2026, 11, 3, 12);
  const minute = 60_000;
  const hour = 60 * minute;
  const day = 24 * hour;

  it('never for no expiry, ended at or after it', () => {
    expect(timeLeft(null, now)).toEqual({ kind: 'never' });
    expect(timeLeft(now, now)).toEqual({ kind: 'ended' });
    expect(timeLeft(now - 1, now)).toEqual({ kind: 'ended' });
  });

  it('counts whole minutes rounded down', () => {
    expect(timeLeft(now + 2 * day + 3 * hour + 4 * minute + 59_999, now)).toEqual({
      kind: 'left',
      days: 2,
      hours: 3,
      minutes: 4,
    });
    expect(timeLeft(now + 59_999, now)).toEqual({ kind: 'left', days: 0, hours: 0, minutes: 0 });
  });

  it('says the two largest units, in words', () => {
    expect(timeLeftText(i18n, null, now)).toBe('Does not expire');
    expect(timeLeftText(i18n, now, now)).toBe('Expired');
    expect(timeLeftText(i18n, now + day + 5 * minute, now)).toBe('1 day 0 hours left');
    expect(timeLeftText(i18n, now + 3 * day + 2 * hour, now)).toBe('3 days 2 hours left');
    expect(timeLeftText(i18n, now + hour + minute, now)).toBe('1 hour 1 minute left');
    expect(timeLeftText(i18n, now + 45 * minute, now)).toBe('45 minutes left');
    expect(timeLeftText(i18n, now + 30_000, now)).toBe('Less than a minute left');
  });
});

describe('history in words', () => {
  it('a release says what became withdrawable and what was removed over the maximum conversion', () => {
    expect(historyTexts(i18n, REQUIREMENT)).toEqual([
      '₱300.00 became withdrawable',
      '₱200.75 removed over the maximum conversion',
    ]);
    expect(historyTexts(i18n, { ...REQUIREMENT, removed: 0 })).toEqual(['₱300.00 became withdrawable']);
  });

  it('an expiry, a forfeit and a cancellation say what was removed', () => {
    const ended = (state: Requirement['state']) =>
      historyTexts(i18n, { ...REQUIREMENT, state, removed: 12.5 });
    expect(ended('expired')).toEqual(['Expired before the bets were made: ₱12.50 removed']);
    expect(ended('forfeited')).toEqual(['Forfeited by a withdrawal: ₱12.50 removed']);
    expect(ended('cancelled')).toEqual(['Cancelled: ₱12.50 removed']);
    expect(ended('open')).toEqual([]);
  });
});

describe('a claim in words', () => {
  it('granted with its amount, held or refused with the reason', () => {
    expect(
      claimText(i18n, { state: 'granted', reason: null, requirement: { ...REQUIREMENT, amount: 88 } }),
    ).toBe('Granted: ₱88.00 is in your balance, locked until its bets are made');
    expect(claimText(i18n, { state: 'held', reason: 'same_address', requirement: null })).toBe(
      'Your claim is waiting for a review: A welcome offer was already claimed from the same address',
    );
    expect(claimText(i18n, { state: 'refused', reason: 'same_phone', requirement: null })).toBe(
      'Your claim was refused: A welcome offer was already claimed with this phone number',
    );
    expect(claimText(i18n, { state: 'refused', reason: 'budget_exhausted', requirement: null })).toBe(
      'Your claim was refused: The budget of this offer is spent',
    );
    expect(claimText(i18n, { state: 'refused', reason: null, requirement: null })).toBe(
      'Your claim was refused',
    );
  });
});

describe('in the five locales (the real catalogues)', () => {
  afterAll(() => activateLocale('en-US'));
  const now = Date.UTC(2026, 11, 3, 12);
  const left = now + 2 * 24 * 3600_000 + 3600_000;

  it.each([
    [
      'en-PH',
      'Bet 20 x (bonus + deposit) before it can be withdrawn',
      '2 days 1 hour left',
      'Valid for 1 day after it is granted',
    ],
    [
      'es-ES',
      'Apuesta 20 x (bono + depósito) antes de poder retirarlo',
      'Quedan 2 días y 1 hora',
      'Válido durante 1 día desde que se concede',
    ],
    ['ko-KR', '출금하려면 (보너스 + 입금액)의 20배를 베팅하세요', '2일 1시간 남음', '지급 후 1일 동안 유효'],
    ['zh-CN', '需投注（奖金 + 存款）的 20 倍后才能提现', '剩余 2 天 1 小时', '发放后 1 天内有效'],
  ] as const)('%s', async (locale, turnover, timeText, validity) => {
    await loadBeyondHome();
    await activateLocale(locale);
    expect(offerRules(i18n, FULL).find((r) => r.key === 'turnover')?.text).toBe(turnover);
    expect(timeLeftText(i18n, left, now)).toBe(timeText);
    expect(validityText(i18n, 1)).toBe(validity);
    // Every rule is said in the locale (en-PH is English), none falls back to the English source.
    if (locale !== 'en-PH')
      for (const rule of offerRules(i18n, FULL)) expect(rule.text).not.toMatch(/ bonus| deposit|withdraw/i);
  });
});
