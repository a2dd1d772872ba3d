export const WIDE_CLASS = 'is-wide-screen';
const WIDE_QUERY = '(min-width: 600px) and (pointer: fine)';

/**
 * On a desktop (wide screen, mouse) the mobile layout would stretch; the class frames the app in a
 * centred phone-width column instead (styles/global.css). Follows window resizes.
 */
export function pcHandler(): void {
  if (typeof window.matchMedia !== 'function') return;
  const query = window.matchMedia(WIDE_QUERY);
  const apply = () => document.documentElement.classList.toggle(WIDE_CLASS, query.matches);
  apply();
  query.addEventListener?.('change', apply);
}
