import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { currencySymbol, formatAmount } from '#lib/money';
import { siteStore } from '#lib/site';
import { useStore } from '#lib/store';
import { historyCsv } from '../history-csv';
import { protectionQueries } from '../protection.queries';

/** Deposits, withdrawals and net deposits per month for the last 12 months, and the same as a CSV file. */
export function HistoryCard() {
  const { t, i18n } = useLingui();
  const history = useQuery(protectionQueries.history());
  // The symbol once per column, not in every cell: four columns of amounts then fit a 360 px phone.
  const symbol = currencySymbol(i18n.locale, useStore(siteStore)?.currencySymbols);
  const months = history.data?.months ?? [];
  const monthLabel = (month: string) =>
    new Intl.DateTimeFormat(i18n.locale, { year: 'numeric', month: 'short', timeZone: 'UTC' }).format(
      Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1),
    );

  const download = () => {
    const csv = historyCsv(months, [t`Month`, t`Deposits`, t`Withdrawals`, t`Net deposits`]);
    const href = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    const anchor = document.createElement('a');
    anchor.href = href;
    anchor.download = 'account-history.csv';
    anchor.hidden = true;
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
    // Give the browser time to start the download before the blob goes.
    setTimeout(() => URL.revokeObjectURL(href), 30_000);
  };

  return (
    <section className="card" aria-labelledby="history-title">
      <h2 id="history-title" className="protection-card__title">{t`Account history`}</h2>
      {/* Scrolls sideways on a narrow screen with large amounts: focusable, so a keyboard can scroll it. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
      <section className="protection-table-wrap" aria-labelledby="history-caption" tabIndex={0}>
        <table className="protection-table" data-testid="history">
          <caption
            id="history-caption"
            className="visually-hidden"
          >{t`Deposits and withdrawals per month, last 12 months`}</caption>
          <thead>
            <tr>
              <th scope="col">
                {t`Deposits`} ({symbol})
              </th>
              <th scope="col">
                {t`Withdrawals`} ({symbol})
              </th>
              <th scope="col">
                {t`Net deposits`} ({symbol})
              </th>
            </tr>
          </thead>
          {/* A month names its own row group above its three amounts: four columns do not fit a 360 px phone. */}
          {[...months].reverse().map((m) => (
            <tbody key={m.month}>
              <tr>
                <th scope="rowgroup" colSpan={3} className="protection-table__month">
                  {monthLabel(m.month)}
                </th>
              </tr>
              <tr>
                <td className="tabular">{formatAmount(m.deposits, i18n.locale)}</td>
                <td className="tabular">{formatAmount(m.withdrawals, i18n.locale)}</td>
                <td className="tabular">{formatAmount(m.net, i18n.locale)}</td>
              </tr>
            </tbody>
          ))}
        </table>
      </section>
      <button
        type="button"
        className="button button--outline button--block"
        onClick={download}
        disabled={months.length === 0}
      >
        {t`Download CSV`}
      </button>
    </section>
  );
}
