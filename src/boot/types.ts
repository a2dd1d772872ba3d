/** A boot step may answer a redirect, which replaces mounting (spec section 4). */
export type BootRedirect = { redirect: string };

export interface BootStep {
  name: string;
  /** Anything but a `BootRedirect` (usually nothing) lets start-up continue. */
  run: () => unknown;
}

export function isBootRedirect(value: unknown): value is BootRedirect {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { redirect?: unknown }).redirect === 'string'
  );
}
