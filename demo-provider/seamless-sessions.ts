import { randomUUID } from 'node:crypto';
import type { ProviderDb } from './store';

/**
 * Our session of a player who came from the platform's launch: the page only ever holds our opaque
 * id; the platform's session token stays on this server.
 */
export interface SeamlessSession {
  sessionId: string;
  sessionToken: string;
  playerId: string;
  currency: string;
  lang: string;
  gameCode: string;
  /** The balance of the platform's last answer. */
  balance: number | null;
}

interface SessionRow {
  session_id: string;
  session_token: string;
  player_id: string;
  currency: string;
  lang: string;
  game_code: string;
  balance: number | null;
}

export function createSeamlessSession(
  db: ProviderDb,
  session: Omit<SeamlessSession, 'sessionId'>,
  now = Date.now(),
): SeamlessSession {
  const sessionId = `ss-${randomUUID()}`;
  db.prepare(
    `insert into seamless_sessions (session_id, session_token, player_id, currency, lang, game_code, balance, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    sessionId,
    session.sessionToken,
    session.playerId,
    session.currency,
    session.lang,
    session.gameCode,
    session.balance,
    now,
  );
  return { sessionId, ...session };
}

export function findSeamlessSession(db: ProviderDb, sessionId: string): SeamlessSession | undefined {
  const row = db.prepare('select * from seamless_sessions where session_id = ?').get(sessionId) as
    | SessionRow
    | undefined;
  if (!row) return undefined;
  return {
    sessionId: row.session_id,
    sessionToken: row.session_token,
    playerId: row.player_id,
    currency: row.currency,
    lang: row.lang,
    gameCode: row.game_code,
    balance: row.balance,
  };
}

export function noteSessionBalance(db: ProviderDb, sessionId: string, balance: number | undefined): void {
  if (balance === undefined) return;
  db.prepare('update seamless_sessions set balance = ? where session_id = ?').run(balance, sessionId);
}
