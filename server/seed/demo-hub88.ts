import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import type { AppContext } from '../context';
import { addKey, signKey, verifyKeys } from '../modules/games/provider-keys';
import { ensureAggregatorRow, pointAndImport } from './demo-aggregator';

/*
 * The demo aggregator (decision 0054): the demo provider's Hub88 mode, configured as an operator configures
 * Hub88 (README, "Connecting an aggregator"), so `npm start` runs a Hub88-style game beside Beacon's own. Its
 * "Hub88" private key is the demo provider's, kept in its data folder; Beacon's own key pair is made once and
 * kept sealed with the provider, as the console does. Its games are imported from its list at each start.
 */

export const DEMO_HUB88 = 'demo-hub88';
const OPERATOR_ID = 1;

const pair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

const publicOf = (privateKey: string): string =>
  createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();

/** The demo aggregator's private key, made once in the demo provider's folder. */
async function peerKey(dir: string): Promise<string> {
  const file = path.join(dir, 'hub88-key.pem');
  const had = await readFile(file, 'utf8').catch(() => null);
  if (had) return had;
  await mkdir(dir, { recursive: true });
  const { privateKey } = pair();
  await writeFile(file, privateKey, { mode: 0o600 });
  return privateKey;
}

/** A demo aggregator as demo-provider.ts starts it (this one, and demo-evolution.ts). */
export interface DemoAggregator {
  /** What the demo provider's process is started with for its mode. */
  env: Record<string, string>;
  /** Once it listens at `url`: its address, and its games imported. Answers how many it lists. */
  started(url: string): Promise<number>;
}

export async function prepareDemoHub88(ctx: AppContext, config: Config): Promise<DemoAggregator> {
  const now = Date.now();
  const peerPrivate = await peerKey(path.join(config.dataDir, 'demo-provider'));
  await ensureAggregatorRow(
    ctx,
    {
      code: DEMO_HUB88,
      name: 'Hub88 Demo Games',
      wire: 'hub88',
      settings: { operatorId: OPERATOR_ID, subPartners: {}, channels: {}, defaultChannel: 'slots' },
    },
    now,
  );
  const key = { providerCode: DEMO_HUB88, validFrom: now - 60_000, now };
  const peerPublic = publicOf(peerPrivate);
  if (!(await verifyKeys(ctx, DEMO_HUB88, now)).includes(peerPublic))
    await addKey(ctx, ctx.db, { ...key, purpose: 'verify', value: peerPublic, secret: false });
  let beaconPrivate = await signKey(ctx, DEMO_HUB88, now);
  if (!beaconPrivate) {
    beaconPrivate = pair().privateKey;
    await addKey(ctx, ctx.db, { ...key, purpose: 'sign', value: beaconPrivate, secret: true });
  }
  return {
    env: {
      HUB88_CODE: DEMO_HUB88,
      HUB88_OPERATOR_ID: String(OPERATOR_ID),
      HUB88_PRIVATE_KEY: peerPrivate,
      HUB88_BEACON_PUBLIC_KEY: publicOf(beaconPrivate),
    },
    started: (url) => pointAndImport(ctx, DEMO_HUB88, `${url}/hub88`),
  };
}
