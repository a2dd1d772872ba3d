import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { alignedData, type ChartData, VALUE_STEPS } from '#lib/chart-data';

/*
 * The one module that imports uPlot: day-chart.tsx loads it with a dynamic import, so the library and its
 * stylesheet are a chunk of their own, fetched only when a chart is on screen (never by home).
 */

/** The series' colours: the primary orange for the first, a green for the second (as the legend shows). */
export const SERIES_COLOURS = ['#c2410c', '#15803d'] as const;
const AXIS_COLOUR = '#57534e';
const GRID_COLOUR = '#e7e5e4';

export interface ChartOptions {
  width: number;
  height: number;
  /** A day's axis label ("Nov 26"). */
  dayLabel: (day: string) => string;
  /** An axis value, short ("1.2K"). */
  valueLabel: (value: number) => string;
}

export interface MountedChart {
  resize(width: number): void;
  destroy(): void;
}

/**
 * Bars for the first series and a line for the second, each on its own scale (a team's valid bets and a
 * commission differ by orders of magnitude), days along the bottom.
 */
export function mountChart(target: HTMLElement, data: ChartData, options: ChartOptions): MountedChart {
  const font = '12px system-ui, sans-serif';
  const bars = uPlot.paths.bars?.({ size: [0.6, 32] });
  const series: uPlot.Series[] = [
    {},
    ...data.series.map((s, index): uPlot.Series => {
      const colour = SERIES_COLOURS[index % SERIES_COLOURS.length] ?? SERIES_COLOURS[0];
      return index === 0
        ? { label: s.label, scale: 'y0', stroke: colour, fill: `${colour}cc`, width: 0, paths: bars }
        : { label: s.label, scale: `y${index}`, stroke: colour, width: 2, points: { size: 5 } };
    }),
  ];
  const valueAxis = (index: number): uPlot.Axis => ({
    scale: `y${index}`,
    side: index === 0 ? 3 : 1,
    stroke: AXIS_COLOUR,
    font,
    size: 48,
    grid: { show: index === 0, stroke: GRID_COLOUR, width: 1 },
    ticks: { show: false },
    incrs: [...VALUE_STEPS],
    values: (_u, splits) => splits.map((v) => options.valueLabel(v)),
  });
  const plot = new uPlot(
    {
      width: options.width,
      height: options.height,
      legend: { show: false },
      cursor: { show: false },
      scales: {
        // Fixed: half a day of room on each side, so the first and last bars are whole (and one day is centred).
        x: { time: false, range: [-0.5, data.days.length - 0.5] },
        ...Object.fromEntries(
          data.series.map((_, index) => [
            `y${index}`,
            { range: (_u: uPlot, _min: number, max: number) => [0, max > 0 ? max * 1.1 : 1] },
          ]),
        ),
      },
      series,
      axes: [
        {
          stroke: AXIS_COLOUR,
          font,
          grid: { show: false },
          ticks: { show: false },
          // Room for a short date in every locale ("11월 26일" is wider than "Nov 26"): 30 days get fewer labels.
          space: 72,
          incrs: [1, 2, 5, 7, 14, 30],
          values: (_u, splits) =>
            splits.map((v) => {
              const day = Number.isInteger(v) ? data.days[v] : undefined;
              return day ? options.dayLabel(day) : '';
            }),
        },
        ...data.series.map((_, index) => valueAxis(index)),
      ],
    },
    alignedData(data) as uPlot.AlignedData,
    target,
  );
  return {
    resize: (width) => plot.setSize({ width, height: options.height }),
    destroy: () => plot.destroy(),
  };
}
