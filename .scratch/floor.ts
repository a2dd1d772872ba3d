// Floor experiment: HTTP + signature check + ONE PostgreSQL statement per callback, 50 callers, same caller as the games bench.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import pg from 'pg';
import { signatureProblem } from '../server/modules/games/signing';

const mode = process.argv[2] ?? 'pg1'; // none | pg1 | pg3tx
const secret = 'bench-provider-secret-0123456789';
const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:5432/test', max: Number(process.env.POOL ?? 10) });
await pool.query('drop table if exists floor_acc; create table floor_acc (id text primary key, balance bigint not null)');
const players = Array.from({ length: 50 }, (_, i) => ({ playerId: `p${i}`, sessionToken: `t${i}` }));
for (const p of players) await pool.query('insert into floor_acc values ($1, 1000000000)', [p.playerId]);
const app = Fastify();
app.addContentTypeParser('application/json', { parseAs: 'string' }, (_r, body, done) => done(null, body));
app.post('/api/games/seamless/:action', async (req) => {
  const raw = req.body as string;
  if (signatureProblem(secret, req.headers['x-beacon-timestamp'] as string, req.headers['x-beacon-signature'] as string, raw, Date.now())) return { status: 'INVALID_SIGNATURE' };
  const body = JSON.parse(raw) as { playerId: string; amount: number; transactionId: string };
  const delta = (req.params as { action: string }).action === 'bet' ? -body.amount : body.amount;
  if (mode === 'none') return { status: 'OK', balance: 1 };
  if (mode === 'pg1') {
    const r = await pool.query({ name: 'u', text: 'update floor_acc set balance = balance + $2 where id = $1 returning balance', values: [body.playerId, delta] });
    return { status: 'OK', balance: Number(r.rows[0].balance) };
  }
  const c = await pool.connect();
  try {
    await c.query('begin');
    const r = await c.query({ name: 'u', text: 'update floor_acc set balance = balance + $2 where id = $1 returning balance', values: [body.playerId, delta] });
    await c.query('commit');
    return { status: 'OK', balance: Number(r.rows[0].balance) };
  } finally { c.release(); }
});
const base = await app.listen({ port: 0, host: '127.0.0.1' });
const caller = fileURLToPath(new URL('../tests/perf/seamless-caller.ts', import.meta.url));
for (const callers of [50, 50]) {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', caller, JSON.stringify({ base, provider: { code: 'bench', secret }, game: 'g', players, callers, seconds: 5 })], { maxBuffer: 1 << 28 });
  const r = JSON.parse(stdout) as { callbacks: number; errors: number; latencies: number[] };
  const l = r.latencies.sort((a, b) => a - b);
  console.log(mode, callers, 'calls/s', (r.callbacks / 5).toFixed(0), 'p50', l[Math.floor(l.length * 0.5)]?.toFixed(1), 'p99', l[Math.floor(l.length * 0.99)]?.toFixed(1), 'errors', r.errors);
}
await app.close(); await pool.end();
