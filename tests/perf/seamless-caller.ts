// The provider's side of the games benchmark (tests/perf/games.ts), in a process of its own as a real
// provider is: `callers` loops, each playing rounds for one player (a signed `bet`, then a signed `win`
// closing the round) over keep-alive HTTP connections, until the time is up. It prints one JSON line:
// the calls made, the errors, and each pair's latency. A pair is two callbacks: each counts, each with
// half the pair's time.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { PROVIDER_HEADER } from '#contract/game-provider';
import { signedHeaders } from '../../server/modules/games/signing';

export interface CallerPlan {
  base: string;
  provider: { code: string; secret: string };
  game: string;
  players: { playerId: string; sessionToken: string }[];
  callers: number;
  seconds: number;
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

function call(action: string, body: unknown): Promise<void> {
  const raw = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: `/api/games/seamless/${action}`,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(raw),
          [PROVIDER_HEADER]: plan.provider.code,
          ...signedHeaders(plan.provider.secret, raw, Date.now()),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const answer = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { status: string };
          if (answer.status === 'OK') resolve();
          else reject(new Error(`${action}: ${answer.status}`));
        });
      },
    );
    req.on('error', reject);
    req.end(raw);
  });
}

const result: CallerResult = { callbacks: 0, errors: 0, latencies: [] };
const end = performance.now() + plan.seconds * 1000;
await Promise.all(
  Array.from({ length: plan.callers }, async (_, caller) => {
    const player = plan.players[caller % plan.players.length];
    if (!player) throw new Error('no players');
    while (performance.now() < end) {
      const started = performance.now();
      const roundId = randomUUID();
      const common = { ...player, roundId, gameCode: plan.game };
      try {
        await call('bet', { ...common, transactionId: `b-${randomUUID()}`, amount: 100 });
        await call('win', { ...common, transactionId: `w-${randomUUID()}`, amount: 150, roundClosed: true });
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
