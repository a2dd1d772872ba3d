import { createHash } from 'node:crypto';
import type { Db } from '../../db/create-db';

/*
 * Where a user's requests come from (decision 0017: holds are decided on a shared IP address or device):
 * the address and the app's device id, each stored as its sha256, first and last seen. Recorded on every
 * authenticated request and at registration, but written at most once an hour per (user, kind, value): the
 * hot path remembers what it wrote recently and skips the database for it.
 */

/** A device id longer than this is not the app's: ignored rather than stored. */
const DEVICE_MAX = 128;

const WRITE_EVERY_MS = 3_600_000;
/** Remembered writes, at most: past this the memory starts over (a few extra writes, never fewer). */
const REMEMBER_MAX = 50_000;

export type SignalKind = 'ip' | 'device';

export interface ClientSignals {
  ip: string | null | undefined;
  device: string | null | undefined;
}

const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** The raw values of a client worth recording (an overlong device id is not the app's). */
function valuesOf(client: ClientSignals): { kind: SignalKind; value: string }[] {
  const values: { kind: SignalKind; value: string }[] = [];
  const ip = client.ip?.trim();
  if (ip) values.push({ kind: 'ip', value: ip });
  const device = client.device?.trim();
  if (device && device.length <= DEVICE_MAX) values.push({ kind: 'device', value: device });
  return values;
}

/** The signals of a client worth recording, hashed. */
export const signalsOf = (client: ClientSignals): { kind: SignalKind; hash: string }[] =>
  valuesOf(client).map((v) => ({ kind: v.kind, hash: sha256(v.value) }));

/** Upserts a user's signals, keeping first_seen (inside a transaction when given one). */
export async function writeSignals(
  db: Db,
  userId: number,
  signals: readonly { kind: SignalKind; hash: string }[],
  now: number,
): Promise<void> {
  if (signals.length === 0) return;
  await db
    .insertInto('user_signals')
    .values(
      signals.map((s) => ({
        user_id: userId,
        kind: s.kind,
        value_hash: s.hash,
        first_seen: now,
        last_seen: now,
      })),
    )
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'kind', 'value_hash'])
        .doUpdateSet((eb) => ({ last_seen: eb.ref('excluded.last_seen') })),
    )
    .execute();
}

/** Per database handle: the last time each (user, kind, hash) was written by this process. */
const recent = new WeakMap<Db, Map<string, number>>();

/**
 * Records a request's signals unless this process wrote the same ones within the hour. Never fails the
 * request: a failed write is reported to `onError` and forgotten (the next request tries again).
 */
export async function recordSignals(
  db: Db,
  userId: number,
  client: ClientSignals,
  now: number,
  onError: (err: unknown) => void,
): Promise<void> {
  let seen = recent.get(db);
  if (!seen) {
    seen = new Map();
    recent.set(db, seen);
  }
  // Keyed by the raw value: the hot path hashes nothing unless it writes.
  const keyOf = (v: { kind: SignalKind; value: string }) => `${userId}:${v.kind}:${v.value}`;
  const due = valuesOf(client).filter((v) => {
    const last = seen.get(keyOf(v));
    return last === undefined || now - last >= WRITE_EVERY_MS || now < last;
  });
  if (due.length === 0) return;
  if (seen.size + due.length > REMEMBER_MAX) seen.clear();
  for (const v of due) seen.set(keyOf(v), now);
  try {
    await writeSignals(
      db,
      userId,
      due.map((v) => ({ kind: v.kind, hash: sha256(v.value) })),
      now,
    );
  } catch (err) {
    for (const v of due) seen.delete(keyOf(v));
    onError(err);
  }
}
