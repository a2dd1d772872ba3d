// Issue 32: Prism, as a validating proxy in front of the real server (`prism proxy <doc> <upstream> --errors`),
// checks every request and answer of a scripted session of the app's own calls against the OpenAPI document
// the server serves. A request or an answer the document does not describe is a Prism error answer and an
// `sl-violations` header, so the document cannot drift from what the app sends and the server answers.
// Between Prism and the server sits a pass-through that spoils one answer when asked (the negative control:
// without it, a Prism that checked no answer at all would pass this test too).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer as createHttpServer, type IncomingMessage, type Server } from 'node:http';
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
let upstream: Server;
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

/** Asks the pass-through to replace the answer's `data` with a string, which no envelope's data is. */
const SPOIL_HEADER = 'x-test-spoil-answer';
const HOP_HEADERS = new Set([
  'connection',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'host',
]);

const readBody = async (req: IncomingMessage): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** Forwards every request to the server as it is; spoils the answer of one marked with SPOIL_HEADER. */
const passThrough = (target: string): Server =>
  createHttpServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(
          (e): e is [string, string] => typeof e[1] === 'string' && !HOP_HEADERS.has(e[0]),
        ),
      );
      const answer = await fetch(`${target}${req.url}`, {
        method: req.method,
        headers,
        body: req.method === 'GET' || req.method === 'HEAD' ? undefined : new Uint8Array(body),
      });
      let out = Buffer.from(await answer.arrayBuffer());
      if (req.headers[SPOIL_HEADER])
        out = Buffer.from(JSON.stringify({ ...JSON.parse(out.toString()), data: 'spoiled' }));
      answer.headers.forEach((value, name) => {
        if (!HOP_HEADERS.has(name)) res.setHeader(name, value);
      });
      res.writeHead(answer.status).end(out);
    })().catch((error: unknown) => res.writeHead(502).end(String(error)));
  });

beforeAll(async () => {
  server = await startServer();
  upstream = passThrough(server.url);
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const upstreamUrl = `http://127.0.0.1:${(upstream.address() as { port: number }).port}`;
  await seedDemo(server.db, server.clock.now());
  dir = await mkdtemp(path.join(tmpdir(), 'beacon-prism-'));
  const file = path.join(dir, 'openapi.json');
  await writeFile(file, await (await fetch(`${server.url}/api/docs`)).text());
  const port = await freePort();
  proxy = `http://127.0.0.1:${port}`;
  // A process group of its own: `npx` starts prism as a child of its own, which a SIGTERM to npx alone left
  // running after the suite (four such were found still proxying hours later); afterAll ends the whole group.
  prism = spawn('npx', ['prism', 'proxy', file, upstreamUrl, '--errors', '--port', String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
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
    process.kill(-(prism.pid as number), 'SIGTERM');
    await exited;
  }
  await new Promise((r) => (upstream ? upstream.close(r) : r(undefined)));
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

interface Seen {
  call: string;
  http: number;
  violations: string | null;
  /** Prism's own error answers are problem+json (RFC 7807); the server's are envelopes. */
  fromPrism: boolean;
  body: {
    status?: number;
    data?: unknown;
    type?: string;
    detail?: string;
    validation?: { location: string[]; severity: string; message: string }[];
  };
}

const session = { token: '' };
const seen: Seen[] = [];
const ip = `10.77.${randomBytes(1)[0]}.${((randomBytes(1)[0] ?? 0) % 250) + 1}`;

/** One of the app's calls, as the app makes it (JSON body, bearer token, a fresh key on a money call). */
async function through<C extends Call>(
  call: C,
  input: unknown,
  opts: { token?: string; spoil?: true } = {},
): Promise<Seen> {
  const token = opts.token ?? session.token;
  const res = await fetch(`${proxy}/api${call.path}`, {
    method: call.method,
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': ip,
      ...(token && { authorization: `Bearer ${token}` }),
      ...(call.movesMoney && { 'idempotency-key': randomBytes(12).toString('hex') }),
      ...(opts.spoil && { [SPOIL_HEADER]: '1' }),
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
    // Every answer reached the caller as the server sent it, an envelope Prism checked and let through.
    expect(seen.every((s) => typeof s.body.status === 'number')).toBe(true);
  }, 60_000);

  it('catches an answer the document does not describe (the negative control)', async () => {
    const fine = await through(sitesCall, {});
    expect(fine.violations).toBeNull();
    // The same call, its answer's data spoiled between the server and Prism: Prism refuses to pass it on.
    const spoiled = await through(sitesCall, {}, { spoil: true });
    expect(spoiled.http).toBe(500);
    expect(spoiled.fromPrism).toBe(true);
    expect(spoiled.body.type).toContain('VIOLATIONS');
    const where = (spoiled.body.validation ?? []).map((v) => v.location.join('.'));
    expect(where.length).toBeGreaterThan(0);
    expect(where.every((w) => w.startsWith('response.body'))).toBe(true);
    expect(spoiled.violations).toContain('response');
  }, 30_000);
});
