import { type BootStep, isBootRedirect } from './types';

export type BootOutcome =
  | { kind: 'mount' }
  | { kind: 'redirect'; url: string }
  | { kind: 'failed'; error: unknown };

export interface BootEnvironment {
  assign: (url: string) => void;
  logError: (...args: unknown[]) => void;
}

const defaultEnvironment: BootEnvironment = {
  assign: (url) => window.location.assign(url),
  logError: (...args) => console.error(...args),
};

function errorUrl(error: unknown): string | null {
  if (typeof error === 'object' && error !== null && 'url' in error) {
    const { url } = error as { url: unknown };
    if (typeof url === 'string' && url) return url;
  }
  return null;
}

/**
 * Spec section 4 (start-up): runs the steps one after the other. A redirect answer or an error
 * carrying a url navigates there and the app is not mounted; any other error is logged and
 * mounting stops.
 */
export async function runBoot(
  steps: readonly BootStep[],
  env: BootEnvironment = defaultEnvironment,
): Promise<BootOutcome> {
  for (const step of steps) {
    try {
      const result = await step.run();
      if (isBootRedirect(result)) {
        env.assign(result.redirect);
        return { kind: 'redirect', url: result.redirect };
      }
    } catch (error) {
      const url = errorUrl(error);
      if (url) {
        env.assign(url);
        return { kind: 'redirect', url };
      }
      env.logError(`Boot step "${step.name}" failed; the app is not mounted.`, error);
      return { kind: 'failed', error };
    }
  }
  return { kind: 'mount' };
}
