// The physical reference of the warm launch: a static page holding what the app paints first (the
// first banner picture and the newest strip), precached and served offline by the same service worker.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const REFERENCE_PATH = '/reference.html';

interface StripItem {
  appname: string;
  logo_square: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/**
 * Writes the page and its stylesheet into the served copy of the build and adds both to that copy's
 * precache manifest (the worker's code is unchanged; its list gains two entries). Inline styles would be
 * refused by the CSP, hence the stylesheet.
 */
export function addReferencePage(dir: string, bannerUrl: string, strip: StripItem[]): void {
  const items = strip
    .map(
      (item, index) =>
        `<li><img src="${escapeHtml(item.logo_square)}" alt="" width="48" height="48"><span${
          index === 0 ? ' elementtiming="first-strip-item"' : ''
        }>${escapeHtml(item.appname)}</span></li>`,
    )
    .join('');
  writeFileSync(
    path.join(dir, 'reference.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Reference</title><link rel="stylesheet" href="/reference.css"></head><body><header><h1>Beacon</h1></header><main><img class="banner" src="${escapeHtml(bannerUrl)}" alt="" width="750" height="245" elementtiming="first-banner"><h2>Newest mini-games</h2><ul class="strip">${items}</ul></main></body></html>`,
  );
  writeFileSync(
    path.join(dir, 'reference.css'),
    'body{margin:0;font:16px system-ui,sans-serif}header{padding:12px 16px}main{padding:0 16px}.banner{width:100%;height:auto;aspect-ratio:750/245;border-radius:12px}.strip{display:flex;gap:12px;overflow:hidden;list-style:none;padding:0}.strip li{display:flex;flex-direction:column;align-items:center;min-width:96px}',
  );
  const swPath = path.join(dir, 'sw.js');
  const sw = readFileSync(swPath, 'utf8');
  const entry =
    /\{url:"index\.html",revision:"[^"]*"\}|\{"revision":"[^"]*","url":"index\.html"\}|\{revision:"[^"]*",url:"index\.html"\}/;
  const match = sw.match(entry);
  if (!match)
    throw new Error('the precache manifest of sw.js has no index.html entry to add the reference next to');
  writeFileSync(
    swPath,
    sw.replace(
      match[0],
      `{url:"reference.html",revision:"ref-1"},{url:"reference.css",revision:"ref-1"},${match[0]}`,
    ),
  );
}
