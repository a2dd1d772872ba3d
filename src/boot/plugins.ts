import { activateLocale, getStoredLocale } from '#lib/i18n';

let installed = false;

/** Global error logging, then the stored locale (else en-US) so the first paint is translated. */
export async function plugins(): Promise<void> {
  if (!installed) {
    installed = true;
    window.addEventListener('error', (event) => {
      console.error('Uncaught error', event.error ?? event.message);
    });
    window.addEventListener('unhandledrejection', (event) => {
      console.error('Unhandled promise rejection', event.reason);
    });
  }
  await activateLocale(getStoredLocale());
}
