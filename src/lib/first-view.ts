/** The longest the app's code waits for the first view's picture: past it, interactivity comes first. */
export const FIRST_VIEW_WAIT_CAP_MS = 1000;

/** The picture a painted first view leads with: the server's first view or the service worker's snapshot. */
const FIRST_PICTURE = '#root img[fetchpriority="high"]';

/**
 * Resolves when the page has painted what the HTML brought: at once without a first view, else once its
 * leading picture has loaded (or failed, or the cap has passed), one frame later. On a slow link the
 * scripts then do not take the bandwidth the picture needs; from the service worker's cache it is a
 * matter of milliseconds.
 */
export function waitForFirstView(doc: Document = document, capMs = FIRST_VIEW_WAIT_CAP_MS): Promise<void> {
  const picture = doc.querySelector<HTMLImageElement>(FIRST_PICTURE);
  const loaded =
    !picture || picture.complete
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          picture.addEventListener('load', () => resolve(), { once: true });
          picture.addEventListener('error', () => resolve(), { once: true });
          setTimeout(resolve, capMs);
        });
  return loaded.then(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
  );
}
