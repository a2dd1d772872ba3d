import type { Site } from '#contract/site';
import { createStore } from './store';

/** The site entry matching this host, once boot/sites has found it; null when none matched. */
export const siteStore = createStore<Site | null>(null);

export function findSite(sites: readonly Site[], hostname: string): Site | null {
  const host = hostname.toLowerCase();
  return sites.find((site) => site.domain.toLowerCase() === host) ?? null;
}
