import { LAUNCH_DATA_ELEMENT_ID, type LaunchData } from '#contract/content';
import { firstViewHtml } from './first-view';

/** JSON that cannot end its <script> element or open a comment, whatever the banners say. */
export const jsonForScript = (value: unknown): string =>
  JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');

const escapeAttribute = (value: string): string =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/**
 * The shell of `/` with its launch data: a preload of the first banner's picture in the head; the
 * banners as a JSON data block (type application/json: never run, so the strict CSP stands) that the
 * app reads before its first render; and, with a banner, the first view painted into #root (the
 * loading indicator hidden, as the service worker does with its snapshot) until React replaces it.
 */
export function injectLaunchData(shell: string, data: LaunchData, firstPicture: string | null): string {
  const block = `<script type="application/json" id="${LAUNCH_DATA_ELEMENT_ID}">${jsonForScript(data)}</script>`;
  const first = data.banners[0];
  if (!first || !firstPicture) return shell.replace('<div id="root">', () => `${block}<div id="root">`);
  const preload = `<link rel="preload" as="image" href="${escapeAttribute(firstPicture)}" fetchpriority="high" />`;
  return shell
    .replace('</head>', () => `${preload}</head>`)
    .replace('<div id="app-loading"', '<div id="app-loading" hidden')
    .replace(
      '<div id="root"></div>',
      () => `${block}<div id="root">${firstViewHtml(first, firstPicture)}</div>`,
    );
}
