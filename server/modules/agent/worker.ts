import { addDays, type Day, daysBetween, lastDayEndedIn } from '../../business-days';
import type { AppContext } from '../../context';
import { periodic } from '../../periodic';
import { businessTimeZones } from '../site/service';
import { type SettleResult, settleDay, settlementOwner } from './settlement';
import * as repo from './settlement-repository';

/*
 * The agent module's background loop (the registry starts it when AGENT_WORKER is on): every
 * AGENT_SETTLE_SECONDS it settles the business days that have ended in every site's zone (AGENT_SETTLE_DELAY_SECONDS ago, so a
 * round placed before midnight and closed just after still counts) and are not settled yet, in order, from
 * the first day anyone bet on. A day another process holds the lease of stops the turn there: days are
 * settled in order.
 */

/** Days per turn at most, so a long-stopped worker catches up without holding one turn for ever. */
const MAX_DAYS_PER_TURN = 62;

export interface AgentWorker {
  readonly id: string;
  start(): void;
  /** Finishes the turn in flight, then stops. */
  stop(): Promise<void>;
  /** One turn: every due day settled, in order (until one is busy). */
  runOnce(): Promise<SettleResult[]>;
}

/** The days due for settlement now, in order. */
export async function dueDays(ctx: AppContext): Promise<Day[]> {
  const lastEnded = lastDayEndedIn(
    ctx.clock.now() - ctx.config.agent.settleDelayMs,
    await businessTimeZones(ctx),
  );
  const { lastSettled, running } = await repo.settlementProgress(ctx.db);
  const from = lastSettled ? addDays(lastSettled, 1) : await repo.firstBetDay(ctx.db);
  const days = new Set(running.filter((d) => d <= lastEnded));
  if (from) for (const d of daysBetween(from, lastEnded).slice(0, MAX_DAYS_PER_TURN)) days.add(d);
  return [...days].sort().slice(0, MAX_DAYS_PER_TURN);
}

export function createAgentWorker(ctx: AppContext): AgentWorker {
  const id = settlementOwner(ctx);

  async function runOnce(): Promise<SettleResult[]> {
    const results: SettleResult[] = [];
    for (const day of await dueDays(ctx)) {
      const result = await settleDay(ctx, day, id);
      results.push(result);
      if (result.outcome === 'settled') ctx.log.info({ ...result }, 'business day settled');
      if (result.outcome === 'busy' || result.outcome === 'not_ended') break;
    }
    return results;
  }

  const loop = periodic(runOnce, {
    intervalMs: ctx.config.agent.settleIntervalMs,
    onError: (err) => ctx.log.error({ err }, 'agent settlement turn failed'),
  });
  return {
    id,
    start: loop.start,
    stop: loop.stop,
    runOnce,
  };
}
