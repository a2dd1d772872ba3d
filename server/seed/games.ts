import { randomBytes } from 'node:crypto';
import type { Db } from '../db/create-db';
import { findProvider, upsertGame, upsertProvider } from '../modules/games/repository';

/*
 * The demo provider (demo-provider/, its own process) configured as two providers, one per protocol, the
 * way an operator would configure a real one (README, "Game providers"): its seamless games in Slots, and
 * its transfer wallet as the Live Casino channel. The secrets are made once per install and kept with
 * the providers, so the provider process is started with the same ones every time.
 */

export const DEMO_SEAMLESS = 'demo-seamless';
export const DEMO_TRANSFER = 'demo-transfer';
const SEAMLESS_CHANNEL = 'slots';
const TRANSFER_CHANNEL = 'live-casino';

export interface DemoProviderSecrets {
  seamless: string;
  transfer: string;
}

/** A game as the demo provider's catalogue (`GET /games`) lists it. */
export interface CatalogueGame {
  code: string;
  name: string;
  engine: string;
  side: 'seamless' | 'transfer';
  minBet: number;
  maxBet: number;
  rtp: number;
}

export async function demoProviderSecrets(db: Db): Promise<DemoProviderSecrets> {
  const secret = async (code: string) =>
    (await findProvider(db, code))?.secret ?? randomBytes(32).toString('base64url');
  return { seamless: await secret(DEMO_SEAMLESS), transfer: await secret(DEMO_TRANSFER) };
}

export async function seedDemoGames(
  db: Db,
  now: number,
  provider: { url: string; secrets: DemoProviderSecrets; catalogue: CatalogueGame[] },
): Promise<number> {
  await upsertProvider(db, {
    code: DEMO_SEAMLESS,
    name: 'Beacon Demo Games',
    protocol: 'seamless',
    base_url: provider.url,
    secret: provider.secrets.seamless,
    channel_code: null,
    enabled: 1,
    created_at: now,
  });
  await upsertProvider(db, {
    code: DEMO_TRANSFER,
    name: 'Beacon Demo Tables',
    protocol: 'transfer',
    base_url: provider.url,
    secret: provider.secrets.transfer,
    channel_code: TRANSFER_CHANNEL,
    enabled: 1,
    created_at: now,
  });
  for (const [order, game] of provider.catalogue.entries()) {
    await upsertGame(db, {
      provider_code: game.side === 'seamless' ? DEMO_SEAMLESS : DEMO_TRANSFER,
      code: game.code,
      name: game.name,
      search_name: game.name.toLowerCase(),
      channel_code: game.side === 'seamless' ? SEAMLESS_CHANNEL : TRANSFER_CHANNEL,
      category: game.engine,
      rtp_bp: Math.round(game.rtp * 100),
      min_bet: game.minBet,
      max_bet: game.maxBet,
      sort_order: order,
      enabled: 1,
      created_at: now,
    });
  }
  return provider.catalogue.length;
}
