import { i18n } from '@lingui/core';
import { siteStore } from './site';

/** DESIGN.md section 4: the currency symbol follows the locale; a site entry may override it. */
export const CURRENCY_SYMBOLS: Record<string, string> = {
  'en-US': '₱',
  'en-PH': '₱',
  'es-ES': 'M$',
  'ko-KR': '₩',
  'zh-CN': '₱',
};
const DEFAULT_SYMBOL = '₱';

export function currencySymbol(
  locale: string = i18n.locale,
  overrides: Record<string, string> | null | undefined = siteStore.get()?.currencySymbols,
): string {
  return overrides?.[locale] ?? CURRENCY_SYMBOLS[locale] ?? DEFAULT_SYMBOL;
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
