import type { AppContext } from '../context';
import { forgetCatalogue } from '../modules/games/catalogue';
import { WIRES } from '../modules/games/protocols';
import { writeGames } from '../modules/games/provider-admin';
import { findProvider } from '../modules/games/repository';
import type { ProviderWire } from '../modules/games/tables';

/*
 * What the demo aggregators (demo-hub88.ts, demo-evolution.ts) share: a provider row inserted once, as the
 * console inserts one, and, once the demo provider listens, its address set and its games imported from its
 * own list, as an operator's "Import games" does.
 */

export interface DemoAggregatorRow {
  code: string;
  name: string;
  wire: ProviderWire;
  settings: object;
}

/** The provider's row, made once (its address is set when the demo provider listens: its port is known then). */
export async function ensureAggregatorRow(
  ctx: AppContext,
  row: DemoAggregatorRow,
  now: number,
): Promise<void> {
  if (await findProvider(ctx.db, row.code)) return;
  await ctx.db
    .insertInto('game_providers')
    .values({
      code: row.code,
      name: row.name,
      protocol: 'seamless',
      base_url: 'http://127.0.0.1:9/',
      secret: '',
      channel_code: null,
      enabled: 1,
      created_at: now,
      wire: row.wire,
      settings: JSON.stringify(row.settings),
    })
    .execute();
}

/** Points the provider at the demo provider's mode and imports its games; answers how many it lists. */
export async function pointAndImport(ctx: AppContext, code: string, baseUrl: string): Promise<number> {
  await ctx.db.updateTable('game_providers').set({ base_url: baseUrl }).where('code', '=', code).execute();
  forgetCatalogue(ctx.db);
  const provider = await findProvider(ctx.db, code);
  const listed = provider ? await WIRES[provider.wire]?.games(ctx, provider) : null;
  if (!provider || !listed) return 0;
  await ctx.db.transaction().execute((trx) => writeGames(ctx, trx, provider, listed, Date.now()));
  forgetCatalogue(ctx.db);
  return listed.length;
}
