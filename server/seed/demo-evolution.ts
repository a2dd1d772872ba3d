import { randomBytes } from 'node:crypto';
import type { AppContext } from '../context';
import { addKey, signKey, verifyKeys } from '../modules/games/provider-keys';
import { ensureAggregatorRow, pointAndImport } from './demo-aggregator';
import type { DemoAggregator } from './demo-hub88';

/*
 * The demo live casino (decision 0054): the demo provider's Evolution mode, configured as an operator
 * configures Evolution (README, "Connecting an aggregator"), so `npm start` runs an Evolution-style game
 * beside Beacon's own and the Hub88 one. Its two tokens are made once and kept sealed with the provider, as
 * the console keeps them; the demo provider is started with them, as Evolution would hold them. Its games are
 * imported from its lobby at each start.
 */

export const DEMO_EVOLUTION = 'demo-evolution';
const CASINO_KEY = 'beacondemo';

const token = () => randomBytes(24).toString('base64url');

export async function prepareDemoEvolution(ctx: AppContext): Promise<DemoAggregator> {
  const now = Date.now();
  await ensureAggregatorRow(
    ctx,
    {
      code: DEMO_EVOLUTION,
      name: 'Evolution Demo Live',
      wire: 'evolution',
      // Slots, not Live Casino: the demo's Live Casino is a transfer provider's channel, which no seamless
      // game may share (provider-admin.ts, channelCodes).
      settings: { casinoKey: CASINO_KEY, channels: {}, defaultChannel: 'slots' },
    },
    now,
  );
  const key = { providerCode: DEMO_EVOLUTION, validFrom: now - 60_000, now };
  let authToken = (await verifyKeys(ctx, DEMO_EVOLUTION, now))[0];
  if (!authToken) {
    authToken = token();
    await addKey(ctx, ctx.db, { ...key, purpose: 'verify', value: authToken, secret: true });
  }
  let apiToken = await signKey(ctx, DEMO_EVOLUTION, now);
  if (!apiToken) {
    apiToken = token();
    await addKey(ctx, ctx.db, { ...key, purpose: 'sign', value: apiToken, secret: true });
  }
  return {
    env: {
      EVOLUTION_CODE: DEMO_EVOLUTION,
      EVOLUTION_CASINO_KEY: CASINO_KEY,
      EVOLUTION_AUTH_TOKEN: authToken,
      EVOLUTION_API_TOKEN: apiToken,
    },
    started: (url) => pointAndImport(ctx, DEMO_EVOLUTION, `${url}/evolution`),
  };
}
