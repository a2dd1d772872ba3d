import { randomUUID } from 'node:crypto';
import type { ProviderRecord, ProviderStatus } from '#contract/game-provider';
import type { Outcome } from './engines/play';
import type { ProviderDb } from './store';

/**
 * The transfer side's wallet: the money the platform moved into our games, per player. Each id is
 * applied at most once; its first answer is kept so a replay answers exactly that.
 */
export type MoveAction = 'deposit' | 'withdraw';
export interface MoveRequest {
  playerId: string;
  transactionId: string;
  amount: number;
}
export interface MoveAnswer {
  status: ProviderStatus;
  balance: number;
}

interface TransferRow {
  state: 'applied' | 'refused' | 'closed';
  action: MoveAction | null;
  player_id: string | null;
  amount: number | null;
  answer: string | null;
}

export function walletBalance(db: ProviderDb, playerId: string): number {
  const row = db.prepare('select balance from wallets where player_id = ?').get(playerId) as
    | { balance: number }
    | undefined;
  return row?.balance ?? 0;
}

function setBalance(db: ProviderDb, playerId: string, balance: number): void {
  db.prepare(
    'insert into wallets (player_id, balance) values (?, ?) on conflict (player_id) do update set balance = excluded.balance',
  ).run(playerId, balance);
}

function findTransfer(db: ProviderDb, transactionId: string): TransferRow | undefined {
  return db
    .prepare('select state, action, player_id, amount, answer from transfers where transaction_id = ?')
    .get(transactionId) as TransferRow | undefined;
}

export function applyMove(
  db: ProviderDb,
  action: MoveAction,
  req: MoveRequest,
  now = Date.now(),
): MoveAnswer {
  return db
    .transaction((): MoveAnswer => {
      const seen = findTransfer(db, req.transactionId);
      if (seen) {
        const sameBody =
          seen.state !== 'closed' &&
          seen.action === action &&
          seen.player_id === req.playerId &&
          seen.amount === req.amount;
        if (sameBody && seen.answer) return JSON.parse(seen.answer) as MoveAnswer;
        return { status: 'DUPLICATE_TRANSACTION', balance: walletBalance(db, req.playerId) };
      }
      const before = walletBalance(db, req.playerId);
      const after = action === 'deposit' ? before + req.amount : before - req.amount;
      const answer: MoveAnswer =
        after < 0 ? { status: 'INSUFFICIENT_FUNDS', balance: before } : { status: 'OK', balance: after };
      if (answer.status === 'OK') setBalance(db, req.playerId, after);
      db.prepare(
        'insert into transfers (transaction_id, state, action, player_id, amount, answer, created_at) values (?, ?, ?, ?, ?, ?, ?)',
      ).run(
        req.transactionId,
        answer.status === 'OK' ? 'applied' : 'refused',
        action,
        req.playerId,
        req.amount,
        JSON.stringify(answer),
        now,
      );
      return answer;
    })
    .immediate();
}

export interface StatusAnswer {
  status: 'OK';
  state: 'applied' | 'refused' | 'unknown';
  balance?: number;
}

/** Answering `unknown` closes the id: it is recorded so a late deposit or withdraw with it is refused. */
export function transferStatus(db: ProviderDb, transactionId: string, now = Date.now()): StatusAnswer {
  return db
    .transaction((): StatusAnswer => {
      const seen = findTransfer(db, transactionId);
      if (!seen || seen.state === 'closed') {
        if (!seen)
          db.prepare('insert into transfers (transaction_id, state, created_at) values (?, ?, ?)').run(
            transactionId,
            'closed',
            now,
          );
        return { status: 'OK', state: 'unknown' };
      }
      return { status: 'OK', state: seen.state, balance: walletBalance(db, seen.player_id ?? '') };
    })
    .immediate();
}

export interface TransferRound {
  status: ProviderStatus;
  balance: number;
  record: ProviderRecord | null;
  outcome: Outcome | null;
}

/** One round on our own wallet: the stake, the payout and its record move together or not at all. */
export function settleTransferRound(
  db: ProviderDb,
  round: { playerId: string; gameCode: string; stake: number; outcome: Outcome; payout: number },
  now = Date.now(),
): TransferRound {
  return db
    .transaction((): TransferRound => {
      const before = walletBalance(db, round.playerId);
      if (before < round.stake)
        return { status: 'INSUFFICIENT_FUNDS', balance: before, record: null, outcome: null };
      const balance = before - round.stake + round.payout;
      setBalance(db, round.playerId, balance);
      const record: ProviderRecord = {
        recordId: `rec-${randomUUID()}`,
        roundId: `round-${randomUUID()}`,
        playerId: round.playerId,
        gameCode: round.gameCode,
        bet: round.stake,
        win: round.payout,
        status: 'settled',
        placedAt: now,
        settledAt: now,
      };
      db.prepare(
        `insert into records (record_id, round_id, player_id, game_code, bet, win, status, placed_at, settled_at, outcome)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        record.recordId,
        record.roundId,
        record.playerId,
        record.gameCode,
        record.bet,
        record.win,
        record.status,
        record.placedAt,
        record.settledAt,
        JSON.stringify(round.outcome),
      );
      return { status: 'OK', balance, record, outcome: round.outcome };
    })
    .immediate();
}

interface RecordRow {
  seq: number;
  record_id: string;
  round_id: string;
  player_id: string;
  game_code: string;
  bet: number;
  win: number;
  status: ProviderRecord['status'];
  placed_at: number;
  settled_at: number;
}

/**
 * The settled rounds after a cursor, in settlement order. The cursor is the last record's sequence
 * number as a decimal string ("" = the beginning); null when it is not one we could have given.
 */
export function recordsAfter(
  db: ProviderDb,
  cursor: string,
  limit: number,
): { records: ProviderRecord[]; nextCursor: string } | null {
  if (cursor !== '' && !/^(0|[1-9]\d{0,15})$/.test(cursor)) return null;
  const after = cursor === '' ? 0 : Number(cursor);
  const rows = db
    .prepare('select * from records where seq > ? order by seq limit ?')
    .all(after, limit) as RecordRow[];
  const last = rows.at(-1);
  return {
    records: rows.map((r) => ({
      recordId: r.record_id,
      roundId: r.round_id,
      playerId: r.player_id,
      gameCode: r.game_code,
      bet: r.bet,
      win: r.win,
      status: r.status,
      placedAt: r.placed_at,
      settledAt: r.settled_at,
    })),
    nextCursor: last ? String(last.seq) : cursor,
  };
}
