// Crash test of Hub88's wire (decision 0054): the platform process is SIGKILLed while the demo provider in
// Hub88 mode (its own process) calls it round after round, and restarted on the same port; the peer sends
// every call whose answer it lost again, with the same transaction_uuid and body, as Hub88 does. Afterwards
// each transaction is applied exactly once (one record, at most one posting, by transaction_uuid), the
// balance is what the rounds the peer saw through make it, and the books are sound. SQLite and PostgreSQL.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { processEnvForSuite, type ServerProcess, startServerProcess } from '../processes';
import {
  controlsAt,
  demoPlayerAtPeer,
  expectAppliedOnce,
  freePort,
  killAndRestart,
  playThroughRestart,
  writeProviderKeys,
} from './crash-fixtures';
import { configureProvider, SEAMLESS_SLOTS_GAME } from './fixtures';
import { rsaPair } from './hub88-fixtures';
import { type DemoProvider, startDemoProvider } from './provider-process';

const CODE = 'crash-hub88';
const ROUNDS = 24;
const STAKE = 100;
const hub88 = rsaPair();
const beacon = rsaPair();

const proc = processEnvForSuite(async () => ({ PORT: String(await freePort()) }));
let platform: ServerProcess;
let peer: DemoProvider;

beforeAll(async () => {
  platform = await startServerProcess(proc.env);
  peer = await startDemoProvider({
    platformUrl: platform.url,
    seamless: { code: 'crash-unused', secret: `s-${randomUUID()}` },
    transfer: { code: 'crash-unused-t', secret: `t-${randomUUID()}` },
    env: {
      HUB88_CODE: CODE,
      HUB88_OPERATOR_ID: '7',
      HUB88_PRIVATE_KEY: hub88.privateKey,
      HUB88_BEACON_PUBLIC_KEY: beacon.publicKey,
    },
  });
  await configureProvider(proc.db, {
    ...SEAMLESS_SLOTS_GAME,
    code: CODE,
    secret: '',
    baseUrl: `${peer.url}/hub88`,
    gameName: 'Hub Lucky Reels',
  });
  await proc.db
    .updateTable('game_providers')
    .set({ wire: 'hub88', settings: JSON.stringify({ operatorId: 7 }) })
    .where('code', '=', CODE)
    .execute();
  // Beacon's private key sealed with the process's own key, as the console would store it.
  await writeProviderKeys(proc.db, proc.env.DATA_DIR ?? '', CODE, [
    { purpose: 'verify', value: hub88.publicKey, sealed: false },
    { purpose: 'sign', value: beacon.privateKey, sealed: true },
  ]);
}, 90_000);

afterAll(async () => {
  await peer?.cleanup();
  await platform?.kill('SIGTERM');
});

const control = controlsAt(() => `${peer.url}/hub88`);

describe('the platform killed while Hub88 calls it', () => {
  it('ends with every transaction_uuid applied exactly once', async () => {
    const player = await demoPlayerAtPeer(platform, proc.db, control, 'Hub Lucky Reels');
    const played = await playThroughRestart(
      control,
      { session: player.session, gameCode: 'lucky-reels', stake: STAKE, rounds: ROUNDS },
      async () => {
        platform = await killAndRestart(platform, () => startServerProcess(proc.env));
      },
    );
    await expectAppliedOnce(proc.db, CODE, played, { userId: player.userId, before: player.balance });
  }, 180_000);
});
