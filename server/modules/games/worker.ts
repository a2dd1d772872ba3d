import type { AppContext } from '../../context';
import { periodic } from '../../periodic';
import { runOpenSweeps } from './block-sweeps';
import { pullOnce, workerIdOf } from './puller';
import * as repo from './repository';
import { resolveStalePending } from './transfers';

/*
 * The games module's background loop (the registry starts it when GAMES_WORKER is on): every
 * GAMES_PULL_SECONDS it pulls each transfer provider's new bet records (under the provider's
 * lease, so of several processes one pulls a window) and settles transfers left pending by a lost answer
 * or a crash, once their call has surely ended, and finishes what a time-out or self-exclusion left to do at
 * a transfer provider (block-sweeps.ts).
 */

export interface GamesWorker {
  readonly id: string;
  start(): void;
  /** Finishes the turn in flight, then stops. */
  stop(): Promise<void>;
  /** One turn: every provider pulled (if its lease is free), stale pending transfers settled, blocks swept. */
  runOnce(): Promise<void>;
}

export function createGamesWorker(ctx: AppContext): GamesWorker {
  const id = workerIdOf(ctx);
  const { pullIntervalMs, providerTimeoutMs } = ctx.config.games;
  // A transfer's call ends within the provider timeout; twice that and a margin, and no process still waits for it.
  const staleAfterMs = providerTimeoutMs * 2 + 5000;

  async function runOnce(): Promise<void> {
    // Every transfer provider, disabled ones too: a switch-off stops new play, not the records of money
    // already moved into its wallet (docs/games-protocol.md, "Switching a provider or a game off").
    const transferProviders = (await repo.listProviders(ctx.db)).filter((p) => p.protocol === 'transfer');
    for (const provider of transferProviders) {
      try {
        await pullOnce(ctx, provider.code, id);
      } catch (err) {
        ctx.log.error({ err, provider: provider.code }, 'record pull failed');
      }
    }
    await resolveStalePending(ctx, staleAfterMs);
    // After the pulls: a block's sweep then posts fewer records of its own.
    await runOpenSweeps(ctx);
  }

  const loop = periodic(runOnce, {
    intervalMs: pullIntervalMs,
    onError: (err) => ctx.log.error({ err }, 'games worker turn failed'),
  });
  return {
    id,
    start: loop.start,
    stop: loop.stop,
    runOnce,
  };
}
