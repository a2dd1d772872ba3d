/**
 * `--vh` is 1% of the visible height: mobile browsers count the hidden address bar in `100vh`.
 * The `--safe-*` variables give components one name for the notch and home-indicator insets.
 */
export function cssvar(): void {
  const root = document.documentElement;
  for (const side of ['top', 'right', 'bottom', 'left']) {
    root.style.setProperty(`--safe-${side}`, `env(safe-area-inset-${side}, 0px)`);
  }
  const update = () => {
    const height = window.visualViewport?.height ?? window.innerHeight;
    root.style.setProperty('--vh', `${height / 100}px`);
  };
  update();
  window.addEventListener('resize', update, { passive: true });
  window.addEventListener('orientationchange', update, { passive: true });
}
