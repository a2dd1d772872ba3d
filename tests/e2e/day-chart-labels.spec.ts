import { expect, type Page, test } from '@playwright/test';
import { rakeBackCall } from '#contract/agent';
import { apiToken, startSession } from './every-route';

/*
 * Issue 31 item 19: the 30-day chart's day labels ran together in Korean ("11월 26일" is wider than
 * "Nov 26"), and its value ticks were rounded to one decimal ("0.3, 0.5, 0.8, 1"; "0.1" twice). uPlot draws
 * on a canvas, so the DOM cannot say where a label is: an init script wraps the canvas's fillText and
 * records each label with its position, measured width and alignment, for the last frame drawn (uPlot
 * clears the whole canvas before each). The rake back page shows the player's last 30 settled days; the
 * answer is the server's, its history replaced by 30 days of figures so the chart has every day to label.
 */

const WIDTH = 390;
const CHART_LOCALES = ['ko-KR', 'en-US', 'zh-CN'] as const;
/** CSS pixels between two day labels at the least: with the axis spacing of before the fix they had 2. */
const MIN_GAP = 8;

interface Drawn {
  text: string;
  x: number;
  y: number;
  width: number;
  align: string;
}

declare global {
  interface Window {
    __chartLabels?: Drawn[];
  }
}

/** In the page: records every fillText of the frame being drawn. */
function recordLabels(): void {
  const proto = CanvasRenderingContext2D.prototype;
  const fillText = proto.fillText;
  const clearRect = proto.clearRect;
  window.__chartLabels = [];
  proto.clearRect = function (this: CanvasRenderingContext2D, x, y, w, h) {
    // A new frame: uPlot clears the whole canvas first.
    if (w >= this.canvas.width && h >= this.canvas.height) window.__chartLabels = [];
    return clearRect.call(this, x, y, w, h);
  };
  proto.fillText = function (this: CanvasRenderingContext2D, text, x, y, maxWidth) {
    const label = String(text);
    window.__chartLabels?.push({
      text: label,
      x,
      y,
      width: this.measureText(label).width,
      align: this.textAlign,
    });
    return fillText.call(this, text, x, y, maxWidth);
  };
}

/** 30 days up to yesterday (UTC), each with rake back under 1.00 and a few hundred of valid bets. */
function thirtyDays(): { day: string; validBets: number; amount: number }[] {
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  return Array.from({ length: 30 }, (_, i) => ({
    day: new Date(today - (30 - i) * 86_400_000).toISOString().slice(0, 10),
    validBets: 100 + ((i * 37) % 800),
    amount: Math.round(10 + ((i * 23) % 85)) / 100,
  }));
}

/** Serves the rake back answer of the server with 30 days of history. */
async function withThirtyDays(page: Page): Promise<void> {
  await page.route(`**/api${rakeBackCall.path}`, async (route) => {
    const response = await route.fetch();
    const envelope = (await response.json()) as { data: { history: unknown } };
    envelope.data.history = thirtyDays();
    await route.fulfill({ response, json: envelope });
  });
}

/** The labels of the last frame, once two reads a little apart agree (the chart may redraw on resize). */
async function drawnLabels(page: Page): Promise<Drawn[]> {
  let last = '';
  await expect
    .poll(async () => {
      const now = JSON.stringify(await page.evaluate(() => window.__chartLabels ?? []));
      const stable = now === last && now !== '[]';
      last = now;
      return stable;
    })
    .toBe(true);
  return JSON.parse(last) as Drawn[];
}

/** A label's left and right edges as drawn, by its alignment. */
function edges(label: Drawn): [number, number] {
  if (label.align === 'center') return [label.x - label.width / 2, label.x + label.width / 2];
  if (label.align === 'right' || label.align === 'end') return [label.x - label.width, label.x];
  return [label.x, label.x + label.width];
}

test.describe('the 30-day chart at 390 px', () => {
  for (const locale of CHART_LOCALES)
    test(`day labels leave a gap and value ticks are exact in ${locale}`, async ({ page }) => {
      await page.setViewportSize({ width: WIDTH, height: 844 });
      await page.addInitScript(recordLabels);
      await withThirtyDays(page);
      await startSession(page, await apiToken(page.request, 'player'), locale);
      await page.goto('/RakeBack');
      await expect(page.getByTestId('day-chart').locator('canvas').first()).toBeVisible();
      const labels = await drawnLabels(page);

      // The x axis: the centred labels, all on one line, each a day of the range in the locale's short form.
      const days = new Set(
        thirtyDays().map(({ day }) =>
          new Intl.DateTimeFormat(locale, { timeZone: 'UTC', month: 'short', day: 'numeric' }).format(
            new Date(`${day}T00:00:00Z`),
          ),
        ),
      );
      const axis = labels.filter((l) => l.align === 'center' && l.text !== '').sort((a, b) => a.x - b.x);
      expect(axis.length, `day labels in ${locale}: ${JSON.stringify(axis)}`).toBeGreaterThanOrEqual(2);
      expect(new Set(axis.map((l) => l.y)).size).toBe(1);
      for (const label of axis) expect(days.has(label.text), `"${label.text}" is a day`).toBe(true);
      // Neighbours leave a gap wider than a space (canvas pixels are the device's: divided by its ratio).
      const ratio = await page.evaluate(() => window.devicePixelRatio);
      for (let i = 1; i < axis.length; i++) {
        const before = axis[i - 1] as Drawn;
        const label = axis[i] as Drawn;
        const gap = (edges(label)[0] - edges(before)[1]) / ratio;
        expect(gap, `gap between "${before.text}" and "${label.text}" in ${locale}`).toBeGreaterThanOrEqual(
          MIN_GAP,
        );
      }

      // The value axes: each axis's labels share an x; every tick reads a distinct number, evenly stepped
      // (a step rounded to one decimal reads "0.3, 0.5, 0.8" or the same label twice).
      const valueAxes = new Map<number, Drawn[]>();
      for (const label of labels.filter((l) => l.align !== 'center'))
        valueAxes.set(label.x, [...(valueAxes.get(label.x) ?? []), label]);
      expect(valueAxes.size, `value axes in ${locale}`).toBe(2);
      for (const ticks of valueAxes.values()) {
        const values = ticks.map((l) => Number(l.text.replace(/,/g, ''))).sort((a, b) => a - b);
        expect(values.every(Number.isFinite), `ticks ${ticks.map((l) => l.text).join(' ')}`).toBe(true);
        expect(new Set(values).size).toBe(values.length);
        const step = (values[1] ?? 0) - (values[0] ?? 0);
        for (let i = 1; i < values.length; i++)
          expect(
            Math.abs((values[i] ?? 0) - (values[i - 1] ?? 0) - step),
            `even steps: ${ticks.map((l) => l.text).join(' ')}`,
          ).toBeLessThan(1e-9);
      }
      const rakeBackTicks = [...valueAxes.values()].find((ticks) => ticks.some((l) => l.text.includes('.')));
      expect(rakeBackTicks, 'the rake back axis has ticks under 1').toBeDefined();
    });
});
