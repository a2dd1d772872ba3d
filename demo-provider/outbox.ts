import { type Attempt, type SeamlessAction, verdictOf, type WalletWire } from './seamless-client';
import type { ProviderDb } from './store';

/**
 * Our seamless money calls, kept in our own database before they are sent: a call whose answer is
 * lost is sent again with the same bytes and id until the platform decides (also after a restart),
 * because the platform may have applied it and only its answer tells us the balance it moved.
 */
export type CallState = 'pending' | 'answered' | 'refused' | 'abandoned';

export interface CallRow {
  id: number;
  round_id: string | null;
  action: SeamlessAction;
  transaction_id: string | null;
  body: string;
  state: CallState;
  attempts: number;
  answers: string;
  deadline_at: number | null;
  hold_until: number | null;
  replay: number;
  created_at: number;
}

export const FIRST_BACKOFF_MS = 200;
export const MAX_BACKOFF_MS = 5_000;

export function backoffMs(failedAttempts: number): number {
  return Math.min(FIRST_BACKOFF_MS * 2 ** Math.max(0, failedAttempts - 1), MAX_BACKOFF_MS);
}

export function enqueueCall(
  db: ProviderDb,
  call: {
    roundId: string;
    action: SeamlessAction;
    transactionId: string;
    body: string;
    deadlineAt?: number;
    holdUntil?: number;
    replay?: boolean;
  },
  now = Date.now(),
): CallRow {
  return db
    .prepare(
      `insert into calls (round_id, action, transaction_id, body, state, deadline_at, hold_until, replay, created_at)
       values (?, ?, ?, ?, 'pending', ?, ?, ?, ?) returning *`,
    )
    .get(
      call.roundId,
      call.action,
      call.transactionId,
      call.body,
      call.deadlineAt ?? null,
      call.holdUntil ?? null,
      call.replay ? 1 : 0,
      now,
    ) as CallRow;
}

export function getCall(db: ProviderDb, id: number): CallRow {
  const row = db.prepare('select * from calls where id = ?').get(id) as CallRow | undefined;
  if (!row) throw new Error(`call ${id} is not in the outbox`);
  return row;
}

export function callsOfRound(db: ProviderDb, roundId: string): CallRow[] {
  return db.prepare('select * from calls where round_id = ? order by id').all(roundId) as CallRow[];
}

export function allCalls(db: ProviderDb): CallRow[] {
  return db.prepare('select * from calls order by id').all() as CallRow[];
}

export function attemptsOf(call: CallRow): Attempt[] {
  return JSON.parse(call.answers) as Attempt[];
}

/** The attempt the platform decided with (the last signed answer), if any. */
export function decidingAttempt(call: CallRow): Attempt | undefined {
  return attemptsOf(call)
    .filter((a) => verdictOf(a) !== 'lost')
    .at(-1);
}

function recordAttempt(db: ProviderDb, id: number, attempt: Attempt, replayed: boolean): void {
  db.prepare(
    `update calls set attempts = attempts + 1, answers = json_insert(answers, '$[#]', json(?))${replayed ? ', replay = 0' : ''} where id = ?`,
  ).run(JSON.stringify(attempt), id);
}

function settle(db: ProviderDb, id: number, state: CallState): void {
  db.prepare('update calls set state = ? where id = ?').run(state, id);
}

/** Resolves after ms, or at once when the signal aborts (shutdown). */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted || ms <= 0) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * Sends a call until the platform decides (signed 200), refuses (signed 4xx), or its deadline
 * passes; answers the row as it is then (still `pending` only when the signal stopped us).
 * A call marked `replay` is sent twice on its first attempt, same body, as a fault test asks.
 */
export async function deliver(
  db: ProviderDb,
  client: WalletWire,
  id: number,
  signal: AbortSignal,
): Promise<CallRow> {
  for (;;) {
    const call = getCall(db, id);
    if (call.state !== 'pending' || signal.aborted) return call;
    if (call.hold_until !== null && call.hold_until > Date.now()) {
      await pause(call.hold_until - Date.now(), signal);
      continue;
    }
    if (call.deadline_at !== null && Date.now() >= call.deadline_at) {
      settle(db, id, 'abandoned');
      continue;
    }
    let attempt = await client.send(call.action, call.body);
    recordAttempt(db, id, attempt, false);
    if (call.replay) {
      attempt = await client.send(call.action, call.body);
      recordAttempt(db, id, attempt, true);
    }
    const verdict = verdictOf(attempt);
    if (verdict === 'definitive') settle(db, id, 'answered');
    else if (verdict === 'refused') settle(db, id, 'refused');
    else {
      const wait = backoffMs(getCall(db, id).attempts);
      const deadline = call.deadline_at ?? Number.POSITIVE_INFINITY;
      await pause(Math.min(wait, Math.max(0, deadline - Date.now())), signal);
    }
  }
}
