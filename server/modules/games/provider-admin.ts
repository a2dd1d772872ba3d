import { createHash, generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import type { z } from 'zod/mini';
import type { AdminProvider } from '#contract/admin/game';
import type {
  ProviderCall,
  providerCreatedSchema,
  providerCreateRequestSchema,
  providerImportedSchema,
  providerKeyAnswerSchema,
  providerKeyRequestSchema,
} from '#contract/admin/game-providers';
import type { WalletAnswer } from '#contract/game-provider';
import type { Page } from '#contract/paging';
import { toMoney } from '#contract/wallet';
import type { AppContext } from '../../context';
import type { Db } from '../../db/create-db';
import { codedError, fieldError, serviceUnavailable } from '../../http/envelope';
import { offsetOf, pageOf } from '../../http/page';
import type { OperatorAuth } from '../../http/serve';
import { recordAudit } from '../audit/service';
import { gameChannels } from '../ledger/service';
import { assertCanAccess, canAccess, type Operator } from '../operators/service';
import { siteByDomain } from '../site/service';
import { providerOf } from './admin';
import * as adminRepo from './admin-repository';
import { forgetCatalogue } from './catalogue';
import { type ListedGame, WIRES } from './protocols';
import { isPemKey } from './protocols/hub88/signing';
import { addKey } from './provider-keys';
import * as repo from './repository';
import type { ProviderWire } from './tables';

/*
 * The console's aggregator providers (issue 34, decision 0054): added with what the aggregator gave (Hub88's
 * public key, Evolution's API token) and what Beacon makes for it (Hub88: a key pair whose private half is
 * sealed and never shown again; Evolution: the authToken its calls carry), off until an operator has
 * imported its games and switched it on; its game list imported or refreshed; its keys rotated with an
 * overlap; its wallet calls listed. Platform-wide records, so only an administrator of every site changes
 * them; every change is audited, with keys named by their fingerprint only.
 */

const PLATFORM = { siteId: null } as const;

/**
 * The channels an aggregator's games may go in: every channel but a transfer provider's, whose in-channel
 * balance is money moved to that provider (an aggregator's stakes in flight there could be transferred out).
 */
async function channelCodes(ctx: AppContext, db: Db = ctx.db): Promise<Set<string>> {
  const transfer = new Set(
    (await repo.listProviders(db)).filter((p) => p.protocol === 'transfer').map((p) => p.channel_code),
  );
  return new Set((await gameChannels(db)).map((c) => c.code).filter((code) => !transfer.has(code)));
}
const generatePair = promisify(generateKeyPair);

/** Beacon's own key pair for signing its calls to an aggregator: RSA 2048, PEM, as Hub88's examples make. */
async function beaconKeyPair(): Promise<{ publicKey: string; privateKey: string }> {
  return generatePair('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

/** What the audit log keeps of a key: enough to tell two apart, nothing that is the key. */
const fingerprint = (pem: string) => createHash('sha256').update(pem.trim()).digest('hex').slice(0, 16);

async function summary(ctx: AppContext, code: string): Promise<AdminProvider> {
  const [row] = await adminRepo.providerSummaries(ctx.db, code);
  if (!row) throw fieldError('code', 'provider_not_found');
  return providerOf(row);
}

/** A wire's settings and keys as a new provider is given them, and what the aggregator is to be handed. */
interface WireSetup {
  settings: object;
  keys: { purpose: 'verify' | 'sign'; value: string; secret: boolean }[];
  handOver: string;
  /** The keys as the audit log names them: by fingerprint, a key pair by its public half. */
  audited: { verifyKey: string; signKey: string };
}

/** A new authToken for an aggregator's calls (Evolution's): 32 random bytes, URL-safe. */
const newToken = () => randomBytes(32).toString('base64url');

async function setupOf(
  ctx: AppContext,
  input: z.output<typeof providerCreateRequestSchema>,
): Promise<WireSetup> {
  if (input.wire === 'evolution') {
    // Evolution's calls carry a token the licensee chooses: Beacon makes it, as it makes Hub88's key pair.
    const authToken = newToken();
    return {
      settings: { casinoKey: input.casinoKey, channels: {}, defaultChannel: input.defaultChannel },
      keys: [
        { purpose: 'verify', value: authToken, secret: true },
        { purpose: 'sign', value: input.signKey, secret: true },
      ],
      handOver: authToken,
      audited: { verifyKey: fingerprint(authToken), signKey: fingerprint(input.signKey) },
    };
  }
  if (!isPemKey(input.verifyKey, 'public')) throw fieldError('verifyKey', 'provider_key_invalid');
  const subPartners: Record<string, string> = {};
  for (const [i, s] of input.subPartners.entries()) {
    const site = await siteByDomain(ctx, s.site.toLowerCase());
    if (!site) throw fieldError(`subPartners.${i}.site`, 'site_not_found');
    subPartners[site.domain] = s.subPartnerId;
  }
  const pair = await beaconKeyPair();
  return {
    settings: {
      operatorId: input.operatorId,
      subPartners,
      channels: {},
      defaultChannel: input.defaultChannel,
    },
    keys: [
      { purpose: 'verify', value: input.verifyKey, secret: false },
      { purpose: 'sign', value: pair.privateKey, secret: true },
    ],
    handOver: pair.publicKey,
    audited: { verifyKey: fingerprint(input.verifyKey), signKey: fingerprint(pair.publicKey) },
  };
}

export async function createProvider(
  ctx: AppContext,
  auth: OperatorAuth,
  input: z.output<typeof providerCreateRequestSchema>,
): Promise<z.input<typeof providerCreatedSchema>> {
  assertCanAccess(auth.operator, 'write', 'game', PLATFORM);
  const channels = await channelCodes(ctx);
  if (!channels.has(input.defaultChannel)) throw fieldError('defaultChannel', 'channel_not_found');
  const setup = await setupOf(ctx, input);
  if (await repo.findProvider(ctx.db, input.code)) throw fieldError('code', 'provider_code_taken');
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    // Another operator's create of the same code meanwhile: the primary key refuses the second.
    const taken = await trx
      .insertInto('game_providers')
      .values({
        code: input.code,
        name: input.name,
        protocol: 'seamless',
        base_url: input.baseUrl,
        // An aggregator's calls are checked with its keys, not a shared secret.
        secret: '',
        channel_code: null,
        enabled: 0,
        created_at: now,
        wire: input.wire,
        settings: JSON.stringify(setup.settings),
      })
      .onConflict((oc) => oc.column('code').doNothing())
      .executeTakeFirst();
    if (Number(taken.numInsertedOrUpdatedRows ?? 0) === 0) throw fieldError('code', 'provider_code_taken');
    const validFrom = Date.now();
    for (const key of setup.keys)
      await addKey(ctx, trx, { ...key, providerCode: input.code, validFrom, now });
    await recordAudit(
      trx,
      auth.actor,
      {
        siteId: null,
        action: 'game.provider.create',
        resource: 'game',
        recordId: input.code,
        after: {
          name: input.name,
          wire: input.wire,
          baseUrl: input.baseUrl,
          settings: setup.settings,
          ...setup.audited,
        },
      },
      now,
    );
  });
  forgetCatalogue(ctx.db);
  return {
    provider: await summary(ctx, input.code),
    handOver: setup.handOver,
    walletPath: `/api/games/${input.wire}/${input.code}`,
  };
}

/** The provider of an aggregator's wire, or the field error that says why not. */
async function aggregator(ctx: AppContext, code: string) {
  const provider = await repo.findProvider(ctx.db, code);
  const wire = provider?.protocol === 'seamless' ? WIRES[provider.wire] : undefined;
  if (!provider || !wire) throw fieldError('code', 'provider_not_found');
  return { provider, wire };
}

export async function importGames(
  ctx: AppContext,
  auth: OperatorAuth,
  code: string,
): Promise<z.input<typeof providerImportedSchema>> {
  assertCanAccess(auth.operator, 'write', 'game', PLATFORM);
  const { provider, wire } = await aggregator(ctx, code);
  const listed = await wire.games(ctx, provider);
  if (!listed) throw serviceUnavailable('provider_games_unavailable');
  const now = ctx.clock.now();
  const counts = await ctx.db.transaction().execute(async (trx) => {
    const result = await writeGames(ctx, trx, provider, listed, now);
    await recordAudit(
      trx,
      auth.actor,
      { siteId: null, action: 'game.provider.import', resource: 'game', recordId: code, after: result },
      now,
    );
    return result;
  });
  forgetCatalogue(ctx.db);
  return { provider: await summary(ctx, code), ...counts };
}

/**
 * An aggregator's list written into the lobby's games: new ones added enabled at the end of the lobby,
 * known ones given the list's name, category and channel (their switch and order kept), ones the list dropped
 * switched off (never deleted: rounds name them). A category mapped to a channel that no longer exists goes to
 * the provider's default channel. The demo seed writes the demo aggregator's list with it too.
 */
export async function writeGames(
  ctx: AppContext,
  trx: Db,
  provider: repo.ProviderRow,
  listed: readonly ListedGame[],
  now: number,
): Promise<{ added: number; refreshed: number; removed: number }> {
  const channels = await channelCodes(ctx, trx);
  const fallback = (JSON.parse(provider.settings) as { defaultChannel?: string }).defaultChannel ?? 'slots';
  const had = new Map((await adminRepo.gameCodesOf(trx, provider.code)).map((g) => [g.code, g]));
  // New games go to the end of the lobby, after every provider's.
  let order = await adminRepo.lastSortOrder(trx);
  let added = 0;
  let refreshed = 0;
  for (const g of listed) {
    const name = g.name.slice(0, 100);
    const fields = {
      name,
      search_name: name.toLowerCase(),
      category: g.category.slice(0, 32),
      channel_code: channels.has(g.channel) ? g.channel : fallback,
    };
    const existing = had.get(g.code);
    if (existing) {
      await trx.updateTable('games').set(fields).where('id', '=', existing.id).execute();
      refreshed++;
      continue;
    }
    await trx
      .insertInto('games')
      .values({
        provider_code: provider.code,
        code: g.code,
        ...fields,
        // The aggregator's list states no return or limits: the game keeps its own, Beacon none of its own.
        rtp_bp: 0,
        min_bet: 1,
        max_bet: 1_000_000_000_000,
        sort_order: ++order,
        enabled: 1,
        created_at: now,
      })
      .execute();
    added++;
  }
  const listedCodes = new Set(listed.map((g) => g.code));
  const gone = [...had.values()].filter((g) => !listedCodes.has(g.code) && g.enabled === 1);
  if (gone.length > 0)
    await trx
      .updateTable('games')
      .set({ enabled: 0 })
      .where(
        'id',
        'in',
        gone.map((g) => g.id),
      )
      .execute();
  return { added, refreshed, removed: gone.length };
}

const HOUR = 3_600_000;

/** A rotation's new key: its value, whether it is sealed, when it starts, and what the aggregator is handed. */
async function rotatedKey(
  wire: ProviderWire,
  input: z.output<typeof providerKeyRequestSchema>,
  wall: number,
  overlapUntil: number,
): Promise<{ value: string; secret: boolean; validFrom: number; handOver: string | null }> {
  const given = () => {
    if (!input.value) throw fieldError('value', 'required');
    return input.value;
  };
  if (wire === 'evolution') {
    // A new authToken counts at once beside the old; Evolution's new API token is used once it is given.
    if (input.purpose === 'verify') {
      const token = newToken();
      return { value: token, secret: true, validFrom: wall, handOver: token };
    }
    const token = given();
    if (!/^[\x21-\x7e]{8,200}$/.test(token)) throw fieldError('value', 'provider_token_invalid');
    return { value: token, secret: true, validFrom: wall, handOver: null };
  }
  if (input.purpose === 'verify') {
    const pem = given();
    if (!isPemKey(pem, 'public')) throw fieldError('value', 'provider_key_invalid');
    return { value: pem, secret: false, validFrom: wall, handOver: null };
  }
  const pair = await beaconKeyPair();
  // Beacon signs with it once the aggregator has had the overlap to take its public half.
  return { value: pair.privateKey, secret: true, validFrom: overlapUntil, handOver: pair.publicKey };
}

export async function rotateKey(
  ctx: AppContext,
  auth: OperatorAuth,
  input: z.output<typeof providerKeyRequestSchema>,
): Promise<z.input<typeof providerKeyAnswerSchema>> {
  assertCanAccess(auth.operator, 'write', 'game', PLATFORM);
  const { provider } = await aggregator(ctx, input.code);
  const now = ctx.clock.now();
  // Key windows are wall-clock time, as the signatures they check are.
  const wall = Date.now();
  const overlapUntil = wall + input.overlapHours * HOUR;
  const key = await rotatedKey(provider.wire, input, wall, overlapUntil);
  await ctx.db.transaction().execute(async (trx) => {
    await addKey(ctx, trx, {
      providerCode: input.code,
      purpose: input.purpose,
      value: key.value,
      secret: key.secret,
      validFrom: key.validFrom,
      overlapUntil,
      now,
    });
    await recordAudit(
      trx,
      auth.actor,
      {
        siteId: null,
        action: 'game.provider.key',
        resource: 'game',
        recordId: input.code,
        after: {
          purpose: input.purpose,
          validFrom: key.validFrom,
          key: fingerprint(key.handOver ?? key.value),
        },
      },
      now,
    );
  });
  return { handOver: key.handOver, validFrom: key.validFrom };
}

export async function listCalls(
  ctx: AppContext,
  operator: Operator,
  input: { code: string; number: number; size: number },
): Promise<Page<ProviderCall>> {
  if (canAccess(operator, 'read', 'game') === 'deny') throw codedError(403, 403, 'permission_denied');
  if (!(await repo.findProvider(ctx.db, input.code))) throw fieldError('code', 'provider_not_found');
  const { total, rows } = await adminRepo.callsOfProvider(ctx.db, input.code, input.size, offsetOf(input));
  return pageOf(
    rows.map((r) => ({
      transactionId: r.transaction_ref,
      action: r.action,
      round: r.round_ref ?? null,
      amount: toMoney(r.amount),
      fraction: r.fraction,
      state: r.state,
      status: r.answer === null ? null : ((JSON.parse(r.answer) as WalletAnswer).status ?? null),
      at: r.created_at,
    })),
    total,
    input.number,
    input.size,
  );
}
