import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/create-db';
import type { SmsProvider } from './modules/auth/sms-provider';

export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** What every module needs, built once per app. */
export interface AppContext {
  config: Config;
  db: Db;
  clock: Clock;
  sms: SmsProvider;
  log: FastifyBaseLogger;
}
