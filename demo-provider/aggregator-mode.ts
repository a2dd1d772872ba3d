import type { FastifyInstance } from 'fastify';
import { controlRoutes } from './control-routes';
import type { RandomInt } from './engines/weighted-draw';
import { FaultQueue } from './faults';
import { pageRoutes } from './page-routes';
import type { WalletWire } from './seamless-client';
import { RoundRunner } from './seamless-rounds';
import type { ProviderDb } from './store';

/*
 * What every aggregator mode of the demo provider (hub88/, evolution/) has beside its own wire and its own
 * launch: rounds driven through its wire from its own database (resumed after a restart), the game page a
 * launch opens, and, in tests, the controls and faults, all under the mode's path.
 */

/** What app.ts gives every mode. */
export interface ModeCommon {
  db: ProviderDb;
  platformUrl: string;
  publicUrl: () => string;
  faults: boolean;
  betRetryMs: number;
  random?: RandomInt;
}

/** A mode's rounds over its wire, with the faults its tests ask for. */
export interface ModePlay {
  wire: WalletWire;
  rounds: RoundRunner;
  faults: FaultQueue;
}

export function modePlay(common: ModeCommon, wire: WalletWire): ModePlay {
  const faults = new FaultQueue();
  const { db, random, betRetryMs } = common;
  return { wire, faults, rounds: new RoundRunner({ db, client: wire, faults, betRetryMs, random }) };
}

/** The game page a launch opens and, in tests, the controls, mounted in the mode's `scope` (at `base`). */
export function playRoutes(scope: FastifyInstance, common: ModeCommon, play: ModePlay, base: string): void {
  const { db, random } = common;
  const { wire: client, rounds, faults } = play;
  pageRoutes(scope, { db, client, rounds, random, base });
  if (common.faults) controlRoutes(scope, { db, client, rounds, faults, recordsRequests: [], random });
}
