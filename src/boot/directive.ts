/**
 * The old app registered global view directives here. React needs none, but one global behaviour
 * belongs here: a long press on a link or image must not pop the browser's "open / save image"
 * sheet over an app-like page (iOS Safari and Android WebViews). Text inputs keep their menu so
 * users can still paste an SMS code.
 */
export function directive(): void {
  document.addEventListener('contextmenu', (event) => {
    const target = event.target;
    if (!(target instanceof Element)) return;
    if (target.closest('input, textarea, [contenteditable="true"], [data-allow-context-menu]')) return;
    if (target.closest('a, img, button, [role="button"]')) event.preventDefault();
  });
}
