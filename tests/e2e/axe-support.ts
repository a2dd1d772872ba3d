import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, expect, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

/**
 * axe with its default rules plus "label-content-name-mismatch" (WCAG 2.5.3, label in name), which axe
 * still ships as experimental and off: a control's accessible name must contain the text it shows. Only
 * violations are reported, so axe need not build a selector for every passing node (most of a scan's time
 * on a long list); which rules run and which nodes they check is unchanged.
 */
const OPTIONS: RunOptions = {
  rules: { 'label-content-name-mismatch': { enabled: true } },
  resultTypes: ['violations'],
};

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * Loads axe in every page of the context as the page starts. A walk of many routes scans dozens of fresh
 * documents: handing each the 500 KB script anew was half the walk's time, while a script every document
 * of the context starts with is compiled once and kept by the browser.
 */
export async function preloadAxe(context: BrowserContext): Promise<void> {
  await context.addInitScript({ path: axeSource });
}

/**
 * Until the transitions and animations under way have ended (a dialog fading in): colours read mid-fade are
 * blends no user looks at. Endless ones (a spinner, a ticker) are left running.
 */
const animationsDone = (page: Page) =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ).then(() => undefined),
  );

type Violations = AxeResults['violations'];

/**
 * The page at rest, scanned with its own axe (preloadAxe) when it has one, else with axe injected for this
 * scan (AxeBuilder). At rest: the loading overlay of a call in flight has gone (it shows at least 300 ms,
 * outside any landmark, over whatever is under it), and finite animations have ended.
 */
async function violationsOf(page: Page): Promise<Violations> {
  await expect(page.locator('.loading-overlay')).toHaveCount(0);
  await animationsDone(page);
  const preloaded = await page.evaluate(
    async (options) => {
      const axe = (window as unknown as { axe?: { run(c: Document, o: RunOptions): Promise<AxeResults> } })
        .axe;
      return axe ? (await axe.run(document, options)).violations : null;
    },
    OPTIONS as Record<string, unknown>,
  );
  return preloaded ?? (await new AxeBuilder({ page }).options(OPTIONS).analyze()).violations;
}

export async function expectNoViolations(page: Page, where = page.url()): Promise<void> {
  const summary = (await violationsOf(page)).map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary })),
  }));
  expect(summary, `axe on ${where}`).toEqual([]);
}
