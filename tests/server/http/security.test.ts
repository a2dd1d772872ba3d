// Issue 11, findings 14 and 15: slowly sent requests are cut off, API answers are never cached, and a
// control character in a search text is refused rather than silently cutting the text short.
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { registerUser, serverForSuite, startServer } from '../harness';
import { addDemand, addWxApp } from '../portal/fixtures';

// Short timeouts so the test waits seconds, not the production defaults.
const server = serverForSuite({ env: { REQUEST_TIMEOUT_SECONDS: '1', IDLE_TIMEOUT_SECONDS: '30' } });

/** Resolves with the milliseconds until the server closed the socket, or null if it was still open at `limitMs`. */
function closedWithin(socket: Socket, limitMs: number): Promise<{ ms: number | null; answer: string }> {
  const started = Date.now();
  let answer = '';
  socket.on('data', (chunk: Buffer) => {
    answer += chunk.toString();
  });
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ ms: null, answer }), limitMs);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ ms: Date.now() - started, answer });
    });
    socket.on('error', () => undefined);
  });
}

function open(): Promise<Socket> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

describe('slowly sent requests', () => {
  it('cuts off a body trickled a byte at a time (408, connection closed) within seconds', async () => {
    const sockets = await Promise.all(Array.from({ length: 5 }, open));
    const timers: NodeJS.Timeout[] = [];
    const results = sockets.map((socket) => {
      socket.write(
        'POST /api/cplogin/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n\r\n{',
      );
      timers.push(
        setInterval(() => {
          if (!socket.destroyed) socket.write(' ');
        }, 200),
      );
      return closedWithin(socket, 6000);
    });
    try {
      for (const { ms, answer } of await Promise.all(results)) {
        expect(ms, 'the server still held the connection open after 6 s').not.toBeNull();
        expect(ms).toBeLessThan(4000);
        expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      }
    } finally {
      for (const t of timers) clearInterval(t);
      for (const s of sockets) s.destroy();
    }
  });

  it('cuts off headers that never finish', async () => {
    const socket = await open();
    socket.write('POST /api/cplogin/login HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const timer = setInterval(() => {
      if (!socket.destroyed) socket.write('X-Slow: 1\r\n');
    }, 200);
    try {
      const { ms } = await closedWithin(socket, 6000);
      expect(ms).not.toBeNull();
      expect(ms).toBeLessThan(4000);
    } finally {
      clearInterval(timer);
      socket.destroy();
    }
  });

  it('still answers a request whose handler takes longer than the request timeout', async () => {
    const slow = await startServer({
      env: { REQUEST_TIMEOUT_SECONDS: '0.5', IDLE_TIMEOUT_SECONDS: '30' },
      extraApiRoutes: (api) => {
        api.post('/test/slow', async () => {
          await new Promise((r) => setTimeout(r, 1500));
          return { status: 200, message: 'success', data: 'done' };
        });
      },
    });
    try {
      const res = await fetch(`${slow.url}/api/test/slow`, { method: 'POST' });
      expect(res.status).toBe(200);
    } finally {
      await slow.close();
    }
  });

  it('refuses an idle timeout shorter than the request timeout', () => {
    expect(() => loadConfig({ REQUEST_TIMEOUT_SECONDS: '20', IDLE_TIMEOUT_SECONDS: '10' })).toThrow(
      /IDLE_TIMEOUT_SECONDS/,
    );
    expect(loadConfig({}).http).toEqual({ requestTimeoutMs: 15_000, idleTimeoutMs: 60_000 });
  });
});

describe('Cache-Control of API answers', () => {
  it('is no-store on authenticated answers, their refusals, and answers that carry a token', async () => {
    const account = await registerUser(server);
    const info = await server.post('/user/info', {}, account.token);
    expect(info.status).toBe(200);
    expect(info.headers.get('cache-control')).toBe('no-store');
    const login = await server.post('/cplogin/login', {
      areaCode: '63',
      phone: account.phone,
      password: account.password,
    });
    expect(login.status).toBe(200);
    expect(login.headers.get('cache-control')).toBe('no-store');
    const refused = await server.post('/user/info', {}, 'not-a-token');
    expect(refused.http).toBe(401);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    const key = await fetch(`${server.url}/api/push/key`);
    expect(key.headers.get('cache-control')).toBe('no-store');
  });
});

describe('control characters in search texts', () => {
  it.each([
    ['/wxcps/applist', 'appname'],
    ['/doucps/demandlist', 'demandName'],
  ])('%s refuses a NUL (or another control character) in %s', async (apiPath, field) => {
    await addWxApp(server.db, { appname: 'Nullable Quest' });
    await addDemand(server.db, { name: 'Nullable Task' });
    const account = await registerUser(server);
    for (const text of ['Null\u0000able', 'Null\u001fable', 'Null\u007fable', 'Null\table']) {
      const res = await server.post(apiPath, { number: 0, size: 10, [field]: text }, account.token);
      expect(res.http, JSON.stringify(text)).toBe(400);
      expect(res.data.issues[0]).toMatchObject({ path: field, code: 'control_characters' });
    }
    const plain = await server.post(apiPath, { number: 0, size: 10, [field]: 'Nullable' }, account.token);
    expect(plain.status).toBe(200);
    expect(plain.data.content.length).toBeGreaterThan(0);
  });
});
