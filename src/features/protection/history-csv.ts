import type { HistoryMonth } from '#contract/protection';
import { toDecimalString } from '#lib/money';

/**
 * The account history as CSV (RFC 4180, comma separated, CRLF): plain decimal amounts with a point, so a
 * spreadsheet in any language reads them as numbers; the header row is in the user's language.
 */
export function historyCsv(
  months: readonly HistoryMonth[],
  header: readonly [string, string, string, string],
): string {
  const cell = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
  const amount = (v: number) => {
    const text = toDecimalString(v);
    const [whole, fraction = ''] = text.split('.');
    return `${whole}.${fraction.padEnd(2, '0').slice(0, 2)}`;
  };
  const rows = [
    header.map(cell).join(','),
    ...months.map((m) => [m.month, amount(m.deposits), amount(m.withdrawals), amount(m.net)].join(',')),
  ];
  return `${rows.join('\r\n')}\r\n`;
}
