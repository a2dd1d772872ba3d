// Issue 32: Prism, as a validating proxy in front of the real server (`prism proxy <doc> <upstream> --errors`),
// checks every request and answer of a scripted session of the app's own calls against the OpenAPI document
// the server serves. A request or an answer the document does not describe is a Prism error answer and an
// `sl-violations` header, so the document cannot drift from what the app sends and the server answers.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginCall, logoutCall } from '#contract/auth';
import type { Call } from '#contract/call';
import { wxListCall } from '#contract/catalogue';
import { bannerListCall, noticeTickerCall } from '#contract/content';
import { lobbyCall } from '#contract/games';
import { messageListCall } from '#contract/messages';
import { protectionStateCall } from '#contract/protection';
import { sitesCall } from '#contract/site';
import { userInfoCall } from '#contract/user';
import { depositCreateCall, depositListCall, recordsCall, safeInfoCall } from '#contract/wallet';
import { DEMO_ACCOUNTS, seedDemo } from '../../../server/seed/demo';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let prism: ChildProcess;
let proxy: string;
let dir: string;
let prismLog = '';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  server = await startServer();
  await seedDemo(server.db, server.clock.now());
  dir = await mkdtemp(path.join(tmpdir(), 'beacon-prism-'));
  const file = path.join(dir, 'openapi.json');
  await writeFile(file, await (await fetch(`${server.url}/api/docs`)).text());
  const port = await freePort();
  proxy = `http://127.0.0.1:${port}`;
  prism = spawn('npx', ['prism', 'proxy', file, server.url, '--errors', '--port', String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  prism.stdout?.on('data', (chunk) => {
    prismLog += String(chunk);
  });
  prism.stderr?.on('data', (chunk) => {
    prismLog += String(chunk);
  });
  // Ready once it listens (it prints the operations it proxies first).
  const deadline = Date.now() + 45_000;
  for (;;) {
    if (prismLog.includes('Prism is listening')) break;
    if (prism.exitCode !== null || Date.now() > deadline)
      throw new Error(`prism did not start:\n${prismLog}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}, 60_000);

afterAll(async () => {
  if (prism && prism.exitCode === null) {
    const exited = new Promise((r) => prism.once('exit', r));
    prism.kill('SIGTERM');
    await exited;
  }
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

interface Seen {
  call: string;
  http: number;
  violations: string | null;
  /** Prism's own error answers are problem+json (RFC 7807); the server's are envelopes. */
  fromPrism: boolean;
  body: { status?: number; data?: unknown; detail?: string; validation?: unknown };
}

const session = { token: '' };
const seen: Seen[] = [];
const ip = `10.77.${randomBytes(1)[0]}.${((randomBytes(1)[0] ?? 0) % 250) + 1}`;

/** One of the app's calls, as the app makes it (JSON body, bearer token, a fresh key on a money call). */
async function through<C extends Call>(
  call: C,
  input: unknown,
  opts: { token?: string } = {},
): Promise<Seen> {
  const token = opts.token ?? session.token;
  const res = await fetch(`${proxy}/api${call.path}`, {
    method: call.method,
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': ip,
      ...(token && { authorization: `Bearer ${token}` }),
      ...(call.movesMoney && { 'idempotency-key': randomBytes(12).toString('hex') }),
    },
    body: JSON.stringify(input),
  });
  const entry: Seen = {
    call: `${call.method} ${call.path}`,
    http: res.status,
    violations: res.headers.get('sl-violations'),
    fromPrism: (res.headers.get('content-type') ?? '').includes('application/problem+json'),
    body: (await res.json()) as Seen['body'],
  };
  seen.push(entry);
  return entry;
}

describe('a session of the app through Prism, validating against the document', () => {
  it('passes without a violation, answers and errors alike', async () => {
    const player = DEMO_ACCOUNTS[0];
    if (!player) throw new Error('no demo account');
    await through(sitesCall, {});
    await through(wxListCall, { number: 0 });
    const wrong = await through(loginCall, {
      areaCode: player.areaCode,
      phone: player.phone,
      password: 'wrong',
    });
    expect(wrong.body.status).not.toBe(200);
    const login = await through(loginCall, {
      areaCode: player.areaCode,
      phone: player.phone,
      password: player.password,
    });
    session.token = (login.body.data as { token: string }).token;
    expect(session.token).toBeTruthy();
    await through(userInfoCall, {});
    await through(bannerListCall, {});
    await through(noticeTickerCall, {});
    await through(lobbyCall, {});
    await through(wxListCall, { number: 0 });
    await through(safeInfoCall, {});
    await through(recordsCall, { number: 0, size: 20 });
    await through(messageListCall, { number: 0 });
    await through(protectionStateCall, {});
    const deposit = await through(depositCreateCall, { amount: 100 });
    expect(deposit.body.status).toBe(200);
    await through(depositListCall, { number: 0 });
    // Prism validates what it forwards: a body the document refuses never reaches the server (so this
    // session would fail on any call the app sends differently from the document).
    const refused = await through(recordsCall, { size: 'many' });
    expect(refused.http).toBe(422);
    expect(refused.fromPrism).toBe(true);
    seen.pop();
    // Error answers of the server are described too: a wrong password (above), a dead token.
    const expired = await through(userInfoCall, {}, { token: 'not-a-live-token' });
    expect(expired.body.status).toBe(996);
    await through(logoutCall, {});

    const problems = seen.filter((s) => s.violations !== null || s.fromPrism);
    expect(problems, prismLog.slice(-4000)).toEqual([]);
    expect(seen).toHaveLength(17);
  }, 60_000);
});
