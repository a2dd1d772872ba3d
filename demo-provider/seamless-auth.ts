import type { ProviderStatus } from '#contract/game-provider';
import { CURRENCY } from './catalogue';
import { verdictOf, type WalletWire } from './seamless-client';
import { createSeamlessSession, type SeamlessSession } from './seamless-sessions';
import type { ProviderDb } from './store';

export type AuthResult =
  | { kind: 'ok'; session: SeamlessSession }
  | { kind: 'refused'; status: ProviderStatus }
  | { kind: 'lost'; error: string };

/**
 * Exchanges the platform's launch token for its session, once: the token is single-use, so a lost
 * answer cannot be fixed by sending it again (the player launches the game again instead). It moves no
 * money, so it is not in the outbox (nor in /control/calls, which lists the money calls).
 */
export async function authenticateLaunch(
  db: ProviderDb,
  client: WalletWire,
  launch: { token: string; gameCode: string; lang: string | undefined },
): Promise<AuthResult> {
  const body = client.body('authenticate', { token: launch.token });
  const attempt = await client.send('authenticate', body);
  const answer = attempt.answer;
  if (verdictOf(attempt) === 'lost' || !answer)
    return { kind: 'lost', error: attempt.error ?? `HTTP ${attempt.httpStatus}` };
  if (verdictOf(attempt) === 'refused' || answer.status !== 'OK' || !answer.sessionToken || !answer.playerId)
    return { kind: 'refused', status: answer.status === 'OK' ? 'INVALID_REQUEST' : answer.status };
  const session = createSeamlessSession(db, {
    sessionToken: answer.sessionToken,
    playerId: answer.playerId,
    currency: answer.currency ?? CURRENCY,
    lang: launch.lang ?? answer.lang ?? 'en',
    gameCode: launch.gameCode,
    balance: answer.balance ?? null,
  });
  return { kind: 'ok', session };
}
