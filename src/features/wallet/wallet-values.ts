import type { LevelData, SecondaryInfo } from '#contract/wallet';
import { MONEY_MAX, toMoney } from '#contract/wallet';
import { addDays, isDay } from '#lib/days';
import { parseTypedAmount, toMinorUnits } from '#lib/money';
import { dayStartInZone } from '#lib/zoned-time';

/** Spec section 3: the four amounts of the /my tab (displayed rounded down by formatMoney). */
export interface WalletSummaryValues {
  balance: number;
  withdrawable: number;
  locked: number;
  inGame: number;
}

/** Exact cents, so 0.3 - 0.1 stays 0.2 (derived on integer minor units). */
const cents = (v: number): bigint => toMinorUnits(v);
const fromCents = (c: bigint): number => Number(c) / 100;

export function walletSummary(info: SecondaryInfo): WalletSummaryValues {
  return {
    balance: info.totalCoin,
    withdrawable: info.canWithdrawCoin,
    locked: fromCents(cents(info.totalCoin) - cents(info.canWithdrawCoin)),
    inGame: fromCents(info.channelData.reduce((sum, c) => sum + cents(c.balance), 0n)),
  };
}

/**
 * Spec section 3: historySteam / the next level's needSteam as a percentage, capped at 100 (100 at the
 * top level), floored to 2 decimals so it never shows more progress than made.
 */
export function levelProgress(level: LevelData): number {
  const next = level.meta.find((m) => m.level === level.vipState.level + 1);
  if (!next || next.needSteam <= 0) return 100;
  const ratio = (level.vipState.historySteam / next.needSteam) * 100;
  if (!Number.isFinite(ratio) || ratio <= 0) return 0;
  return Math.min(100, Math.floor(ratio * 100) / 100);
}

/** The next level's threshold, or null at the top. */
export const nextLevel = (level: LevelData) =>
  level.meta.find((m) => m.level === level.vipState.level + 1) ?? null;

export type AmountIssue =
  | { code: 'amount_required' | 'amount_invalid' | 'insufficient_funds' }
  | { code: 'amount_below_limit' | 'amount_above_limit'; limit: number };

export interface AmountRules {
  min?: number | undefined;
  max?: number | undefined;
  /** The most the user has for this move (e.g. withdrawable). */
  available?: number | undefined;
}

/**
 * Parses an amount typed by the user in their locale (parseTypedAmount: its separators, at most 2
 * decimals, nothing ambiguous): required; a correct amount; within the limits; at most what is
 * available. `amount` is the wire's decimal number, made from the exact minor units.
 */
export function parseAmount(
  text: string,
  locale: string,
  rules: AmountRules = {},
): { amount: number; minor: bigint } | { issue: AmountIssue } {
  const typed = parseTypedAmount(text, locale);
  if ('issue' in typed)
    return { issue: { code: typed.issue === 'empty' ? 'amount_required' : 'amount_invalid' } };
  const { minor } = typed;
  if (minor > toMinorUnits(MONEY_MAX)) return { issue: { code: 'amount_invalid' } };
  if (rules.min !== undefined && minor < toMinorUnits(rules.min))
    return { issue: { code: 'amount_below_limit', limit: rules.min } };
  if (rules.max !== undefined && rules.max > 0 && minor > toMinorUnits(rules.max))
    return { issue: { code: 'amount_above_limit', limit: rules.max } };
  if (rules.available !== undefined && minor > toMinorUnits(rules.available))
    return { issue: { code: 'insufficient_funds' } };
  return { amount: toMoney(Number(minor)), minor };
}

/**
 * A form's typed amount as its contract input beside the other fields (`rest`): the amount when it
 * reads (parseAmount), else none, with its problem under `amount`.
 */
export function amountInput<T extends object>(
  text: string,
  locale: string,
  rules: AmountRules,
  rest?: T,
): { input: T & { amount: number | undefined }; issues: { amount?: AmountIssue } } {
  const parsed = parseAmount(text, locale, rules);
  return 'issue' in parsed
    ? { input: { ...(rest as T), amount: undefined }, issues: { amount: parsed.issue } }
    : { input: { ...(rest as T), amount: parsed.amount }, issues: {} };
}

export const FINAL_STATES = ['Success', 'Fail'] as const;
export const isFinalState = (state: string): boolean => (FINAL_STATES as readonly string[]).includes(state);

/** The progress steps of /WithdrawStep in order; the last is Success or Fail once known. */
export const WITHDRAW_STEPS = ['Prepare', 'WaitReview', 'WaitExec', 'Exec'] as const;

/**
 * A calendar date "YYYY-MM-DD" in `timeZone` (undefined: the device's) -> epoch ms of its first or last
 * millisecond; the end is the next day's start less one, as a day of 23 or 25 hours has it.
 */
export function dayBound(date: string, end: boolean, timeZone?: string): number | undefined {
  if (!isDay(date)) return undefined;
  return end ? dayStartInZone(addDays(date, 1), timeZone) - 1 : dayStartInZone(date, timeZone);
}
