import { sitesCall } from '#contract/site';
import { api, logFailure } from '#lib/api-client';
import { findSite, siteStore } from '#lib/site';

/**
 * DESIGN.md section 4: fetch the site entries once, brand the page for the one matching this host,
 * then hide the loading indicator. A failure is logged only.
 */
export async function loadSite(): Promise<void> {
  try {
    const sites = await api.call(sitesCall, {}, { silent: true });
    const site = findSite(sites, window.location.hostname);
    if (site) {
      siteStore.set(site);
      document.title = site.name;
      document.querySelector('meta[name="theme-color"]')?.setAttribute('content', site.themeColor);
      // iOS reads it when "Add to Home Screen" is tapped, after this has run.
      if (site.appleTouchIcon)
        document.querySelector('link[rel="apple-touch-icon"]')?.setAttribute('href', site.appleTouchIcon);
    }
  } catch (error) {
    logFailure('Site list', error);
  } finally {
    hideAppLoading();
  }
}

export function hideAppLoading(): void {
  const indicator = document.getElementById('app-loading');
  if (indicator) {
    indicator.hidden = true;
    indicator.setAttribute('aria-busy', 'false');
  }
}
