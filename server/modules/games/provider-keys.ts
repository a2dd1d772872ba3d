import type { AppContext } from '../../context';
import type { Db } from '../../db/create-db';
import { isSealed, openOtherSecret, SecretBoxError, sealOtherSecret } from '../operators/service';
import type { GameProviderKeysTable } from './tables';

/*
 * A provider's keys (decision 0054, migration 0041): `verify` keys check its calls (an aggregator's public key
 * as it gave it, or a shared secret), `sign` keys sign Beacon's calls to it (Beacon's private key). Secrets
 * and private keys are sealed under the deployment's key, bound to the provider and the purpose, so a value
 * copied to another provider's row does not open. A key counts in its window: during a rotation the old and
 * the new verify keys both check a call, and Beacon signs with the newest sign key already valid.
 */

export type KeyPurpose = GameProviderKeysTable['purpose'];

const contextOf = (providerCode: string, purpose: KeyPurpose) =>
  `game_provider_key:${providerCode}:${purpose}`;

/** How long a process keeps a provider's opened keys: a rotation's overlap is days, a call is every second. */
const CACHE_MS = 60_000;

interface Opened {
  at: number;
  keys: { value: string; validFrom: number; validUntil: number | null; purpose: KeyPurpose }[];
}
const cache = new WeakMap<AppContext, Map<string, Opened>>();

async function opened(ctx: AppContext, providerCode: string): Promise<Opened> {
  let byProvider = cache.get(ctx);
  if (!byProvider) {
    byProvider = new Map();
    cache.set(ctx, byProvider);
  }
  const now = Date.now();
  const had = byProvider.get(providerCode);
  if (had && now - had.at < CACHE_MS) return had;
  const rows = await ctx.db
    .selectFrom('game_provider_keys')
    .selectAll()
    .where('provider_code', '=', providerCode)
    .orderBy('valid_from', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const keys = (
    await Promise.all(
      rows.map(async (r) => {
        const value = await openedValue(ctx, providerCode, r);
        return value === null
          ? []
          : [{ value, validFrom: r.valid_from, validUntil: r.valid_until, purpose: r.purpose }];
      }),
    )
  ).flat();
  const fresh = { at: now, keys };
  byProvider.set(providerCode, fresh);
  return fresh;
}

/**
 * A stored key's text, opened when sealed; null when it does not open (sealed with a key this deployment no
 * longer has, or altered): logged, and the provider's calls are refused as unsigned until it is replaced.
 */
async function openedValue(
  ctx: AppContext,
  providerCode: string,
  row: { id: number; purpose: KeyPurpose; value: string },
): Promise<string | null> {
  if (!isSealed(row.value)) return row.value;
  try {
    return await openOtherSecret(ctx, row.value, contextOf(providerCode, row.purpose));
  } catch (err) {
    if (!(err instanceof SecretBoxError)) throw err;
    ctx.log.error(
      { provider: providerCode, key: row.id, reason: err.reason },
      "a game provider's key does not decrypt: add it again from the console",
    );
    return null;
  }
}

const inWindow = (k: { validFrom: number; validUntil: number | null }, at: number) =>
  k.validFrom <= at && (k.validUntil === null || at < k.validUntil);

/** The keys that check the provider's calls at `at` (wall-clock ms), newest first. */
export async function verifyKeys(ctx: AppContext, providerCode: string, at: number): Promise<string[]> {
  return (await opened(ctx, providerCode)).keys
    .filter((k) => k.purpose === 'verify' && inWindow(k, at))
    .map((k) => k.value);
}

/** The key Beacon signs its calls to the provider with at `at`: the newest one valid then. */
export async function signKey(
  ctx: AppContext,
  providerCode: string,
  at: number,
): Promise<string | undefined> {
  return (await opened(ctx, providerCode)).keys.find((k) => k.purpose === 'sign' && inWindow(k, at))?.value;
}

/** Forgets what this process opened of a provider's keys (after the console changed them). */
export function forgetKeys(ctx: AppContext, providerCode: string): void {
  cache.get(ctx)?.delete(providerCode);
}

/**
 * Adds a key: `secret` values (a private key, a shared secret) are sealed, a public key is kept as given. The
 * provider's keys of that purpose still open at `validFrom` without an end are ended at `overlapUntil`, so the
 * old and new keys are both valid between the two.
 */
export async function addKey(
  ctx: AppContext,
  trx: Db,
  key: {
    providerCode: string;
    purpose: KeyPurpose;
    value: string;
    secret: boolean;
    validFrom: number;
    overlapUntil?: number;
    now: number;
  },
): Promise<void> {
  if (key.overlapUntil !== undefined)
    await trx
      .updateTable('game_provider_keys')
      .set({ valid_until: key.overlapUntil })
      .where('provider_code', '=', key.providerCode)
      .where('purpose', '=', key.purpose)
      .where('valid_until', 'is', null)
      .where('valid_from', '<', key.validFrom)
      .execute();
  await trx
    .insertInto('game_provider_keys')
    .values({
      provider_code: key.providerCode,
      purpose: key.purpose,
      value: key.secret
        ? await sealOtherSecret(ctx, key.value, contextOf(key.providerCode, key.purpose))
        : key.value,
      valid_from: key.validFrom,
      valid_until: null,
      created_at: key.now,
    })
    .execute();
  forgetKeys(ctx, key.providerCode);
}
