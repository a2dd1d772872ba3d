import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCall, sendSmsCall } from '#contract/auth';
import { smsOutboxCall } from '#contract/dev';
import { createDevSmsProvider, createHttpSmsProvider } from '../../../server/modules/auth/sms-provider';
import { latestCode, newPhone, randomIp, registerUser, serverForSuite, startServer } from '../harness';
import { processEnvironment, startServerProcess } from '../processes';

const server = serverForSuite();

const outbox = async (phone: string) =>
  (
    await server.call(smsOutboxCall, {
      areaCode: '63',
      phone,
    })
  ).data;

describe('POST /cplogin/sendsms', () => {
  it('sends a 6-digit code to the dev outbox and answers the cooldown', async () => {
    const phone = newPhone();
    const res = await server.call(sendSmsCall, { areaCode: '63', phone, purpose: 'register' });
    expect(res.http).toBe(200);
    expect(res).toMatchObject({ status: 200, message: 'success', data: { cooldownSeconds: 60 } });
    const rows = await outbox(phone);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.code).toMatch(/^\d{6}$/);
    expect(rows[0]?.purpose).toBe('register');
    expect(new Date(rows[0]?.sentAt ?? '').getTime()).toBe(server.clock.now());
  });

  it.each([
    [{ phone: '9171234500', purpose: 'register' }, 'areaCode', 'phone_required'],
    [{ areaCode: '63', purpose: 'register' }, 'phone', 'phone_required'],
    [{ areaCode: '63', phone: '9171234500' }, 'purpose', 'purpose_invalid'],
    [{ areaCode: '63', phone: '9171234500', purpose: 'spam' }, 'purpose', 'purpose_invalid'],
    [{ areaCode: '63', phone: 9171234500, purpose: 'register' }, 'phone', 'invalid_type'],
    [{ areaCode: '63', phone: '91712x34500', purpose: 'register' }, 'phone', 'phone_format'],
    [{ areaCode: '63', phone: '9'.repeat(21), purpose: 'register' }, 'phone', 'phone_format'],
    [{ areaCode: '44', phone: '9171234500', purpose: 'register' }, 'areaCode', 'area_code_unsupported'],
    [{ areaCode: '63', phone: '1234567890', purpose: 'register' }, 'phone', 'phone_wrong'],
  ])('refuses %j: %s %s', async (body, field, code) => {
    const res = await server.callUntyped(sendSmsCall, body);
    expect(res.http).toBe(400);
    expect(res.status).toBe(400);
    expect(res.failure.issues?.[0]).toMatchObject({ path: field, code });
    expect(res.message.startsWith(`${field}: `)).toBe(true);
  });

  it('names the field and reason in the message', async () => {
    const res = await server.call(sendSmsCall, { areaCode: '63', phone: 'abc', purpose: 'register' });
    expect(res.message).toBe('phone: Phone number format is incorrect');
  });

  it('refuses a body that is not an object', async () => {
    const res = await server.callUntyped(sendSmsCall, ['63']);
    expect(res.http).toBe(400);
    expect(res.failure.issues?.[0]?.path).toBe('body');
  });

  it('enforces the 60 s resend cooldown per phone and purpose, with Retry-After', async () => {
    const phone = newPhone();
    expect((await server.call(sendSmsCall, { areaCode: '63', phone, purpose: 'register' })).status).toBe(200);
    server.clock.advance(20_000);
    const again = await server.call(sendSmsCall, { areaCode: '63', phone, purpose: 'register' });
    expect(again.http).toBe(429);
    expect(again.status).toBe(429);
    expect(again.failure.retryAfter).toBe(40);
    expect(again.headers.get('retry-after')).toBe('40');
    // Another purpose has its own cooldown (the account does not exist, so nothing is sent for reset).
    expect((await server.call(sendSmsCall, { areaCode: '63', phone, purpose: 'reset' })).status).toBe(200);
    server.clock.advance(40_000);
    expect((await server.call(sendSmsCall, { areaCode: '63', phone, purpose: 'register' })).status).toBe(200);
    expect(await outbox(phone)).toHaveLength(2);
  });

  it('caps sends per phone at 5 an hour', async () => {
    const phone = newPhone();
    for (let i = 0; i < 5; i++) {
      const res = await server.call(sendSmsCall, { areaCode: '63', phone, purpose: 'register' });
      expect(res.status).toBe(200);
      server.clock.advance(61_000);
    }
    const sixth = await server.call(sendSmsCall, { areaCode: '63', phone, purpose: 'register' });
    expect(sixth.http).toBe(429);
    // The first send leaves the hour window 3600 s after it was made; 5 x 61 s have passed.
    expect(sixth.failure.retryAfter).toBe(3600 - 5 * 61);
    server.clock.advance((3600 - 5 * 61) * 1000 + 1);
    expect((await server.call(sendSmsCall, { areaCode: '63', phone, purpose: 'register' })).status).toBe(200);
  });

  it('caps sends per IP at 20 an hour', async () => {
    const ip = randomIp();
    // A register code for a new phone, from `ip` (a fresh address unless given).
    const send = (from?: string) =>
      server.call(sendSmsCall, { areaCode: '63', phone: newPhone(), purpose: 'register' }, { ip: from });
    for (let i = 0; i < 20; i++) expect((await send(ip)).status).toBe(200);
    const over = await send(ip);
    expect(over.http).toBe(429);
    expect(over.failure.retryAfter).toBe(3600);
    const otherIp = await send();
    expect(otherIp.status).toBe(200);
  });

  it('answers a reset for an unknown phone exactly like a known one, but sends nothing', async () => {
    const account = await registerUser(server);
    const unknown = newPhone();
    const res = await server.call(sendSmsCall, { areaCode: '63', phone: unknown, purpose: 'reset' });
    const known = await server.call(sendSmsCall, {
      areaCode: '63',
      phone: account.phone,
      purpose: 'reset',
    });
    expect(res.http).toBe(200);
    expect({ status: res.status, message: res.message, data: res.data }).toEqual({
      status: known.status,
      message: known.message,
      data: known.data,
    });
    expect(await outbox(unknown)).toEqual([]);
    expect((await outbox(account.phone)).map((r) => r.purpose)).toEqual(['reset', 'register']);
    // The cooldown applies to the unknown phone too, so limits do not reveal it either.
    const again = await server.call(sendSmsCall, { areaCode: '63', phone: unknown, purpose: 'reset' });
    expect(again.http).toBe(429);
  });

  it('sends a register code even when the account exists', async () => {
    const account = await registerUser(server);
    server.clock.advance(61_000);
    const res = await server.call(sendSmsCall, {
      areaCode: '63',
      phone: account.phone,
      purpose: 'register',
    });
    expect(res.status).toBe(200);
    expect(await outbox(account.phone)).toHaveLength(2);
  });
});

describe('SMS provider failure', () => {
  it('answers 503 and does not consume the cooldown', async () => {
    let fail = true;
    const sent: string[] = [];
    const failing = await startServer({
      sms: {
        async send(_to, _text, meta) {
          if (fail) throw new Error('gateway down');
          sent.push(meta.code);
        },
      },
    });
    try {
      const phone = newPhone();
      const first = await failing.call(sendSmsCall, { areaCode: '63', phone, purpose: 'register' });
      expect(first.http).toBe(503);
      expect(first.message).toBe('SMS could not be sent, try again');
      expect(first.data).toEqual({ code: 'sms_unavailable' });
      fail = false;
      const retry = await failing.call(sendSmsCall, { areaCode: '63', phone, purpose: 'register' });
      expect(retry.status).toBe(200);
      expect(sent).toHaveLength(1);
      // The code handed to the provider is the one that registers.
      const reg = await failing.call(registerCall, {
        areaCode: '63',
        phone,
        password: 'Kestrel#4821',
        code: String(sent[0]),
      });
      expect(reg.status).toBe(200);
    } finally {
      await failing.close();
    }
  });
});

describe('http SMS provider', () => {
  let peer: Server;
  let peerUrl: string;
  const received: { headers: IncomingMessage['headers']; body: string; method?: string }[] = [];
  let answer = 200;

  beforeAll(async () => {
    peer = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => {
        body += c.toString();
      });
      req.on('end', () => {
        received.push({ headers: req.headers, body, method: req.method });
        res.writeHead(answer, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
    peerUrl = `http://127.0.0.1:${(peer.address() as AddressInfo).port}/sms`;
  });
  afterAll(async () => {
    await new Promise((resolve) => peer.close(resolve));
  });

  it('POSTs {to, text} with the bearer token', async () => {
    const provider = createHttpSmsProvider(peerUrl, 'secret-token');
    await provider.send({ areaCode: '63', phone: '9171234567' }, 'code 123456', {
      code: '123456',
      purpose: 'register',
    });
    const req = received.at(-1);
    expect(req?.method).toBe('POST');
    expect(req?.headers.authorization).toBe('Bearer secret-token');
    expect(req?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(req?.body ?? '')).toEqual({ to: '+639171234567', text: 'code 123456' });
  });

  it('treats a non-2xx answer as failure', async () => {
    answer = 500;
    const provider = createHttpSmsProvider(peerUrl, 'secret-token');
    await expect(
      provider.send({ areaCode: '63', phone: '9171234567' }, 'x', { code: '1', purpose: 'reset' }),
    ).rejects.toThrow(/500/);
    answer = 200;
  });

  it('is used by the app when configured, and a failing gateway gives 503', async () => {
    const app = await startServer({
      env: { SMS_PROVIDER: 'http', SMS_HTTP_URL: peerUrl, SMS_HTTP_TOKEN: 'tok-2' },
    });
    try {
      const phone = newPhone();
      const ok = await app.call(sendSmsCall, { areaCode: '63', phone, purpose: 'register' });
      expect(ok.status).toBe(200);
      const req = received.at(-1);
      expect(req?.headers.authorization).toBe('Bearer tok-2');
      const body = JSON.parse(req?.body ?? '{}') as { to: string; text: string };
      expect(body.to).toBe(`+63${phone}`);
      expect(body.text).toMatch(/\b\d{6}\b/);
      // The http provider writes nothing to the dev outbox.
      expect((await app.call(smsOutboxCall, { areaCode: '63', phone })).data).toEqual([]);

      answer = 502;
      const other = newPhone();
      const failed = await app.call(sendSmsCall, {
        areaCode: '63',
        phone: other,
        purpose: 'register',
      });
      expect(failed.http).toBe(503);
      answer = 200;
      expect(
        (await app.call(sendSmsCall, { areaCode: '63', phone: other, purpose: 'register' })).status,
      ).toBe(200);
    } finally {
      answer = 200;
      await app.close();
    }
  });
});

describe('the dev provider outside demo mode', () => {
  /** A logger like the server's, writing every line (trace and up) into `lines`. */
  const capturingLogger = (lines: string[]) =>
    pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) });

  it('refuses to deliver and writes the code nowhere: not the log, not the outbox', async () => {
    const lines: string[] = [];
    const provider = createDevSmsProvider(server.db, server.clock, capturingLogger(lines), false);
    const phone = newPhone();
    await expect(
      provider.send({ areaCode: '63', phone }, 'Beacon verification code: 482913.', {
        code: '482913',
        purpose: 'register',
      }),
    ).rejects.toThrow(/demo mode only/);
    expect(lines.join('')).not.toContain('482913');
    expect(lines.join('')).toContain('no SMS sent');
    expect(lines.map((l) => JSON.parse(l).level)).toEqual([50]);
    expect(await outbox(phone)).toEqual([]);
  });

  it('in demo mode logs the code and keeps it in the dev outbox', async () => {
    const lines: string[] = [];
    const provider = createDevSmsProvider(server.db, server.clock, capturingLogger(lines), true);
    const phone = newPhone();
    await provider.send({ areaCode: '63', phone }, 'code', { code: '482914', purpose: 'register' });
    expect(lines.join('')).toContain('482914');
    expect((await outbox(phone)).map((r) => r.code)).toEqual(['482914']);
  });

  it('a server started with DEMO=0 and no SMS provider exits at once, saying what to set', async () => {
    const proc = await processEnvironment({ DEMO: '0' });
    try {
      await expect(startServerProcess(proc.env)).rejects.toThrow(
        /server exited \(1\)[\s\S]*SMS_PROVIDER: the dev provider sends no SMS and is for demo mode only: set SMS_PROVIDER=http/,
      );
    } finally {
      await proc.cleanup();
    }
  }, 30_000);
});

describe('POST /dev/sms-outbox', () => {
  it('lists newest first', async () => {
    const phone = newPhone();
    await server.call(sendSmsCall, { areaCode: '63', phone, purpose: 'register' });
    const first = await latestCode(server, phone);
    server.clock.advance(61_000);
    await server.call(sendSmsCall, { areaCode: '63', phone, purpose: 'register' });
    const rows = await outbox(phone);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.code).toBe(first);
    expect(new Date(rows[0]?.sentAt ?? '').getTime() - new Date(rows[1]?.sentAt ?? '').getTime()).toBe(
      61_000,
    );
  });

  it('validates its body', async () => {
    const res = await server.callUntyped(smsOutboxCall, { areaCode: '63' });
    expect(res.http).toBe(400);
    expect(res.failure.issues?.[0]).toMatchObject({ path: 'phone', code: 'required' });
  });
});
