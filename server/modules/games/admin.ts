import type { AdminGame, AdminProvider } from '#contract/admin/game';
import type { Page } from '#contract/paging';
import type { AppContext } from '../../context';
import type { Db } from '../../db/create-db';
import { codedError, fieldError } from '../../http/envelope';
import { offsetOf, pageOf } from '../../http/page';
import type { OperatorAuth } from '../../http/serve';
import { recordAudit } from '../audit/service';
import { assertCanAccess, canAccess, type Operator } from '../operators/service';
import * as adminRepo from './admin-repository';
import { forgetCatalogue } from './catalogue';

/*
 * The console's providers and games (issue 16). They are platform-wide records: the lobby is the same on
 * every site, so any operator who may read games on some site lists all of them (there is nothing of
 * another site to hide), while switching one on or off needs the write grant on every site (a record of
 * no site, decision 0024). A switch is audited on the platform chain in the switch's transaction; setting
 * the state a record already has changes nothing and writes no audit row (as an unban of a user not
 * banned).
 *
 * What a switch means for money is the wallet's (seamless.ts, routes.ts, puller.ts): off, a game or a
 * provider leaves the lobby and refuses launches and new bets, but what players already staked is settled.
 */

export const providerOf = (row: adminRepo.ProviderSummaryRow): AdminProvider => ({
  code: row.code,
  name: row.name,
  protocol: row.protocol,
  wire: row.wire,
  enabled: row.enabled === 1,
  games: row.games,
  enabledGames: row.enabled_games,
});

const gameOf = (row: adminRepo.AdminGameRow): AdminGame => ({
  id: row.id,
  providerCode: row.provider_code,
  code: row.code,
  name: row.name,
  category: row.category,
  rtpBp: row.rtp_bp,
  enabled: row.enabled === 1,
  sortOrder: row.sort_order,
});

/** 403 unless a grant of the operator, on any site, reads games (the /admin gate asks it too). */
function assertCanList(operator: Operator): void {
  if (canAccess(operator, 'read', 'game') === 'deny') throw codedError(403, 403, 'permission_denied');
}

export async function listProviders(ctx: AppContext, operator: Operator): Promise<AdminProvider[]> {
  assertCanList(operator);
  return (await adminRepo.providerSummaries(ctx.db)).map(providerOf);
}

export async function listGames(
  ctx: AppContext,
  operator: Operator,
  input: { number: number; size: number; provider: string; search: string },
): Promise<Page<AdminGame>> {
  assertCanList(operator);
  const filter = { provider: input.provider, search: input.search.trim().toLowerCase() };
  const [total, rows] = await Promise.all([
    adminRepo.countGames(ctx.db, filter),
    adminRepo.pageOfGames(ctx.db, filter, input.size, offsetOf(input)),
  ]);
  return pageOf(rows.map(gameOf), total, input.number, input.size);
}

const PLATFORM = { siteId: null } as const;

/** The audit record of switching a provider or a game on or off (the state before is the opposite). */
const auditSwitch = (
  trx: Db,
  auth: OperatorAuth,
  action: string,
  recordId: string | number,
  enabled: boolean,
  now: number,
): Promise<void> =>
  recordAudit(
    trx,
    auth.actor,
    { siteId: null, action, resource: 'game', recordId, before: { enabled: !enabled }, after: { enabled } },
    now,
  );

export async function setProviderEnabled(
  ctx: AppContext,
  auth: OperatorAuth,
  input: { code: string; enabled: boolean },
): Promise<AdminProvider> {
  assertCanAccess(auth.operator, 'write', 'game', PLATFORM);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const [found] = await adminRepo.providerSummaries(trx, input.code);
    if (!found) throw fieldError('code', 'provider_not_found');
    if (!(await adminRepo.setProviderEnabled(trx, input.code, input.enabled))) return;
    await auditSwitch(
      trx,
      auth,
      input.enabled ? 'game.provider.enable' : 'game.provider.disable',
      input.code,
      input.enabled,
      now,
    );
  });
  // This process's provider calls see it at once; other processes' reference caches within their minute.
  forgetCatalogue(ctx.db);
  const [saved] = await adminRepo.providerSummaries(ctx.db, input.code);
  if (!saved) throw fieldError('code', 'provider_not_found');
  return providerOf(saved);
}

export async function setGameEnabled(
  ctx: AppContext,
  auth: OperatorAuth,
  input: { id: number; enabled: boolean },
): Promise<AdminGame> {
  assertCanAccess(auth.operator, 'write', 'game', PLATFORM);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const found = await adminRepo.findGame(trx, input.id);
    if (!found) throw fieldError('id', 'game_not_found');
    if (!(await adminRepo.setGameEnabled(trx, input.id, input.enabled))) return;
    await auditSwitch(
      trx,
      auth,
      input.enabled ? 'game.enable' : 'game.disable',
      input.id,
      input.enabled,
      now,
    );
  });
  forgetCatalogue(ctx.db);
  const saved = await adminRepo.findGame(ctx.db, input.id);
  if (!saved) throw fieldError('id', 'game_not_found');
  return gameOf(saved);
}
