import { i18n } from '@lingui/core';
import { CURRENCY_SYMBOLS, DEFAULT_CURRENCY_SYMBOL } from '#contract/currency';
import { siteStore } from './site';

export { CURRENCY_SYMBOLS };

export function currencySymbol(
  locale: string = i18n.locale,
  overrides: Record<string, string> | null | undefined = siteStore.get()?.currencySymbols,
): string {
  return overrides?.[locale] ?? CURRENCY_SYMBOLS[locale] ?? DEFAULT_CURRENCY_SYMBOL;
}

/**
 * Expands any finite number or decimal string to a plain decimal string with no exponent.
 * `String(1.15)` is the shortest text that round-trips ("1.15"), which is what the amount means;
 * arithmetic such as 1.15 * 100 would give 114.99999999999999 and lose a cent.
 */
export function toDecimalString(value: number | string | bigint): string {
  if (typeof value === 'bigint') return value.toString();
  const text = (typeof value === 'number' ? String(value) : value).trim();
  if (typeof value === 'number' && !Number.isFinite(value))
    throw new RangeError(`Not a finite amount: ${value}`);
  const match = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) throw new RangeError(`Not an amount: ${text}`);
  const sign = match[1] === '-' ? '-' : '';
  let digits = `${match[2]}${match[3] ?? ''}`;
  let point = match[2]?.length ?? 0;
  point += Number(match[4] ?? 0);
  if (point <= 0) {
    digits = '0'.repeat(1 - point) + digits;
    point = 1;
  } else if (point > digits.length) {
    digits = digits + '0'.repeat(point - digits.length);
  }
  const intPart = digits.slice(0, point).replace(/^0+(?=\d)/, '');
  const fraction = digits.slice(point).replace(/0+$/, '');
  return `${sign}${intPart}${fraction ? `.${fraction}` : ''}`;
}

/**
 * An amount in integer minor units (cents), rounded DOWN (toward negative infinity), so the app never
 * shows more than there is: 1.159 -> 115, -1.151 -> -116.
 */
export function toMinorUnits(value: number | string): bigint {
  const text = toDecimalString(value);
  const negative = text.startsWith('-');
  const [intPart = '0', fraction = ''] = text.replace(/^[+-]/, '').split('.');
  const cents = BigInt(intPart) * 100n + BigInt((fraction.slice(0, 2) || '0').padEnd(2, '0'));
  const hasRemainder = /[1-9]/.test(fraction.slice(2));
  if (!negative) return cents;
  return -cents - (hasRemainder ? 1n : 0n);
}

function separators(locale: string): { group: string; decimal: string } {
  const parts = new Intl.NumberFormat(locale).formatToParts(11111.1);
  return {
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
  };
}

/** Exact minor units back to a plain decimal string with 2 decimals: 10050n -> "100.50". */
export function fromMinorUnits(minor: bigint): string {
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  return `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** Money has cents: a typed amount may have at most 2 decimals (contract MONEY_DECIMALS). */
const MAX_TYPED_DECIMALS = 2;

/** Why a typed amount was not understood; the forms show all of them as "Please enter a correct amount". */
export type TypedAmountIssue = 'empty' | 'not_a_number' | 'ambiguous' | 'too_many_decimals' | 'not_positive';

/**
 * Reads an amount as the user typed it in their locale, into exact minor units (no floating point).
 * The separators are the locale's own (Intl): en-US, en-PH, ko-KR, zh-CN group with "," and use "."
 * for decimals; es-ES groups with "." and uses "," for decimals.
 *
 * Accepted: digits ("1234"); the decimal separator with 1 or 2 decimals ("1234.5", "0.05", ".5" in
 * en-US; "1234,5", ",5" in es-ES); the grouping separator only in whole groups of 3 after a first group
 * of 1-3 digits not starting with 0 ("1,234.50" / "1.234,50", "1,234,567"), and grouping is optional
 * (es-ES writes 1234 ungrouped, so "1234,5" and "1.234,5" both read 1234.50); spaces around; a leading
 * currency symbol of the locale ("₱1,000", "M$ 1.000,5"); full-width digits and separators of CJK
 * keyboards ("１００．５").
 *
 * Refused, because a real user could have meant something else: the other convention's decimal
 * separator where it is the locale's grouping separator in the wrong place (en-US "100,00" or "1,50";
 * es-ES "100.50", "1,234.50"); more than one decimal separator; a grouping separator after the
 * decimal one; an ungrouped part before a group ("1234,567"); a trailing separator ("12.");
 * more than 2 decimals ("1.234" in en-US); letters, exponents, other spaces or signs; zero or
 * negative amounts. Note "1,234" in en-US and "1.234" in es-ES are whole groups, so they read 1234:
 * the form shows the amount it understood before anything is sent.
 */
export function parseTypedAmount(
  text: string,
  locale: string,
  symbol: string = currencySymbol(locale),
): { minor: bigint } | { issue: TypedAmountIssue } {
  // NFKC turns full-width digits and separators into ASCII and no-break spaces into plain ones.
  let rest = text.normalize('NFKC').trim();
  if (rest === '') return { issue: 'empty' };
  let negative = false;
  const dropSign = () => {
    if (/^[-\u2212]/.test(rest)) {
      negative = true;
      rest = rest.slice(1).trimStart();
    }
  };
  dropSign();
  const sign = symbol.normalize('NFKC').trim();
  if (sign !== '' && rest.startsWith(sign)) rest = rest.slice(sign.length).trimStart();
  dropSign();

  const norm = (c: string) => c.normalize('NFKC');
  const { group, decimal } = separators(locale);
  const [g, d] = [norm(group), norm(decimal)];
  for (const c of rest) if (!/\d/.test(c) && c !== g && c !== d) return { issue: 'not_a_number' };

  const parts = rest.split(d);
  if (parts.length > 2) return { issue: 'ambiguous' };
  const [whole = '', fraction] = parts;
  if (fraction !== undefined) {
    if (fraction === '' || fraction.includes(g)) return { issue: 'ambiguous' };
    if (fraction.length > MAX_TYPED_DECIMALS) return { issue: 'too_many_decimals' };
  }
  if (whole === '' && fraction === undefined) return { issue: 'not_a_number' };
  if (whole.includes(g)) {
    const [first = '', ...groups] = whole.split(g);
    if (!/^[1-9]\d{0,2}$/.test(first) || groups.some((x) => !/^\d{3}$/.test(x)))
      return { issue: 'ambiguous' };
  }
  const minor = BigInt(whole.split(g).join('') || '0') * 100n + BigInt((fraction ?? '').padEnd(2, '0'));
  if (negative || minor === 0n) return { issue: 'not_positive' };
  return { minor };
}

/** The number alone, rounded down to exactly 2 decimals, grouped for the locale: "1,234.56". */
export function formatAmount(value: number | string, locale: string = i18n.locale || 'en-US'): string {
  const minor = toMinorUnits(value);
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const whole = abs / 100n;
  const cents = (abs % 100n).toString().padStart(2, '0');
  const { decimal } = separators(locale);
  const grouped = new Intl.NumberFormat(locale).format(whole);
  return `${negative ? '-' : ''}${grouped}${decimal}${cents}`;
}

export interface FormatMoneyOptions {
  locale?: string;
  symbols?: Record<string, string> | null;
}

/** "₱1,234.56", "-₱0.01": the symbol for the locale, the amount rounded down to 2 decimals. */
export function formatMoney(value: number | string, options: FormatMoneyOptions = {}): string {
  const locale = options.locale ?? (i18n.locale || 'en-US');
  const symbol = currencySymbol(
    locale,
    options.symbols === undefined ? siteStore.get()?.currencySymbols : options.symbols,
  );
  const amount = formatAmount(value, locale);
  return amount.startsWith('-') ? `-${symbol}${amount.slice(1)}` : `${symbol}${amount}`;
}
