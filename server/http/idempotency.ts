import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN, IDEMPOTENT_REPLAYED_HEADER } from '#contract/call';
import { Status } from '#contract/envelope';
import type { AppContext } from '../context';
import type { Db } from '../db/create-db';
import { isUniqueViolation } from '../db/create-db';
import { withMoneyTx } from '../modules/ledger/service';
import { codedError, fieldError } from './envelope';

/** Stable JSON (sorted keys) so the same body always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export const requestHash = (route: string, body: unknown): string =>
  createHash('sha256')
    .update(`${route}\n${canonical(body)}`)
    .digest('hex');

/** The request's key: 400 on the header when missing or malformed. */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const raw = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key) throw fieldError(IDEMPOTENCY_KEY_HEADER, 'idempotency_key_required');
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw fieldError(IDEMPOTENCY_KEY_HEADER, 'invalid_type');
  return key;
}

export interface IdempotentCall<T> {
  ctx: AppContext;
  request: FastifyRequest;
  reply: FastifyReply;
  userId: number;
  /** Names the operation; part of the request hash, so a key reused on another call is refused too. */
  route: string;
  body: unknown;
  /** Checks that run only when this is not a replay, outside the transaction (e.g. the safe password). */
  before?: () => Promise<void>;
  /** The money transaction's work; its answer is stored with the key in the same transaction. */
  run: (trx: Db) => Promise<T>;
}

async function findStored(db: Db, userId: number, key: string) {
  return db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'response'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
}

/**
 * Exactly-once money calls. The key row is inserted first thing in the same transaction that moves the
 * money and stores the answer, so either both are committed or neither is: a crash never leaves a key
 * without its money or money without its key. A concurrent duplicate blocks on the key's unique index
 * (PostgreSQL) or on the write lock (SQLite) until the first commits, then finds the stored answer.
 * A failed call rolls back its key too and may be retried.
 */
export async function idempotent<T>(call: IdempotentCall<T>): Promise<T> {
  const { ctx, userId, route, reply } = call;
  const key = idempotencyKeyOf(call.request);
  const hash = requestHash(route, call.body);

  const replay = (stored: { request_hash: string; response: string }): T => {
    if (stored.request_hash !== hash) throw codedError(422, Status.unprocessable, 'idempotency_key_reused');
    reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
    return JSON.parse(stored.response) as T;
  };

  const existing = await findStored(ctx.db, userId, key);
  if (existing) return replay(existing);
  if (call.before) await call.before();

  try {
    return await withMoneyTx(ctx.db, async (trx) => {
      await trx
        .insertInto('idempotency_keys')
        .values({
          user_id: userId,
          key,
          route,
          request_hash: hash,
          response: '',
          created_at: ctx.clock.now(),
        })
        .execute();
      const result = await call.run(trx);
      await trx
        .updateTable('idempotency_keys')
        .set({ response: JSON.stringify(result ?? null) })
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .execute();
      return result;
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const stored = await findStored(ctx.db, userId, key);
    if (stored) return replay(stored);
    throw codedError(409, Status.conflict, 'idempotency_in_progress');
  }
}

/** A money call's work: checks that run only when it is not a replay, and the transaction's work. */
export type MoneyWork<T> = Pick<IdempotentCall<T>, 'before' | 'run'>;

/** What idempotent() needs of a declared money call: serve()'s CallContext gives all of it. */
export interface MoneyCallContext {
  input: unknown;
  auth: { user: { id: number } };
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * idempotent() for a call registered with serve(): the caller's key, user and reply come from the call;
 * `route` names the operation in the stored hash (keep it when a path moves, or stored keys stop
 * replaying); the hashed body is the call's input unless `body` is given (e.g. without a password).
 */
export const idempotentCall = <T>(
  ctx: AppContext,
  call: MoneyCallContext,
  route: string,
  work: MoneyWork<T>,
  body: unknown = call.input,
): Promise<T> =>
  idempotent({
    ctx,
    request: call.request,
    reply: call.reply,
    userId: call.auth.user.id,
    route,
    body,
    ...work,
  });

/** How long a key is remembered: a retry later than this is a new request. */
export const IDEMPOTENCY_RETENTION_MS = 30 * 24 * 3600_000;

/** Forgets keys older than the retention window, so the table stays small. */
export async function forgetOldKeys(db: Db, now: number): Promise<number> {
  const res = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', now - IDEMPOTENCY_RETENTION_MS)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
