import { isIos } from '../boot/ios-handler';
import { detectWebView } from '../boot/webview';
import { requestPersistentStorage } from './persistent-storage';
import { createStore, useStore } from './store';

/** Chromium's install offer; not in the DOM typings. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

/** The browser's deferred install offer: null until it makes one, and again once used. */
export const installPromptStore = createStore<BeforeInstallPromptEvent | null>(null);
/** Installed during this page's life: there is nothing left to offer. */
export const installedStore = createStore(false);

function markInstalled(): void {
  installPromptStore.set(null);
  installedStore.set(true);
  // Installing is the clearest sign the app matters to the user (issue 4).
  void requestPersistentStorage();
}

/**
 * Catches `beforeinstallprompt`, which Chromium may fire before the app has mounted: call it first thing in
 * main.tsx. Returns the way to stop listening (tests).
 */
export function listenForInstallPrompt(target: Window = window): () => void {
  const onPrompt = (event: Event) => {
    // Keeps Chromium's own mini-infobar away; the My page offers the install instead.
    event.preventDefault();
    installPromptStore.set(event as BeforeInstallPromptEvent);
  };
  target.addEventListener('beforeinstallprompt', onPrompt);
  target.addEventListener('appinstalled', markInstalled);
  return () => {
    target.removeEventListener('beforeinstallprompt', onPrompt);
    target.removeEventListener('appinstalled', markInstalled);
  };
}

type NavigatorWithStandalone = Navigator & { standalone?: boolean };

/** Launched from the home screen: the manifest's display mode, or iOS's own flag. */
export function isStandalone(win: Window = window): boolean {
  if ((win.navigator as NavigatorWithStandalone).standalone === true) return true;
  return typeof win.matchMedia === 'function' && win.matchMedia('(display-mode: standalone)').matches;
}

// Chrome, Firefox, Edge, Opera and the Google app on iOS put "Add to Home Screen" elsewhere, or not at all.
const OTHER_IOS_BROWSERS = /CriOS|FxiOS|EdgiOS|OPiOS|OPT\/|GSA\/|YaBrowser|DuckDuckGo/;

/** Safari on iPhone or iPad, where the Share menu's "Add to Home Screen" is the only way to install. */
export function isIosSafari(nav: Navigator = navigator): boolean {
  const ua = nav.userAgent;
  return (
    isIos(ua, nav.platform ?? '', nav.maxTouchPoints ?? 0) &&
    detectWebView(ua) === null &&
    !OTHER_IOS_BROWSERS.test(ua)
  );
}

/** What the install entry offers: the browser's prompt, iOS instructions, or nothing at all. */
export type InstallOffer = 'prompt' | 'ios' | 'none';

export function installOffer(state: {
  standalone: boolean;
  installed: boolean;
  hasPrompt: boolean;
  iosSafari: boolean;
}): InstallOffer {
  if (state.standalone || state.installed) return 'none';
  if (state.hasPrompt) return 'prompt';
  return state.iosSafari ? 'ios' : 'none';
}

export function useInstallOffer(): InstallOffer {
  const prompt = useStore(installPromptStore);
  const installed = useStore(installedStore);
  return installOffer({
    standalone: isStandalone(),
    installed,
    hasPrompt: prompt !== null,
    iosSafari: isIosSafari(),
  });
}

/**
 * Shows the browser's install prompt. A deferred prompt works once, so it is dropped before showing;
 * after a dismissal Chromium may offer again with a new `beforeinstallprompt`.
 */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = installPromptStore.get();
  if (!event) return 'unavailable';
  installPromptStore.set(null);
  try {
    await event.prompt();
    const { outcome } = await event.userChoice;
    if (outcome === 'accepted') markInstalled();
    return outcome;
  } catch {
    return 'unavailable';
  }
}
