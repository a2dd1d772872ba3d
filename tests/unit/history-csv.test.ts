import { describe, expect, it } from 'vitest';
import { historyCsv } from '#features/protection/history-csv.ts';

describe('historyCsv', () => {
  it('writes a header and one row per month with plain 2-decimal amounts, CRLF', () => {
    const csv = historyCsv(
      [
        { month: '2026-10', deposits: 1234.5, withdrawals: 0, net: 1234.5 },
        { month: '2026-11', deposits: 10, withdrawals: 25.25, net: -15.25 },
      ],
      ['Month', 'Deposits', 'Withdrawals', 'Net deposits'],
    );
    expect(csv).toBe(
      'Month,Deposits,Withdrawals,Net deposits\r\n2026-10,1234.50,0.00,1234.50\r\n2026-11,10.00,25.25,-15.25\r\n',
    );
  });

  it('quotes a header with a comma or a quote', () => {
    expect(historyCsv([], ['Mes, año', 'A "b"', 'c', 'd'])).toBe('"Mes, año","A ""b""",c,d\r\n');
  });
});
