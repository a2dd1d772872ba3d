// Crash test of Evolution's One Wallet (decision 0054): the platform process is SIGKILLed while the demo
// provider in Evolution mode (its own process) calls it round after round, and restarted on the same port.
// The peer retries as Evolution does: a debit whose answer was lost is given up on within a second and
// cancelled, and a credit or cancel is retransmitted, with the same body, until it is answered. Afterwards
// each transaction is applied exactly once (one record, at most one posting, by the id the core keeps), the
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
  type PeerCall,
  playThroughRestart,
  writeProviderKeys,
} from './crash-fixtures';
import { evolutionToken } from './evolution-fixtures';
import { configureProvider, SEAMLESS_SLOTS_GAME } from './fixtures';
import { type DemoProvider, startDemoProvider } from './provider-process';

const CODE = 'crash-evolution';
const ROUNDS = 24;
const STAKE = 100;
const authToken = evolutionToken();
const apiToken = evolutionToken();

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
      BET_RETRY_MS: '1000',
      EVOLUTION_CODE: CODE,
      EVOLUTION_CASINO_KEY: 'crashcasino',
      EVOLUTION_AUTH_TOKEN: authToken,
      EVOLUTION_API_TOKEN: apiToken,
    },
  });
  await configureProvider(proc.db, {
    ...SEAMLESS_SLOTS_GAME,
    code: CODE,
    secret: '',
    baseUrl: `${peer.url}/evolution`,
    gameName: 'Evo Lucky Reels',
  });
  await proc.db
    .updateTable('game_providers')
    .set({ wire: 'evolution', settings: JSON.stringify({ casinoKey: 'crashcasino' }) })
    .where('code', '=', CODE)
    .execute();
  // Both tokens sealed with the process's own key, as the console would store them.
  await writeProviderKeys(proc.db, proc.env.DATA_DIR ?? '', CODE, [
    { purpose: 'verify', value: authToken, sealed: true },
    { purpose: 'sign', value: apiToken, sealed: true },
  ]);
}, 90_000);

afterAll(async () => {
  await peer?.cleanup();
  await platform?.kill('SIGTERM');
});

const control = controlsAt(() => `${peer.url}/evolution`);

/** The core's id of a call: a cancel is recorded as `cancel:<the debit's id>` (decision 0054). */
const recordId = (c: PeerCall): string => {
  const tx = (c.body as { transaction?: { id?: string } }).transaction?.id ?? c.transactionId;
  return c.action === 'rollback' ? `cancel:${tx}` : tx;
};

describe('the platform killed while Evolution calls it', () => {
  it('ends with every transaction applied exactly once', async () => {
    const player = await demoPlayerAtPeer(platform, proc.db, control, 'Evo Lucky Reels');
    const played = await playThroughRestart(
      control,
      { session: player.session, gameCode: 'lucky-reels', stake: STAKE, rounds: ROUNDS },
      async () => {
        platform = await killAndRestart(platform, () => startServerProcess(proc.env));
      },
    );
    await expectAppliedOnce(
      proc.db,
      CODE,
      played,
      { userId: player.userId, before: player.balance },
      recordId,
    );
  }, 180_000);
});
