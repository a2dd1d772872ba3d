import type { Banner } from '#contract/content';

const escapeHtml = (value: string): string =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

/**
 * What a first visit paints before the app's scripts have run: the top of home (brand and search field)
 * and the first banner, in the app's own classes, so the app's stylesheet puts every box where the app
 * will (tests/e2e/launch-first-view.spec.ts holds the two to the same place). React replaces it when it
 * mounts. Nothing in it is interactive or worded: the field waits for the app, in the user's language.
 * The cold-load counterpart of the service worker's snapshot (sw/snapshot.ts).
 */
export function firstViewHtml(banner: Banner, picture: string): string {
  return [
    '<div class="page home" data-first-view="">',
    '<header class="home-top"><div class="home-top__brand">',
    '<img class="brand-mark" src="/favicon.svg" width="32" height="32" alt="" />',
    '<h1 class="home-top__title">Beacon</h1></div>',
    '<div class="search-box"><input class="search-box__input" type="search" disabled aria-hidden="true" tabindex="-1" /></div>',
    '</header>',
    '<main class="page__body home__body">',
    '<section class="carousel banner-frame"><div class="carousel__track"><div class="carousel__slide"><div class="banner">',
    `<img class="banner__image" src="${escapeHtml(picture)}" alt="${escapeHtml(banner.bannername)}" width="750" height="245" fetchpriority="high" />`,
    '</div></div></div></section>',
    '</main></div>',
  ].join('');
}
