import { randomUUID } from 'node:crypto';
import type { ProviderDb } from './store';

/** A game page opened through the platform's `launch`: it plays on our wallet of that player. */
export interface TransferSession {
  sessionId: string;
  playerId: string;
  gameCode: string;
  lang: string;
}

/** Our own rule (the platform does not set it): a page left alone this long must be launched again. */
export const TRANSFER_SESSION_IDLE_MS = 30 * 60_000;

export function createTransferSession(
  db: ProviderDb,
  session: Omit<TransferSession, 'sessionId'>,
  now = Date.now(),
): TransferSession {
  const sessionId = `ts-${randomUUID()}`;
  db.prepare(
    'insert into transfer_sessions (session_id, player_id, game_code, lang, last_used_at) values (?, ?, ?, ?, ?)',
  ).run(sessionId, session.playerId, session.gameCode, session.lang, now);
  return { sessionId, ...session };
}

/** The live session, its idle time restarted; undefined when unknown or idle too long. */
export function touchTransferSession(
  db: ProviderDb,
  sessionId: string,
  now = Date.now(),
): TransferSession | undefined {
  const row = db
    .prepare(
      'update transfer_sessions set last_used_at = ? where session_id = ? and last_used_at > ? returning player_id, game_code, lang',
    )
    .get(now, sessionId, now - TRANSFER_SESSION_IDLE_MS) as
    | { player_id: string; game_code: string; lang: string }
    | undefined;
  return row && { sessionId, playerId: row.player_id, gameCode: row.game_code, lang: row.lang };
}

/** The platform ended the player's play here (a time-out or self-exclusion): their pages stop at once. */
export function endTransferSessions(db: ProviderDb, playerId: string): number {
  return db.prepare('delete from transfer_sessions where player_id = ?').run(playerId).changes;
}
