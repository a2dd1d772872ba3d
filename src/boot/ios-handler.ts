/** iPadOS 13+ reports itself as a Mac; its touch points give it away. */
export function isIos(userAgent: string, platform: string, maxTouchPoints: number): boolean {
  return /iPad|iPhone|iPod/.test(userAgent) || (platform === 'MacIntel' && maxTouchPoints > 1);
}

/**
 * iOS zooms into any focused input whose font is under 16 px and keeps the page zoomed; the `is-ios`
 * class pins form controls to 16 px (styles/global.css) instead of disabling zoom for everyone.
 * It also marks standalone (home-screen) launches, which have no browser back button.
 */
export function iosHandler(): void {
  const nav = navigator as Navigator & { standalone?: boolean };
  if (!isIos(nav.userAgent, nav.platform ?? '', nav.maxTouchPoints ?? 0)) return;
  const root = document.documentElement;
  root.classList.add('is-ios');
  if (nav.standalone) root.classList.add('is-standalone');
}
