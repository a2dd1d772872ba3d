import { sql } from 'kysely';
import type { Db } from '../../db/create-db';
import { isPostgres } from '../../db/create-db';
import { fieldError } from '../../http/envelope';
import * as repo from './repository';

/**
 * The ledger. Each user has a main balance split in two accounts, `main` (withdrawable) and `locked`
 * (bonus and funds held by withdrawals under way), so "locked = total - withdrawable" is a plain
 * balance and holding funds is an ordinary transfer between them; a `safe`; and one account per game
 * channel. System accounts are the other side of money entering or leaving: deposits, withdrawals,
 * bonuses, fees. Every movement is one transaction of immutable entries summing to zero; the cached
 * balance of each account moves in the same database transaction.
 */
export const SYSTEM_ACCOUNTS = ['deposits', 'withdrawals', 'bonuses', 'fees'] as const;
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[number];
export const GAME_CHANNELS = ['Slots', 'Live Casino', 'Sports'] as const;
export type GameChannel = (typeof GAME_CHANNELS)[number];

export type UserAccountKind = 'main' | 'locked' | 'safe';

export const userAccount = (userId: number, kind: UserAccountKind): string => `u:${userId}:${kind}`;
export const channelAccount = (userId: number, channel: GameChannel): string => `u:${userId}:ch:${channel}`;
export const systemAccount = (name: SystemAccount): string => `sys:${name}`;

function userAccountSpecs(userId: number): repo.AccountSpec[] {
  return [
    ...(['main', 'locked', 'safe'] as const).map((kind) => ({
      code: userAccount(userId, kind),
      userId,
      kind,
      name: '',
    })),
    ...GAME_CHANNELS.map((name) => ({ code: channelAccount(userId, name), userId, kind: 'channel', name })),
  ];
}

const systemSpecs = (): repo.AccountSpec[] =>
  SYSTEM_ACCOUNTS.map((name) => ({ code: systemAccount(name), userId: null, kind: 'system', name }));

/** Accounts are opened lazily, on a user's first wallet call; cheap when they exist. */
export async function ensureUserAccounts(db: Db, userId: number, now: number): Promise<void> {
  const specs = [...userAccountSpecs(userId), ...systemSpecs()];
  const codes = specs.map((s) => s.code);
  if ((await repo.countAccountsByCode(db, codes)) === codes.length) return;
  await repo.ensureAccounts(db, specs, now);
}

/**
 * Runs `fn` in a write transaction. PostgreSQL: READ COMMITTED plus row locks taken by `post` in
 * account-id order. SQLite: Kysely's own transactions begin DEFERRED, which can fail to upgrade to a
 * write lock (SQLITE_BUSY) when another process writes; so we take the app's one connection for the
 * duration and run BEGIN IMMEDIATE ourselves: the write lock is held from the first statement, and
 * within the process Kysely's connection mutex already serializes every query.
 */
export async function withMoneyTx<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  if (isPostgres(db)) return db.transaction().execute((trx) => fn(trx));
  return db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const result = await fn(conn);
      await sql`commit`.execute(conn);
      return result;
    } catch (err) {
      await sql`rollback`.execute(conn).catch(() => undefined);
      throw err;
    }
  });
}

export interface Leg {
  account: string;
  amount: number;
}

export interface Posting {
  type: string;
  userId: number | null;
  ref: string | null;
  legs: Leg[];
  now: number;
}

/**
 * Posts one balanced transaction inside a money transaction. Refuses (insufficient_funds on field
 * `amount`) when a user account would go below zero; the CHECK constraint backs this up.
 */
export async function post(trx: Db, posting: Posting): Promise<number> {
  const net = new Map<string, number>();
  for (const leg of posting.legs) {
    if (!Number.isSafeInteger(leg.amount)) throw new Error(`ledger: non-integer amount ${leg.amount}`);
    net.set(leg.account, (net.get(leg.account) ?? 0) + leg.amount);
  }
  let sum = 0;
  for (const v of net.values()) sum += v;
  if (sum !== 0) throw new Error(`ledger: unbalanced transaction ${posting.type} (${sum})`);

  const codes = [...net.keys()].sort();
  const accounts = await repo.lockAccounts(trx, codes, true);
  if (accounts.length !== codes.length) throw new Error(`ledger: unknown account in ${codes.join(',')}`);
  for (const a of accounts) {
    const delta = net.get(a.code) ?? 0;
    if (a.user_id !== null && Number(a.balance) + delta < 0) throw fieldError('amount', 'insufficient_funds');
  }
  const txId = await repo.insertTransaction(trx, {
    type: posting.type,
    userId: posting.userId,
    ref: posting.ref,
    now: posting.now,
  });
  const entries = accounts
    .map((a) => ({ accountId: a.id, amount: net.get(a.code) ?? 0 }))
    .filter((e) => e.amount !== 0);
  if (entries.length > 0) await repo.insertEntries(trx, txId, entries, posting.now);
  for (const e of entries) await repo.addToBalance(trx, e.accountId, e.amount);
  return txId;
}

export interface UserBalances {
  main: number;
  locked: number;
  safe: number;
  channels: { name: string; balance: number }[];
}

export async function balancesOf(db: Db, userId: number): Promise<UserBalances> {
  const rows = await repo.userAccounts(db, userId);
  const get = (kind: string) => Number(rows.find((r) => r.kind === kind)?.balance ?? 0);
  return {
    main: get('main'),
    locked: get('locked'),
    safe: get('safe'),
    channels: GAME_CHANNELS.map((name) => ({
      name,
      balance: Number(rows.find((r) => r.kind === 'channel' && r.name === name)?.balance ?? 0),
    })),
  };
}
