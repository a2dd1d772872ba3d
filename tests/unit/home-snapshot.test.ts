import { describe, expect, it } from 'vitest';
import { toSnapshotHtml } from '#lib/home-snapshot';
import { injectSnapshot } from '../../sw/snapshot';

const SHELL =
  '<body><div id="app-loading" role="status"><span></span></div><div id="root"></div><script type="module" src="/assets/index.js"></script></body>';

function home(): Element {
  const root = document.createElement('div');
  root.innerHTML = `
    <header><h1>Beacon</h1></header>
    <div class="carousel__track" style="transform: translateX(calc(-2 * (100% + 50px)))">
      <div class="carousel__slide carousel__slide--copy" aria-hidden="true"><img src="/media/b2.svg" alt="Second"></div>
      <div class="carousel__slide"><img src="/media/b1.svg" alt="First" elementtiming="first-banner"></div>
      <div class="carousel__slide"><img src="/media/b2.svg" alt="Second"></div>
      <div class="carousel__slide carousel__slide--copy" aria-hidden="true"><img src="/media/b1.svg" alt="First"></div>
    </div>
    <ul class="strip" style="transform: translateX(-12px)"><li><span elementtiming="first-strip-item">Game</span></li></ul>
    <div class="virtual-list"><div class="virtual-list__row" style="transform: translateY(104px)">Row</div></div>
    <div role="dialog">Open dialog</div>
    <script>alert(1)</script>`;
  return root;
}

describe('home snapshot', () => {
  it('keeps a static picture: no scripts, no inline styles, no virtual list, no open dialog', () => {
    const html = toSnapshotHtml(home());
    expect(html).not.toContain('<script');
    expect(html).not.toContain('style=');
    expect(html).not.toContain('virtual-list');
    expect(html).not.toContain('Open dialog');
    expect(html).toContain('elementtiming="first-strip-item"');
  });

  it('rests the carousel on the first banner, whichever slide it showed: the loop copies go', () => {
    const html = toSnapshotHtml(home());
    expect(html).not.toContain('carousel__slide--copy');
    expect(html.indexOf('b1.svg')).toBeLessThan(html.indexOf('b2.svg'));
    expect(html.match(/<img/g)).toHaveLength(2);
  });

  it('leaves the page it was taken from untouched', () => {
    const root = home();
    const before = root.innerHTML;
    toSnapshotHtml(root);
    expect(root.innerHTML).toBe(before);
  });

  it('is painted into the shell by the service worker, the loading indicator hidden', () => {
    const page = injectSnapshot(SHELL, '<header>Beacon $& $1</header>');
    expect(page).toContain('<div id="root"><header>Beacon $& $1</header></div>');
    expect(page).toContain('<div id="app-loading" hidden');
    expect(page).toContain('<script type="module" src="/assets/index.js"></script>');
  });

  it('leaves the shell as it is without a snapshot', () => {
    expect(injectSnapshot(SHELL, null)).toBe(SHELL);
  });
});
