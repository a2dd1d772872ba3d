import type { AppContext } from '../../context';
import { periodic } from '../../periodic';
import { sweepUploads, type UploadReferrer } from './service';

/*
 * The uploads module's background loop (the registry starts it in every server process, main.ts): every
 * hour, and once at start-up, it deletes the uploads nothing references any more (service.ts,
 * sweepUploads). No lease: the sweep is one idempotent statement, so two processes running it at once
 * delete each row once, and the loser of a race deletes nothing.
 */

/** How often a process sweeps: pictures are small and the grace period is days, so an hour is plenty. */
export const SWEEP_INTERVAL_MS = 60 * 60_000;

export interface UploadSweeper {
  start(): void;
  /** Finishes the sweep in flight, then stops. */
  stop(): Promise<void>;
  /** One sweep; answers how many uploads it deleted. */
  runOnce(): Promise<number>;
}

export function createUploadSweeper(ctx: AppContext, referrers: readonly UploadReferrer[]): UploadSweeper {
  async function runOnce(): Promise<number> {
    const deleted = await sweepUploads(ctx, referrers);
    if (deleted > 0) ctx.log.info({ deleted }, 'unreferenced uploads swept');
    return deleted;
  }

  const loop = periodic(runOnce, {
    intervalMs: SWEEP_INTERVAL_MS,
    onError: (err) => ctx.log.error({ err }, 'upload sweep failed'),
  });
  return {
    start: loop.start,
    stop: loop.stop,
    runOnce,
  };
}
