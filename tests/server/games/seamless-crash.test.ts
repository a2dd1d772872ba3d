// Crash test (issue 13): the platform process is SIGKILLed while the demo provider (its own process) is
// calling it round after round, and restarted on the same port; the provider retries every call whose
// answer it lost, with the same transaction id and body. Afterwards each of the provider's transactions is
// applied exactly once: one ledger transaction per transaction id, the player's balance what the rounds
// the provider saw through make it, and the books sound. Runs on SQLite and PostgreSQL.
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
} from './crash-fixtures';
import { configureProvider, SEAMLESS_SLOTS_GAME } from './fixtures';
import { type DemoProvider, startDemoProvider } from './provider-process';

const SEAMLESS = { code: 'crash-seamless', secret: `s-${randomUUID()}` };
const TRANSFER = { code: 'crash-transfer', secret: `t-${randomUUID()}` };
const ROUNDS = 24;
const STAKE = 100;

// A fixed port: the restarted platform is where the provider keeps calling.
const proc = processEnvForSuite(async () => ({ PORT: String(await freePort()) }));
let platform: ServerProcess;
let provider: DemoProvider;
const control = controlsAt(() => provider.url);

beforeAll(async () => {
  platform = await startServerProcess(proc.env);
  // A short bet retry window would roll bets back; the provider keeps retrying through the restart.
  provider = await startDemoProvider({ platformUrl: platform.url, seamless: SEAMLESS, transfer: TRANSFER });
  await configureProvider(proc.db, { ...SEAMLESS, ...SEAMLESS_SLOTS_GAME, baseUrl: provider.url });
}, 90_000);

afterAll(async () => {
  await provider?.cleanup();
  await platform?.kill('SIGTERM');
});

describe('the platform killed while the provider calls it', () => {
  it('ends with every provider transaction applied exactly once', async () => {
    const player = await demoPlayerAtPeer(platform, proc.db, control, 'Lucky Reels');
    const played = await playThroughRestart(
      control,
      { session: player.session, gameCode: 'lucky-reels', stake: STAKE, rounds: ROUNDS },
      async () => {
        platform = await killAndRestart(platform, () => startServerProcess(proc.env));
      },
    );
    await expectAppliedOnce(proc.db, SEAMLESS.code, played, {
      userId: player.userId,
      before: player.balance,
    });
  }, 180_000);
});
