import { sql } from 'kysely';
import type { Db } from '../../db/create-db';
import { isPostgres } from '../../db/create-db';
import { inMoneyTx } from '../../db/money-tx-scope';
import { referenceCache } from '../../db/reference-cache';
import { fieldError } from '../../http/envelope';
import * as repo from './repository';

/**
 * The ledger. Each user has a main balance split in two accounts, `main` (withdrawable) and `locked`
 * (bonus and funds held by withdrawals under way), so "locked = total - withdrawable" is a plain
 * balance and holding funds is an ordinary transfer between them; a `safe`; and one account per game
 * channel. System accounts are the other side of money entering or leaving: deposits, withdrawals,
 * bonuses, fees. Every movement is one transaction of immutable entries summing to zero; the cached
 * balance of each account moves in the same database transaction. Channels and system accounts are
 * data (tables `game_channels`, `system_accounts`), not code.
 */

export type UserAccountKind = 'main' | 'locked' | 'safe';

export const userAccount = (userId: number, kind: UserAccountKind): string => `u:${userId}:${kind}`;
/** `channel` is a `game_channels.code`. */
export const channelAccount = (userId: number, channel: string): string => `u:${userId}:ch:${channel}`;
/** `code` is a `system_accounts.code` (deposits, withdrawals, bonuses, fees, ...). */
export const systemAccount = (code: string): string => `sys:${code}`;
/**
 * How many parts a busy system account is split into (migration 0013). Every win of every player moves the
 * games house; as one row, PostgreSQL's lock on it made all players' callbacks wait for each other (about
 * 230 a second whatever the pool). A player's postings use the part of their id, so the players who wait for
 * one another are a sixteenth of them. The house's balance is the sum of its accounts (kind `system`,
 * name = the system account's code), the unsplit one keeping what it held before.
 */
export const SYSTEM_ACCOUNT_PARTS = 16;
/** The part of system account `code` (for now only `games` is split) that `userId`'s postings use. */
export const systemAccountPart = (code: 'games', userId: number): string =>
  `sys:${code}:${userId % SYSTEM_ACCOUNT_PARTS}`;

/**
 * A bonus turnover requirement's money (decision 0052): an account of its own per requirement, kind
 * `requirement`, counted in the player's locked balance, so what a requirement holds is a plain balance.
 */
export const requirementAccount = (userId: number, requirementId: number): string =>
  `u:${userId}:req:${requirementId}`;

/** Opens a requirement's account (inside the grant's money transaction). */
export const openRequirementAccount = (trx: Db, userId: number, requirementId: number, now: number) =>
  repo.ensureAccounts(
    trx,
    [
      {
        code: requirementAccount(userId, requirementId),
        userId,
        kind: 'requirement',
        name: String(requirementId),
      },
    ],
    now,
  );

/** Balances of these accounts (absent: not open), locked for the transaction with `lock`. */
export async function accountBalances(
  db: Db,
  codes: readonly string[],
  { lock = false } = {},
): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  const rows = await repo.lockAccounts(db, [...codes].sort(), lock);
  return new Map(rows.map((r) => [r.code, r.balance]));
}

/** The legs of these transactions on accounts of one kind (a round's bets on requirement accounts). */
export const legsOnKind = (db: Db, transactionIds: readonly number[], kind: string) =>
  repo.legsOnKind(db, transactionIds, kind);

/** What moved on each of these accounts, summed by transaction type (a requirement's history). */
export const sumsByType = (db: Db, codes: readonly string[]) => repo.sumsByType(db, codes);

export type EarningsKind = 'rakeback' | 'commission' | 'held';
/**
 * A user's rake back, commission, or commission held for review (decision 0017): held by the platform in the
 * user's name (user_id null, kind `earnings`), so a correction can leave it negative for later credits to pay.
 */
export const earningsAccount = (userId: number, kind: EarningsKind): string => `earn:${userId}:${kind}`;

export interface GameChannel {
  code: string;
  /** In the language asked for (channel_texts), else the default language's (the row's). */
  name: string;
  enabled: boolean;
}

interface ChannelData {
  channels: GameChannel[];
  /** `<code>:<locale>` -> the channel's name in that language. */
  texts: Map<string, string>;
}

const channelsCache = referenceCache(async (db): Promise<ChannelData> => {
  const [rows, texts] = await Promise.all([repo.listGameChannels(db), repo.listChannelTexts(db)]);
  return {
    channels: rows.map((c) => ({ code: c.code, name: c.name, enabled: c.enabled === 1 })),
    texts: new Map(texts.map((t) => [`${t.channel_code}:${t.locale}`, t.name])),
  };
});
const systemAccountsCache = referenceCache((db) => repo.listSystemAccounts(db));

/**
 * Every game channel in display order, disabled ones included; named in `locale` where it has a text in it
 * (the caller's language, for what a reader sees), else by the default language's name.
 */
export async function gameChannels(db: Db, locale?: string): Promise<GameChannel[]> {
  const { channels, texts } = await channelsCache.get(db);
  if (!locale) return channels;
  return channels.map((c) => ({ ...c, name: texts.get(`${c.code}:${locale}`) ?? c.name }));
}

/** After an edit of the channels or system accounts through this handle. */
export function forgetLedgerData(db: Db): void {
  channelsCache.clear(db);
  systemAccountsCache.clear(db);
}

/**
 * Accounts are opened lazily, on a user's first wallet call; cheap when they exist. A user gets an
 * account in every enabled channel; a disabled channel opens no new ones.
 */
export async function ensureUserAccounts(db: Db, userId: number, now: number): Promise<void> {
  const channels = await gameChannels(db);
  const systems = await systemAccountsCache.get(db);
  const specs: repo.AccountSpec[] = [
    ...(['main', 'locked', 'safe'] as const).map((kind) => ({
      code: userAccount(userId, kind),
      userId,
      kind,
      name: '',
    })),
    ...channels
      .filter((c) => c.enabled)
      .map((c) => ({ code: channelAccount(userId, c.code), userId, kind: 'channel', name: c.code })),
    ...systems.map((s) => ({ code: systemAccount(s.code), userId: null, kind: 'system', name: s.code })),
  ];
  const codes = specs.map((s) => s.code);
  if ((await repo.countAccountsByCode(db, codes)) === codes.length) return;
  await repo.ensureAccounts(db, specs, now);
}

/**
 * Runs `fn` in a write transaction and resolves once it is durably committed. PostgreSQL: READ COMMITTED
 * plus row locks taken by `post` in account-id order. SQLite: see `groupCommit` below. `fn` must use only
 * `trx` (on SQLite another query through the app's handle would wait for the connection it holds; the app's
 * handle refuses it, decision 0038) and must not wait on the network.
 */
export async function withMoneyTx<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  if (isPostgres(db)) return db.transaction().execute((trx) => inMoneyTx(trx, () => fn(trx)));
  return groupCommitOf(db).run(fn);
}

/** How many money transactions at most share one SQLite commit (bounds how long others wait for it). */
const GROUP_MAX = 64;

interface Waiting {
  fn: (trx: Db) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

/*
 * SQLite has one writer and the app one connection, so money transactions run one after the other anyway;
 * what each of them pays on its own is the commit, an fsync of the write-ahead log (about half of a game
 * callback's database time, docs/perf.md). So the transactions waiting when the connection frees up run
 * in one BEGIN IMMEDIATE ... COMMIT, each inside a savepoint of its own: one that fails is rolled back to
 * its savepoint alone and rejected at once, the others are resolved only after the shared COMMIT has
 * returned, so no caller is ever answered before its writes are durable. Semantically this is the same
 * serial execution as before (each transaction sees the ones before it, as it would once they committed);
 * a failed COMMIT fails the whole group, and nothing of it is applied. BEGIN IMMEDIATE takes the write lock
 * at once, so another process writing (a CLI, a second server on the same file) cannot make the group's
 * writes fail to upgrade a read lock (SQLITE_BUSY).
 */
class GroupCommit {
  private readonly waiting: Waiting[] = [];
  private draining = false;

  constructor(private readonly db: Db) {}

  run<T>(fn: (trx: Db) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({ fn, resolve: resolve as (value: unknown) => void, reject });
      if (this.draining) return;
      this.draining = true;
      // After the requests that arrived with this one have reached here too (the poll phase's callbacks).
      setImmediate(() => void this.drain());
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.waiting.length > 0) {
        const group = this.waiting.splice(0, GROUP_MAX);
        // The connection itself failing (a closed database) settles the group too: nobody waits forever.
        await this.db
          .connection()
          .execute((conn) => this.runGroup(conn, group))
          .catch((err: unknown) => {
            for (const w of group) w.reject(err);
          });
      }
    } finally {
      this.draining = false;
    }
  }

  private async runGroup(conn: Db, group: Waiting[]): Promise<void> {
    const applied: { waiting: Waiting; value: unknown }[] = [];
    try {
      await sql`begin immediate`.execute(conn);
    } catch (err) {
      for (const w of group) w.reject(err);
      return;
    }
    for (const waiting of group) {
      await sql`savepoint money_tx`.execute(conn);
      try {
        const value = await inMoneyTx(conn, () => waiting.fn(conn));
        await sql`release money_tx`.execute(conn);
        applied.push({ waiting, value });
      } catch (err) {
        const undone = await sql`rollback to money_tx`
          .execute(conn)
          .then(() => sql`release money_tx`.execute(conn))
          .then(
            () => true,
            () => false,
          );
        waiting.reject(err);
        if (!undone) {
          // SQLite ended the whole transaction (an I/O error, a full disk): nothing of the group stands.
          await sql`rollback`.execute(conn).catch(() => undefined);
          for (const a of applied) a.waiting.reject(err);
          for (const w of group.slice(group.indexOf(waiting) + 1)) w.reject(err);
          return;
        }
      }
    }
    try {
      await sql`commit`.execute(conn);
    } catch (err) {
      await sql`rollback`.execute(conn).catch(() => undefined);
      for (const a of applied) a.waiting.reject(err);
      return;
    }
    for (const a of applied) a.waiting.resolve(a.value);
  }
}

const groupCommits = new WeakMap<Db, GroupCommit>();
const groupCommitOf = (db: Db): GroupCommit => {
  let group = groupCommits.get(db);
  if (!group) {
    group = new GroupCommit(db);
    groupCommits.set(db, group);
  }
  return group;
};

/** Opens a user's earnings accounts (cheap when they exist). */
export async function ensureEarningsAccounts(db: Db, userId: number, now: number): Promise<void> {
  const specs: repo.AccountSpec[] = (['rakeback', 'commission', 'held'] as const).map((kind) => ({
    code: earningsAccount(userId, kind),
    userId: null,
    kind: 'earnings',
    name: String(userId),
  }));
  if (
    (await repo.countAccountsByCode(
      db,
      specs.map((s) => s.code),
    )) === specs.length
  )
    return;
  await repo.ensureAccounts(db, specs, now);
}

/**
 * ensureEarningsAccounts for many users at once, and the system accounts (which they are paid from): a
 * day's settlement opens its earners' accounts so.
 */
export async function ensureEarningsAccountsMany(
  db: Db,
  userIds: readonly number[],
  now: number,
): Promise<void> {
  const specs: repo.AccountSpec[] = [
    ...(await systemAccountsCache.get(db)).map((s) => ({
      code: systemAccount(s.code),
      userId: null,
      kind: 'system',
      name: s.code,
    })),
    ...[...new Set(userIds)].flatMap((userId) =>
      (['rakeback', 'commission', 'held'] as const).map((kind) => ({
        code: earningsAccount(userId, kind),
        userId: null,
        kind: 'earnings',
        name: String(userId),
      })),
    ),
  ];
  const existing = new Set(
    (
      await repo.lockAccountsMany(
        db,
        specs.map((s) => s.code),
        false,
      )
    ).map((a) => a.code),
  );
  await repo.ensureAccountsMany(
    db,
    specs.filter((s) => !existing.has(s.code)),
    now,
  );
}

export interface Leg {
  account: string;
  amount: number;
}

/**
 * An event's id from outside: `source` says who issued it (`provider:<code>` for a game provider,
 * `commission` for a settlement, ...), `ref` is the issuer's id (a provider's transaction id, a
 * settlement key). Unique together, so the same id from two providers never collides.
 */
export interface ExternalRef {
  source: string;
  ref: string;
}

export const EXTERNAL_SOURCE_MAX = 32;
export const EXTERNAL_REF_MAX = 128;

export interface Posting {
  type: string;
  userId: number | null;
  ref: string | null;
  legs: Leg[];
  now: number;
  /** When set, posting the same reference again moves nothing and answers the first transaction. */
  external?: ExternalRef | null;
}

export interface PostResult {
  transactionId: number;
  /** True when the external reference was already posted: nothing moved this time. */
  replayed: boolean;
}

export type LedgerErrorCode =
  /** The external reference was posted before with other legs, type or user. */
  | 'external_ref_reused'
  /** Empty, or longer than its column. */
  | 'external_ref_invalid'
  | 'transaction_not_found'
  | 'already_reversed'
  /** A reversal is final: to undo it, post anew. */
  | 'reversal_not_reversible';

/** A refusal of the ledger itself, for the caller (a provider adapter, a settlement) to map. */
export class LedgerError extends Error {
  constructor(
    readonly code: LedgerErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'LedgerError';
  }
}

function netOf(posting: Posting): Map<string, number> {
  const net = new Map<string, number>();
  for (const leg of posting.legs) {
    if (!Number.isSafeInteger(leg.amount)) throw new Error(`ledger: non-integer amount ${leg.amount}`);
    net.set(leg.account, (net.get(leg.account) ?? 0) + leg.amount);
  }
  let sum = 0;
  for (const v of net.values()) sum += v;
  if (sum !== 0) throw new Error(`ledger: unbalanced transaction ${posting.type} (${sum})`);
  return net;
}

function checkExternal(e: ExternalRef): void {
  const bad = (v: string, max: number) => typeof v !== 'string' || v.trim() === '' || v.length > max;
  if (bad(e.source, EXTERNAL_SOURCE_MAX) || bad(e.ref, EXTERNAL_REF_MAX))
    throw new LedgerError('external_ref_invalid', `ledger: invalid external reference ${e.source}:${e.ref}`);
}

/** The first posting of a reference, if it is the same movement; another movement under it is refused. */
async function replayOf(
  trx: Db,
  first: repo.TransactionRow,
  posting: Posting,
  net: Map<string, number>,
  reversesId: number | null,
): Promise<PostResult> {
  const stored = new Map<string, number>();
  for (const leg of await repo.transactionLegs(trx, first.id))
    stored.set(leg.account, (stored.get(leg.account) ?? 0) + leg.amount);
  assertSameMovement(first, posting, net, reversesId, stored);
  return { transactionId: first.id, replayed: true };
}

/** Refuses a posting under a reference first posted with another type, user, reversal or other legs. */
function assertSameMovement(
  first: repo.TransactionRow,
  posting: Posting,
  net: Map<string, number>,
  reversesId: number | null,
  stored: Map<string, number>,
): void {
  const wanted = [...net].filter(([, amount]) => amount !== 0);
  const same =
    first.type === posting.type &&
    first.user_id === posting.userId &&
    first.reverses_id === reversesId &&
    stored.size === wanted.length &&
    wanted.every(([account, amount]) => stored.get(account) === amount);
  if (!same)
    throw new LedgerError(
      'external_ref_reused',
      `ledger: ${first.external_source}:${first.external_ref} was posted with other legs`,
    );
}

/**
 * Posts one balanced transaction; call it inside withMoneyTx. Refuses (insufficient_funds on field
 * `amount`) when a user account would go below zero; the CHECK constraint backs this up. With an
 * external reference already posted it moves nothing and answers that transaction (`replayed`).
 */
export const post = (trx: Db, posting: Posting): Promise<PostResult> => write(trx, posting, null);

/**
 * Reverses a transaction: a new one with the opposite legs, linked through `reverses_id`; the first
 * is never edited or deleted. Call it inside withMoneyTx. Refused when already reversed (once only,
 * the unique index backs this up), when it is itself a reversal, and with insufficient_funds when a
 * user has already spent what it gave them. `ref` defaults to the first one's.
 */
export async function reverse(
  trx: Db,
  transactionId: number,
  opts: { type: string; ref?: string | null; external?: ExternalRef | null; now: number },
): Promise<PostResult> {
  const original = await repo.findTransaction(trx, transactionId);
  if (!original) throw new LedgerError('transaction_not_found', `ledger: no transaction ${transactionId}`);
  if (original.reverses_id !== null)
    throw new LedgerError('reversal_not_reversible', `ledger: ${transactionId} is a reversal`);
  const legs = (await repo.transactionLegs(trx, original.id)).map((l) => ({
    account: l.account,
    amount: -l.amount,
  }));
  return write(
    trx,
    {
      type: opts.type,
      userId: original.user_id,
      ref: opts.ref === undefined ? original.ref : opts.ref,
      legs,
      now: opts.now,
      external: opts.external ?? null,
    },
    original.id,
  );
}

async function write(trx: Db, posting: Posting, reversesId: number | null): Promise<PostResult> {
  const net = netOf(posting);
  const external = posting.external ?? null;
  if (external) checkExternal(external);

  const codes = [...net.keys()].sort();
  const accounts = codes.length > 0 ? await repo.lockAccounts(trx, codes, true) : [];
  if (accounts.length !== codes.length) throw new Error(`ledger: unknown account in ${codes.join(',')}`);
  // Under the account locks, a concurrent posting of the same reference (same accounts) has committed or
  // rolled back. A replay is found by the insert below (its reference is unique), or here first when the
  // funds it already moved would make it look short: never counted twice, never refused for funds.
  const replay = async () => {
    const first = external && (await repo.findTransactionByExternal(trx, external.source, external.ref));
    return first ? replayOf(trx, first, posting, net, reversesId) : undefined;
  };
  if (reversesId !== null) {
    const first = await replay();
    if (first) return first;
    if (await repo.findReversalOf(trx, reversesId))
      throw new LedgerError('already_reversed', `ledger: ${reversesId} is already reversed`);
  }
  for (const a of accounts) {
    const delta = net.get(a.code) ?? 0;
    if (a.user_id !== null && a.balance + delta < 0) {
      const first = await replay();
      if (first) return first;
      throw fieldError('amount', 'insufficient_funds');
    }
  }
  const txId = await repo.insertTransaction(trx, {
    type: posting.type,
    userId: posting.userId,
    ref: posting.ref,
    externalSource: external?.source ?? null,
    externalRef: external?.ref ?? null,
    reversesId,
    now: posting.now,
  });
  if (txId === undefined) {
    // A unique index refused it: the reference was posted before (or concurrently, on other accounts).
    const first = await replay();
    if (first) return first;
    if (reversesId !== null)
      throw new LedgerError('already_reversed', `ledger: ${reversesId} is already reversed`);
    throw new Error(`ledger: transaction ${posting.type} refused by a unique index`);
  }
  const entries = accounts
    .map((a) => ({ accountId: a.id, amount: net.get(a.code) ?? 0 }))
    .filter((e) => e.amount !== 0);
  if (entries.length > 0) await repo.insertEntries(trx, txId, entries, posting.now);
  return { transactionId: txId, replayed: false };
}

/**
 * post() for many postings in one money transaction, in a few statements per thousand postings rather than
 * a few per posting (a day's settlement posts one per earner and kind: tens of thousands). Each posting
 * needs an external reference, unique within the call; one posted before moves nothing and answers its
 * first transaction (`replayed`), after the same check as post() that it is the same movement. Accounts are
 * locked in the global id order (PostgreSQL), and a user account may not go below zero at any posting, as
 * with post(). Answers in the postings' order.
 */
export async function postMany(trx: Db, postings: readonly Posting[]): Promise<PostResult[]> {
  if (postings.length === 0) return [];
  const keyOf = (e: ExternalRef) => `${e.source}\n${e.ref}`;
  const nets = postings.map((p) => {
    if (!p.external) throw new Error(`ledger: postMany needs an external reference (${p.type})`);
    checkExternal(p.external);
    return netOf(p);
  });
  const keys = postings.map((p) => keyOf(p.external as ExternalRef));
  if (new Set(keys).size !== keys.length) throw new Error('ledger: postMany got one reference twice');

  const codes = [...new Set(nets.flatMap((net) => [...net.keys()]))];
  const accounts = new Map((await repo.lockAccountsMany(trx, codes, true)).map((a) => [a.code, a]));
  const unknown = codes.filter((c) => !accounts.has(c));
  if (unknown.length > 0) throw new Error(`ledger: unknown account in ${unknown.slice(0, 5).join(',')}`);

  // References posted before (by a run that crashed after committing part of its work, say): replays.
  const bySource = new Map<string, string[]>();
  for (const p of postings) {
    const e = p.external as ExternalRef;
    bySource.set(e.source, [...(bySource.get(e.source) ?? []), e.ref]);
  }
  const earlier = new Map<string, repo.TransactionRow>();
  for (const [source, refs] of bySource)
    for (const row of await repo.findTransactionsByExternal(trx, source, refs))
      earlier.set(`${row.external_source}\n${row.external_ref}`, row);
  const earlierLegs = new Map<number, Map<string, number>>();
  for (const leg of await repo.transactionsLegs(
    trx,
    [...earlier.values()].map((r) => r.id),
  )) {
    const legs = earlierLegs.get(leg.transaction_id) ?? new Map<string, number>();
    legs.set(leg.account, (legs.get(leg.account) ?? 0) + leg.amount);
    earlierLegs.set(leg.transaction_id, legs);
  }

  const fresh: number[] = [];
  postings.forEach((posting, i) => {
    const first = earlier.get(keys[i] as string);
    const net = nets[i] as Map<string, number>;
    if (first) {
      assertSameMovement(first, posting, net, null, earlierLegs.get(first.id) ?? new Map());
      return;
    }
    for (const [code, delta] of net) {
      const account = accounts.get(code) as repo.AccountBalance;
      if (account.user_id !== null && account.balance + delta < 0)
        throw fieldError('amount', 'insufficient_funds');
      account.balance += delta;
    }
    fresh.push(i);
  });

  const inserted = await repo.insertTransactions(
    trx,
    fresh.map((i) => {
      const p = postings[i] as Posting;
      const e = p.external as ExternalRef;
      return {
        type: p.type,
        userId: p.userId,
        ref: p.ref,
        externalSource: e.source,
        externalRef: e.ref,
        reversesId: null,
        now: p.now,
      };
    }),
  );
  // Every account of these references is locked and none was posted: only a writer ignoring the locks
  // (another dialect's handle, a bug) could have inserted one meanwhile. Nothing of this call stands then.
  if (inserted.size !== fresh.length)
    throw new Error('ledger: postMany raced another posting of its references');
  const entries: { transactionId: number; accountId: number; amount: number }[] = [];
  for (const i of fresh) {
    const transactionId = inserted.get(keys[i] as string) as number;
    for (const [code, amount] of nets[i] as Map<string, number>)
      if (amount !== 0)
        entries.push({
          transactionId,
          accountId: (accounts.get(code) as repo.AccountBalance).id,
          amount,
        });
  }
  if (entries.length > 0) await repo.insertEntriesMany(trx, entries, postings[0]?.now ?? 0);
  return postings.map((_, i) => {
    const first = earlier.get(keys[i] as string);
    return first
      ? { transactionId: first.id, replayed: true }
      : { transactionId: inserted.get(keys[i] as string) as number, replayed: false };
  });
}

/**
 * One account's balance (0 when not open yet). With `lock`, inside withMoneyTx, the account stays locked
 * for the rest of the transaction (PostgreSQL row lock; SQLite holds the write lock already), so a caller
 * can serialise all of one player's movements on their main account.
 */
export async function accountBalance(db: Db, code: string, { lock = false } = {}): Promise<number> {
  const [account] = await repo.lockAccounts(db, [code], lock);
  return account?.balance ?? 0;
}

/** The transactions posted under these references of one source, by reference (absent: not posted). */
export async function findByExternalRefs(
  db: Db,
  source: string,
  refs: readonly string[],
): Promise<Map<string, number>> {
  const rows = await repo.findTransactionsByExternal(db, source, refs);
  return new Map(rows.map((r) => [r.external_ref as string, r.id]));
}

/** The transaction posted under this external reference, if any (a rollback finds its bet so). */
export async function findByExternalRef(db: Db, external: ExternalRef): Promise<number | undefined> {
  const row = await repo.findTransactionByExternal(db, external.source, external.ref);
  return row ? row.id : undefined;
}

export interface UserBalances {
  main: number;
  /** Funds of withdrawals under way and the money of bonus requirements (their accounts): total - withdrawable. */
  locked: number;
  /** The part of `locked` that bonus requirements hold. */
  requirements: number;
  safe: number;
  /** Enabled channels, and disabled ones still holding money (it stays visible), in display order. */
  channels: { code: string; name: string; balance: number }[];
}

/** `locale` names the channels in a reader's language (gameChannels). */
export async function balancesOf(db: Db, userId: number, locale?: string): Promise<UserBalances> {
  const rows = await repo.userAccounts(db, userId);
  const channels = await gameChannels(db, locale);
  const balance = (code: string) => rows.find((r) => r.code === code)?.balance ?? 0;
  const reqPrefix = `u:${userId}:req:`;
  const requirements = rows.reduce((sum, r) => (r.code.startsWith(reqPrefix) ? sum + r.balance : sum), 0);
  return {
    main: balance(userAccount(userId, 'main')),
    locked: balance(userAccount(userId, 'locked')) + requirements,
    requirements,
    safe: balance(userAccount(userId, 'safe')),
    channels: channels
      .map((c) => ({
        code: c.code,
        name: c.name,
        enabled: c.enabled,
        balance: balance(channelAccount(userId, c.code)),
      }))
      .filter((c) => c.enabled || c.balance !== 0)
      .map(({ code, name, balance }) => ({ code, name, balance })),
  };
}
