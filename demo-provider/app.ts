import Fastify, { type FastifyInstance } from 'fastify';
import { DEMO_GAMES } from './catalogue';
import { controlRoutes } from './control-routes';
import type { RandomInt } from './engines/weighted-draw';
import { evolutionMode } from './evolution/mode';
import { FaultQueue } from './faults';
import { keepRawJsonBodies } from './http';
import { hub88Mode } from './hub88/mode';
import { pageRoutes } from './page-routes';
import { SeamlessClient } from './seamless-client';
import { RoundRunner } from './seamless-rounds';
import type { ProviderDb } from './store';
import { transferRoutes } from './transfer-routes';

export interface ProviderAppOptions {
  db: ProviderDb;
  platformUrl: string;
  /** Our origin as the browser sees it; a function because with PORT=0 it is known only once listening. */
  publicUrl: () => string;
  seamless: { code: string; secret: string };
  transfer: { code: string; secret: string };
  /** Expose /control (tests only). */
  faults: boolean;
  betRetryMs?: number;
  logLevel?: string;
  /** Tests: a fixed random source and a stand-in for the platform. */
  random?: RandomInt;
  fetch?: typeof fetch;
  /** Hub88 mode (decision 0054): its own database, and what config.ts reads. */
  hub88?: { db: ProviderDb; code: string; operatorId: number; privateKey: string; beaconPublicKey: string };
  /** Evolution mode (decision 0054): its own database, and what config.ts reads. */
  evolution?: { db: ProviderDb; code: string; casinoKey: string; apiToken: string; authToken: string };
}

/**
 * The demo provider as a Fastify instance, without listening (tests inject into it). Unfinished
 * seamless rounds resume once it is ready and stop, still recorded, when it closes.
 */
export function buildProviderApp(options: ProviderAppOptions): FastifyInstance {
  const app = Fastify({
    // stdout carries only the line parents parse; logs go to stderr.
    logger: { level: options.logLevel ?? 'warn', stream: process.stderr },
    bodyLimit: 64 * 1024,
  });
  keepRawJsonBodies(app);
  const { db } = options;
  const faults = new FaultQueue();
  const recordsRequests: { cursor: string; limit: number; at: number }[] = [];
  const client = new SeamlessClient({
    platformUrl: options.platformUrl,
    ...options.seamless,
    fetch: options.fetch,
  });
  const rounds = new RoundRunner({
    db,
    client,
    faults,
    betRetryMs: options.betRetryMs ?? 120_000,
    random: options.random,
  });

  transferRoutes(app, { db, ...options.transfer, publicUrl: options.publicUrl, faults, recordsRequests });
  pageRoutes(app, { db, client, rounds, random: options.random });
  if (options.faults)
    controlRoutes(app, { db, client, rounds, faults, recordsRequests, random: options.random });
  app.get('/health', async () => ({ status: 'ok' }));
  // The catalogue an operator configures this provider from (the platform's demo seed reads it).
  app.get('/games', async () => DEMO_GAMES);

  // What every aggregator mode is given beside its own settings (aggregator-mode.ts).
  const common = {
    platformUrl: options.platformUrl,
    publicUrl: options.publicUrl,
    faults: options.faults,
    betRetryMs: options.betRetryMs ?? 120_000,
    random: options.random,
  };
  const hub88 = options.hub88 ? hub88Mode(app, { ...options.hub88, ...common }) : undefined;
  const evolution = options.evolution ? evolutionMode(app, { ...options.evolution, ...common }) : undefined;

  app.addHook('onReady', async () => {
    rounds.resume();
    hub88?.rounds.resume();
    evolution?.rounds.resume();
  });
  app.addHook('onClose', async () => {
    await rounds.stop();
    await hub88?.rounds.stop();
    await evolution?.rounds.stop();
  });
  return app;
}
