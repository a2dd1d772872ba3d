import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/create-db';
import type { SmsProvider } from './modules/auth/sms-provider';

export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that can be moved forward: demo mode's, for end-to-end tests (POST /api/dev/clock). */
export interface MovableClock extends Clock {
  /** Moves the clock forward by `ms`; answers the new time. */
  advance(ms: number): number;
}

export function offsetClock(base: Clock = systemClock): MovableClock {
  let offset = 0;
  return {
    now: () => base.now() + offset,
    advance: (ms) => {
      offset += ms;
      return base.now() + offset;
    },
  };
}

export const isMovable = (clock: Clock): clock is MovableClock =>
  typeof (clock as Partial<MovableClock>).advance === 'function';

/** A settled round's valid bet, just added to its day's sums (a business day), in the round close's transaction. */
export interface CountedValidBet {
  roundId: number;
  userId: number;
  channel: string;
  day: string;
  validBet: number;
  now: number;
}

/**
 * Told of every counted valid bet, inside the transaction that counts it. Games tells, the agent programme
 * listens (a bet landing on a day that has begun settling is corrected, decision 0040): handed through the
 * context by the registry, because agent voids rounds through games and games must not import agent.
 */
export type ValidBetListener = (trx: Db, bet: CountedValidBet) => Promise<void>;

/** What every module needs, built once per app. */
export interface AppContext {
  config: Config;
  db: Db;
  clock: Clock;
  sms: SmsProvider;
  log: FastifyBaseLogger;
  validBetCounted: ValidBetListener;
}
