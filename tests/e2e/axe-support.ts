import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe with its default rules plus "label-content-name-mismatch" (WCAG 2.5.3, label in name), which axe
 * still ships as experimental and off: a control's accessible name must contain the text it shows.
 */
export async function expectNoViolations(page: Page, where = page.url()): Promise<void> {
  const results = await new AxeBuilder({ page })
    // Only violations are reported, so axe need not build a selector for every passing node (most of a
    // scan's time on a long list); which rules run and which nodes they check is unchanged.
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'] })
    .analyze();
  const summary = results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary })),
  }));
  expect(summary, `axe on ${where}`).toEqual([]);
}
