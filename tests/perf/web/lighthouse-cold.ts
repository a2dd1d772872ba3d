// Cold load of home under Lighthouse's mobile defaults (simulated slow 4G, 4x CPU), median of N runs.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs, chromiumPath } from '../../../scripts/chromium.mjs';

export interface ColdLoad {
  score: number;
  lcpMs: number;
  tbtMs: number;
  /** The JavaScript files home loaded, gzipped (level 9) from dist/, in bytes. */
  homeJsGzip: number;
  /** The same files as Lighthouse saw them over the wire (the server may send brotli). */
  homeJsTransfer: number;
  scripts: string[];
  /** Each run's score and TBT, in run order: the median hides a bad run, the samples show it. */
  samples: Array<{ score: number; tbtMs: number }>;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function once(url: string, distDir: string): Promise<Omit<ColdLoad, 'samples'>> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...chromiumArgs],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ['performance'],
      output: 'json',
    });
    if (!result) throw new Error('Lighthouse returned nothing');
    const { lhr } = result;
    // A broken trace (NO_NAVSTART, NO_FCP) leaves the metrics empty: such a run measured nothing.
    if (lhr.runtimeError) throw new Error(`Lighthouse run failed: ${lhr.runtimeError.code}`);
    const requests =
      (lhr.audits['network-requests']?.details as { items?: Array<Record<string, unknown>> })?.items ?? [];
    const scripts = requests.filter(
      (r) => r.resourceType === 'Script' && String(r.url).startsWith(new URL(url).origin),
    );
    const files = scripts.map((r) => new URL(String(r.url)).pathname);
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
      homeJsTransfer: scripts.reduce((sum, r) => sum + Number(r.transferSize ?? 0), 0),
      homeJsGzip: files.reduce(
        (sum, file) => sum + gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length,
        0,
      ),
      scripts: files,
    };
  } finally {
    chrome.kill();
  }
}

/** A run whose trace Lighthouse fails to record is run again; this many failures fail the bench. */
const MAX_FAILED_RUNS = 3;

export async function measureColdLoad(url: string, distDir: string, runs: number): Promise<ColdLoad> {
  const all: Array<Omit<ColdLoad, 'samples'>> = [];
  let failed = 0;
  while (all.length < runs) {
    try {
      all.push(await once(url, distDir));
    } catch (error) {
      if (++failed >= MAX_FAILED_RUNS) throw error;
      console.warn(`${(error as Error).message}; run again`);
    }
  }
  return {
    score: median(all.map((r) => r.score)),
    lcpMs: median(all.map((r) => r.lcpMs)),
    tbtMs: median(all.map((r) => r.tbtMs)),
    homeJsGzip: median(all.map((r) => r.homeJsGzip)),
    homeJsTransfer: median(all.map((r) => r.homeJsTransfer)),
    scripts: all[0]?.scripts ?? [],
    samples: all.map((r) => ({ score: r.score, tbtMs: Math.round(r.tbtMs) })),
  };
}
