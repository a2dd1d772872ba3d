// Warm offline launch: navigation start to the first banner and the first strip item painted, read by
// the browser itself (Element Timing), in real Chromium with the CPU slowed 4x, offline, median of 10.
import { type BrowserContext, chromium, devices, type Page } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../../../scripts/chromium.mjs';

export interface LaunchTimes {
  banner: number;
  strip: number;
  /** Both painted: the later of the two. */
  both: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

type PaintWindow = Window & { __paints?: Record<string, number> };

/** Installed before any script of every navigation, so no paint can come before the observer. */
function observePaints(): void {
  const paints: Record<string, number> = {};
  (window as PaintWindow).__paints = paints;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<
      PerformanceEntry & { identifier: string; renderTime: number; loadTime: number }
    >) {
      paints[entry.identifier] ??= entry.renderTime || entry.loadTime;
    }
  }).observe({ type: 'element', buffered: true });
}

/** Paint times of the two marked elements on the current navigation (20 s at most). */
async function paintTimes(page: Page): Promise<{ banner: number; strip: number }> {
  const handle = await page.waitForFunction(
    () => {
      const paints = (window as PaintWindow).__paints;
      return paints?.['first-banner'] !== undefined && paints['first-strip-item'] !== undefined
        ? { banner: paints['first-banner'], strip: paints['first-strip-item'] }
        : null;
    },
    undefined,
    { timeout: 20_000, polling: 50 },
  );
  return (await handle.jsonValue()) as { banner: number; strip: number };
}

export interface WarmLaunchOptions {
  origin: string;
  path: string;
  runs: number;
  /** Prepares the page online (log in, first visit); resolves when the offline launch can be measured. */
  prepare: (page: Page, context: BrowserContext) => Promise<void>;
}

export async function measureWarmLaunch({ origin, path, runs, prepare }: WarmLaunchOptions): Promise<{
  median: LaunchTimes;
  samples: LaunchTimes[];
}> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const context = await browser.newContext({ ...devices['Pixel 7'], baseURL: origin });
    await context.addInitScript(observePaints);
    const page = await context.newPage();
    await prepare(page, context);
    await page.goto(path);
    await paintTimes(page);
    await context.setOffline(true);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const samples: LaunchTimes[] = [];
    for (let i = 0; i < runs; i++) {
      await page.reload({ waitUntil: 'commit' });
      const { banner, strip } = await paintTimes(page);
      samples.push({ banner, strip, both: Math.max(banner, strip) });
    }
    return {
      median: {
        banner: median(samples.map((s) => s.banner)),
        strip: median(samples.map((s) => s.strip)),
        both: median(samples.map((s) => s.both)),
      },
      samples,
    };
  } finally {
    await browser.close();
  }
}
