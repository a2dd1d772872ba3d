import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { type ChartData, hasValues, valueTickLabel } from '#lib/chart-data';
import { formatDay } from '#lib/days';
import './day-chart.css';

const HEIGHT = 200;

export interface DayChartProps {
  /** What the chart shows; the caption of the chart and of its table. */
  title: string;
  data: ChartData;
  /** A value as the table shows it (money rounded down with the currency). */
  format: (value: number) => string;
}

/**
 * Figures by day as a chart (uPlot, loaded on first use: the library is not in any route's own chunk)
 * with the same figures as a table. The canvas is hidden from assistive technology; the table is what a
 * screen reader reads, and a sighted user can show it too.
 */
export function DayChart({ title, data, format }: DayChartProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const canvas = useRef<HTMLDivElement>(null);
  const [showTable, setShowTable] = useState(false);
  const [failed, setFailed] = useState(false);
  const locale = i18n.locale;
  const empty = !hasValues(data);
  // Callers build the data on each render: the chart is drawn again only when the figures change.
  const dataKey = JSON.stringify(data);
  const latest = useRef(data);
  latest.current = data;

  // biome-ignore lint/correctness/useExhaustiveDependencies: dataKey stands for the data, read through `latest`
  useEffect(() => {
    const node = canvas.current;
    if (!node || empty) return;
    let chart: { resize(width: number): void; destroy(): void } | null = null;
    let observer: ResizeObserver | null = null;
    let cancelled = false;
    const valueLabel = valueTickLabel(locale);
    import('./uplot-chart')
      .then(({ mountChart }) => {
        if (cancelled) return;
        chart = mountChart(node, latest.current, {
          width: Math.max(node.clientWidth, 240),
          height: HEIGHT,
          dayLabel: (day) => formatDay(day, locale, 'short'),
          valueLabel,
        });
        if (typeof ResizeObserver === 'function') {
          observer = new ResizeObserver(() => {
            if (node.clientWidth > 0) chart?.resize(node.clientWidth);
          });
          observer.observe(node);
        }
      })
      // The table still has every figure; the chart's place says it could not be drawn.
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [dataKey, empty, locale]);

  return (
    <figure className="day-chart" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="day-chart__caption">
        {title}
      </figcaption>
      {data.series.length > 0 ? (
        <ul className="day-chart__legend" aria-hidden="true">
          {data.series.map((series, index) => (
            <li key={series.label}>
              <span className={`day-chart__swatch day-chart__swatch--${index % 2}`} />
              {series.label}
            </li>
          ))}
        </ul>
      ) : null}
      {empty ? (
        <p className="day-chart__empty">{t`Nothing in these days yet`}</p>
      ) : failed ? (
        <p className="day-chart__empty">{t`The chart could not be drawn; the table has the figures.`}</p>
      ) : (
        <div ref={canvas} className="day-chart__canvas" aria-hidden="true" data-testid="day-chart" />
      )}
      <button
        type="button"
        className="button button--ghost button--small day-chart__toggle"
        aria-expanded={showTable}
        aria-controls={`${id}-table`}
        onClick={() => setShowTable((shown) => !shown)}
      >
        {showTable ? t`Hide the table` : t`Show as a table`}
      </button>
      {/* Shown, the table may scroll sideways on a narrow phone: a keyboard reaches it as a region. */}
      <div
        id={`${id}-table`}
        className={showTable ? 'day-chart__table' : 'visually-hidden'}
        {...(showTable ? { role: 'region', 'aria-label': title, tabIndex: 0 } : {})}
      >
        <table className="data-table">
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t`Day`}</th>
              {data.series.map((series) => (
                <th key={series.label} scope="col">
                  {series.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.days.map((day, row) => (
              <tr key={day}>
                <th scope="row">{formatDay(day, locale)}</th>
                {data.series.map((series) => (
                  <td key={series.label} className="tabular">
                    {format(series.values[row] ?? 0)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
