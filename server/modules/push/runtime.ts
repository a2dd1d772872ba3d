import type { AppContext } from '../../context';
import { resolveVapidKeys, type VapidKeys, VapidUnavailable } from './vapid';

/** Push state of one server process: its VAPID keys (resolved once) and a way to nudge its worker. */
export interface PushRuntime {
  /** null: push is off in this process (the reason was logged as an error). */
  keys(): Promise<VapidKeys | null>;
  /** Called after a publish so this process's worker sends at once instead of at its next tick. */
  wake(): void;
  onWake(listener: () => void): () => void;
}

export function createPushRuntime(ctx: AppContext): PushRuntime {
  let resolved: Promise<VapidKeys | null> | undefined;
  const listeners = new Set<() => void>();
  return {
    keys() {
      resolved ??= resolveVapidKeys(ctx.config, ctx.db, ctx.clock.now(), ctx.log).catch((err: unknown) => {
        if (err instanceof VapidUnavailable) {
          ctx.log.error(`web push is OFF: ${err.message}`);
          return null;
        }
        // Anything else (the database was unreachable, say) is tried again on the next call.
        ctx.log.error({ err }, 'web push keys could not be loaded');
        resolved = undefined;
        return null;
      });
      return resolved;
    },
    wake() {
      for (const listener of listeners) listener();
    },
    onWake(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
