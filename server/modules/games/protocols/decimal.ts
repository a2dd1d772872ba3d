/*
 * Aggregators' decimal amounts (Evolution's numbers with up to six decimals, Pragmatic's strings with two)
 * read exactly: as the decimal text the sender wrote, never through a multiplication in floating point.
 */

/**
 * A non-negative decimal as an integer count of 10^-places units (`'1.25'`, 6 → 1_250_000), or null when it
 * is not a plain decimal, has more decimals than `places` or is not exact in a double.
 */
export function decimalUnits(value: string | number, places: number): number | null {
  // A number prints as the shortest text that reads back as it: the decimal the sender wrote.
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = /^(\d{1,15})(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  const [, whole = '', fraction = ''] = match;
  const kept = fraction.replace(/0+$/, '');
  if (kept.length > places) return null;
  const units = Number(whole) * 10 ** places + Number(kept.padEnd(places, '0') || '0');
  return Number.isSafeInteger(units) ? units : null;
}

/** Minor units (cents) as a decimal number of the unit, for a wire that answers numbers (12.34). */
export const minorAsNumber = (minor: number): number => minor / 100;

/** Minor units as a decimal text with two places, for a wire that answers strings ('12.30'). */
export const minorAsText = (minor: number): string =>
  `${Math.trunc(minor / 100)}.${String(Math.abs(minor % 100)).padStart(2, '0')}`;
