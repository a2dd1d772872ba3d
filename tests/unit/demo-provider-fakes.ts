import { afterEach } from 'vitest';
import { buildProviderApp } from '../../demo-provider/app';
import { nowSeconds, signature } from '../../demo-provider/signing';
import { openProviderDb } from '../../demo-provider/store';

export type ProviderApp = ReturnType<typeof buildProviderApp>;

/** The platform's JSON answer to a seamless call, signed with `secret` as docs/games-protocol.md says. */
export function signedAnswer(secret: string, answer: unknown): Response {
  const text = JSON.stringify(answer);
  const ts = nowSeconds();
  return new Response(text, {
    status: 200,
    headers: {
      'content-type': 'application/json',
      'x-beacon-timestamp': ts,
      'x-beacon-signature': signature(secret, ts, text),
    },
  });
}

/**
 * A demo provider on an in-memory database whose seamless calls go to `fetch` (the test's platform), closed
 * after each test of the file that asks for it.
 */
export function providerApps(
  secrets: { seamless: string; transfer: string },
  fetch: typeof globalThis.fetch,
) {
  const apps: ProviderApp[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });
  return (): ProviderApp => {
    const app = buildProviderApp({
      db: openProviderDb(':memory:'),
      platformUrl: 'http://platform.test',
      publicUrl: () => 'http://provider.test',
      seamless: { code: 'demo-seamless', secret: secrets.seamless },
      transfer: { code: 'demo-transfer', secret: secrets.transfer },
      faults: true,
      logLevel: 'silent',
      fetch,
    });
    apps.push(app);
    return app;
  };
}
