// The provider's side of the games benchmark (tests/perf/games.ts), in a process of its own as a real
// provider is: `callers` loops, each playing rounds for one player (a signed `bet`, then a signed `win`
// closing the round) over keep-alive HTTP connections, until the time is up. It prints one JSON line:
// the calls made, the errors, and each pair's latency. A pair is two callbacks: each counts, each with
// half the pair's time. With `wire: 'hub88'` (tests/perf/aggregators.ts) the same rounds go over Hub88's wire:
// its bodies, each signed with RSA-SHA256 by the plan's private key, as Hub88 signs them; with `evolution`, over
// Evolution's One Wallet (debit and credit, the authToken in the query).
import { randomUUID, sign } from 'node:crypto';
import http from 'node:http';
import { EVOLUTION_AUTH_PARAM, EVOLUTION_CALLS } from '#contract/game-evolution';
import { HUB88_CALLS, HUB88_SIGNATURE_HEADER } from '#contract/game-hub88';
import { PROVIDER_HEADER } from '#contract/game-provider';
import { signedHeaders } from '../../server/modules/games/signing';

export interface CallerPlan {
  base: string;
  provider: { code: string; secret: string };
  game: string;
  players: { playerId: string; sessionToken: string }[];
  callers: number;
  seconds: number;
  /** Hub88's wire, signed with this private key (PEM); absent (and no `evolution`): Beacon's own. */
  hub88?: { privateKey: string };
  /** Evolution's One Wallet, with this authToken. */
  evolution?: { authToken: string };
  /** Rounds signed before the clock starts (0: each signed as it is played, inside its time). */
  presign?: number;
}

export interface CallerResult {
  callbacks: number;
  errors: number;
  /** Per callback, in ms (a pair's time halved, twice). */
  latencies: number[];
  firstError?: string;
}

const plan = JSON.parse(process.argv[2] ?? '{}') as CallerPlan;
const url = new URL(plan.base);
const agent = new http.Agent({ keepAlive: true, maxSockets: plan.callers });

interface WireRequest {
  raw: string;
  path: string;
  headers: Record<string, string>;
  /** The answer's status that means the call was taken. */
  ok: string;
}

/** The request of one call on the plan's wire. */
function request(action: 'bet' | 'win', body: Record<string, unknown>): WireRequest {
  if (plan.hub88) return hub88Request(action, body, plan.hub88.privateKey);
  if (plan.evolution) return evolutionRequest(action, body, plan.evolution.authToken);
  // Beacon's wire names no bet on a win: the round is enough.
  const { betId: _bet, ...beacon } = body;
  const raw = JSON.stringify(beacon);
  return {
    raw,
    path: `/api/games/seamless/${action}`,
    headers: {
      [PROVIDER_HEADER]: plan.provider.code,
      ...signedHeaders(plan.provider.secret, raw, Date.now()),
    },
    ok: 'OK',
  };
}

function hub88Request(action: 'bet' | 'win', body: Record<string, unknown>, privateKey: string): WireRequest {
  const raw = JSON.stringify({
    user: body.playerId,
    token: body.sessionToken,
    request_uuid: randomUUID(),
    transaction_uuid: body.transactionId,
    round: body.roundId,
    round_closed: body.roundClosed === true,
    game_code: body.gameCode,
    currency: 'PHP',
    amount: Number(body.amount) * 1000,
    ...(action === 'win' ? { reference_transaction_uuid: body.betId } : {}),
  });
  return {
    raw,
    path: `/api${HUB88_CALLS[action].path.replace(':provider', plan.provider.code)}`,
    headers: { [HUB88_SIGNATURE_HEADER]: sign('sha256', Buffer.from(raw), privateKey).toString('base64') },
    ok: 'RS_OK',
  };
}

function evolutionRequest(
  action: 'bet' | 'win',
  body: Record<string, unknown>,
  authToken: string,
): WireRequest {
  const raw = JSON.stringify({
    sid: body.sessionToken,
    userId: body.playerId,
    uuid: randomUUID(),
    currency: 'PHP',
    game: { id: body.roundId, type: 'slots', details: { table: { id: body.gameCode, vid: null } } },
    // Each bet is its own refId: the credit that settles it names it.
    transaction: { id: body.transactionId, refId: body.roundId, amount: Number(body.amount) / 100 },
  });
  const path = EVOLUTION_CALLS[action === 'bet' ? 'debit' : 'credit'].path.replace(
    ':provider',
    plan.provider.code,
  );
  return {
    raw,
    path: `/api${path}?${EVOLUTION_AUTH_PARAM}=${encodeURIComponent(authToken)}`,
    headers: {},
    ok: 'OK',
  };
}

function call(action: 'bet' | 'win', { raw, path, headers, ok }: WireRequest): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(raw), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const answer = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { status: string };
          if (answer.status === ok) resolve();
          else reject(new Error(`${action}: ${answer.status}`));
        });
      },
    );
    req.on('error', reject);
    req.end(raw);
  });
}

/** A round's two calls, signed. */
function signedRound(player: { playerId: string; sessionToken: string }) {
  const common = { ...player, roundId: randomUUID(), gameCode: plan.game };
  const betId = `b-${randomUUID()}`;
  return {
    bet: request('bet', { ...common, transactionId: betId, amount: 100 }),
    win: request('win', {
      ...common,
      transactionId: `w-${randomUUID()}`,
      amount: 150,
      roundClosed: true,
      betId,
    }),
  };
}

// Every round is signed before the clock starts, what is timed being the platform's answers, not the provider's
// signing: an RSA signature costs the provider a millisecond or more of the CPU the platform runs on here, where
// a real provider signs on its own machines. A caller that runs out signs more as it goes (then it is timed).
const presigned = Array.from({ length: plan.callers }, (_, caller) => {
  const player = plan.players[caller % plan.players.length];
  if (!player) throw new Error('no players');
  return Array.from({ length: Math.ceil((plan.presign ?? 0) / plan.callers) }, () => signedRound(player));
});

const result: CallerResult = { callbacks: 0, errors: 0, latencies: [] };
const end = performance.now() + plan.seconds * 1000;
await Promise.all(
  Array.from({ length: plan.callers }, async (_, caller) => {
    const player = plan.players[caller % plan.players.length];
    if (!player) throw new Error('no players');
    const pool = presigned[caller] ?? [];
    while (performance.now() < end) {
      const started = performance.now();
      const round = pool.pop() ?? signedRound(player);
      try {
        await call('bet', round.bet);
        await call('win', round.win);
        const each = (performance.now() - started) / 2;
        result.latencies.push(each, each);
        result.callbacks += 2;
      } catch (err) {
        result.errors++;
        result.firstError ??= String(err);
      }
    }
  }),
);
agent.destroy();
process.stdout.write(`${JSON.stringify(result)}\n`);
