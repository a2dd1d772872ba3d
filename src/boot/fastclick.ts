/**
 * Kept as a step so the order of spec section 4 stays visible, but it does nothing: browsers stopped
 * delaying clicks by 300 ms on pages with `width=device-width` (index.html has it), and the
 * FastClick library breaks focus and form controls on modern touch browsers.
 */
export function fastclick(): void {}
