/*
 * The loop every module's background worker runs (agent settlement, games' record pulls, push deliveries,
 * the upload sweep): a turn, then a pause, until stopped. One implementation, so stopping (finish the turn in
 * flight, cut the pause short) behaves the same in each.
 */

export interface Periodic {
  start(): void;
  /** Finishes the turn in flight, then stops. */
  stop(): Promise<void>;
  /** Ends the current pause now (new work arrived). */
  wake(): void;
}

export interface PeriodicOptions<T> {
  /** The pause between turns. */
  intervalMs: number;
  /** A turn that failed (a lost connection, a deadlock): logged, and the next turn goes on. */
  onError: (err: unknown) => void;
  /** True when the turn's result says there is more to do at once: the next turn starts without a pause. */
  again?: (result: T) => boolean;
}

export function periodic<T>(turn: () => Promise<T>, options: PeriodicOptions<T>): Periodic {
  let running: Promise<void> | undefined;
  let stopped = false;
  let wakeUp: (() => void) | undefined;
  const pause = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, options.intervalMs);
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function loop(): Promise<void> {
    while (!stopped) {
      let more = false;
      try {
        const result = await turn();
        more = options.again?.(result) ?? false;
      } catch (err) {
        options.onError(err);
      }
      if (!more && !stopped) await pause();
    }
  }

  return {
    start() {
      if (running) return;
      stopped = false;
      running = loop();
    },
    async stop() {
      stopped = true;
      wakeUp?.();
      await running;
      running = undefined;
    },
    wake: () => wakeUp?.(),
  };
}
