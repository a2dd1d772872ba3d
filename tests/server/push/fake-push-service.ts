// A local HTTPS push service for tests (RFC 8030 subset): it checks each request the way a real one
// would — the VAPID JWT (RFC 8292: ES256 signature by the k key, aud = this origin, exp within 24 h,
// sub) and the headers — decrypts the aes128gcm body (RFC 8291) with the subscriber's private key,
// records what a browser would have received, and answers what each test tells it to.
import { execFileSync } from 'node:child_process';
import { createECDH, createPublicKey, type ECDH, randomBytes, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Agent, createServer, Agent as HttpsAgent, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decrypt } from 'http_ece';

export interface FakeSubscriber {
  id: string;
  endpoint: string;
  /** What the browser's PushSubscription.toJSON().keys holds. */
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
}

export interface Received {
  subscriber: string;
  topic: string | undefined;
  ttl: number;
  urgency: string | undefined;
  vapidKey: string;
  // biome-ignore lint/suspicious/noExplicitAny: a notice's or a message's payload, as decrypted
  payload: Record<string, any>;
  bytes: number;
  at: number;
}

export interface FakePushService {
  origin: string;
  /** PEM of the self-signed certificate: trust it through an Agent's `ca` or NODE_EXTRA_CA_CERTS. */
  certPem: string;
  certFile: string;
  agent: Agent;
  subscriber(): FakeSubscriber;
  /** Statuses to answer this subscriber, in order; the last one repeats. Default 201. */
  answer(subscriberId: string, ...statuses: number[]): void;
  /** Holds every answer this long (a slow push service). */
  setDelay(ms: number): void;
  /** Holds every request from now until the returned function is called. */
  pause(): () => void;
  /** Called when a request arrives and is being held (before it is answered). */
  onHold(listener: ((subscriberId: string) => void) | null): void;
  /** Accepted messages (answered 201 on a connection still open). */
  received: Received[];
  /** Every request, whatever the answer. */
  requests: { subscriber: string; status: number }[];
  /** Requests that failed a check (a test expects none). */
  errors: string[];
  /** Requests whose sender went away while they were held (never answered, so not delivered). */
  cutOff: string[];
  close(): Promise<void>;
}

const b64url = (b: Buffer): string => b.toString('base64url');

/** A self-signed pair for 127.0.0.1, valid a day, written to `dir`. */
export function makePushTls(dir: string): { key: string; cert: string; certFile: string } {
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8'), certFile };
}

/** Checks `Authorization: vapid t=<jwt>, k=<key>`; answers the problem, or null. */
export function checkVapid(header: string | undefined, origin: string, subject: string, nowSeconds: number) {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m?.[1] || !m[2]) return { error: `bad Authorization header: ${header}` };
  const [jwt, k] = [m[1], m[2]];
  const [h, p, s] = jwt.split('.');
  if (!h || !p || !s) return { error: 'malformed JWT' };
  const head = JSON.parse(Buffer.from(h, 'base64url').toString()) as { alg?: string; typ?: string };
  if (head.alg !== 'ES256') return { error: `alg ${head.alg}` };
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return { error: 'k is not an uncompressed P-256 point' };
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33)) },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(s, 'base64url'),
  );
  if (!signed) return { error: 'JWT signature does not verify with k' };
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as {
    aud?: string;
    exp?: number;
    sub?: string;
  };
  if (claims.aud !== origin) return { error: `aud ${claims.aud} is not ${origin}` };
  if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds || claims.exp > nowSeconds + 24 * 3600)
    return { error: `exp ${claims.exp} is not within 24 h from now` };
  if (claims.sub !== subject) return { error: `sub ${claims.sub} is not ${subject}` };
  return { key: k };
}

export interface FakePushOptions {
  subject: string;
  /** A key pair made beforehand (a server started before this service must already trust it). */
  tls?: { key: string; cert: string; certFile: string };
  /** Each accepted message, as the browser would decrypt it (the end-to-end suite hands it to Chromium). */
  onReceive?: (message: Received) => void;
}

export async function startFakePushService(opts: FakePushOptions): Promise<FakePushService> {
  const dir = mkdtempSync(path.join(tmpdir(), 'beacon-fake-push-'));
  const { key, cert, certFile } = opts.tls ?? makePushTls(dir);
  const subscribers = new Map<string, FakeSubscriber & { authSecret: string; answers: number[] }>();
  const received: Received[] = [];
  const requests: { subscriber: string; status: number }[] = [];
  const errors: string[] = [];
  const cutOff: string[] = [];
  let delayMs = 0;
  let gate: Promise<void> = Promise.resolve();
  let holdListener: ((id: string) => void) | null = null;
  let origin = '';

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1] ?? '';
    const sub = subscribers.get(id);
    const fail = (status: number, why: string) => {
      errors.push(`${id}: ${why}`);
      requests.push({ subscriber: id, status });
      res.writeHead(status).end(why);
    };
    if (req.method !== 'POST' || !sub) return fail(404, 'no such subscription');
    const vapid = checkVapid(req.headers.authorization, origin, opts.subject, Math.floor(Date.now() / 1000));
    if ('error' in vapid) return fail(403, vapid.error ?? 'vapid');
    const ttl = Number(req.headers.ttl);
    if (!Number.isInteger(ttl) || ttl < 0 || ttl > 86400) return fail(400, `TTL ${req.headers.ttl}`);
    if (req.headers['content-encoding'] !== 'aes128gcm')
      return fail(400, `Content-Encoding ${req.headers['content-encoding']}`);
    const topic = req.headers.topic as string | undefined;
    if (topic !== undefined && !/^[A-Za-z0-9_-]{1,32}$/.test(topic)) return fail(400, `Topic ${topic}`);
    let plain: Buffer;
    try {
      plain = decrypt(body, { version: 'aes128gcm', privateKey: sub.ecdh, authSecret: sub.keys.auth });
    } catch (err) {
      return fail(400, `cannot decrypt: ${String(err)}`);
    }
    const status = sub.answers.length > 1 ? (sub.answers.shift() as number) : (sub.answers[0] ?? 201);
    if (delayMs > 0) {
      holdListener?.(id);
      await new Promise((r) => setTimeout(r, delayMs));
    }
    await gate;
    // A sender that died while we held its request never learns we accepted: not delivered.
    if (req.socket.destroyed) {
      cutOff.push(id);
      return;
    }
    requests.push({ subscriber: id, status });
    if (status === 201) {
      const message: Received = {
        subscriber: id,
        topic,
        ttl,
        urgency: req.headers.urgency as string | undefined,
        vapidKey: vapid.key,
        payload: JSON.parse(plain.toString('utf8')) as Received['payload'],
        bytes: plain.length,
        at: Date.now(),
      };
      received.push(message);
      opts.onReceive?.(message);
    }
    res.writeHead(status, status === 429 ? { 'retry-after': '1' } : {}).end();
  };

  const server: Server = createServer({ key, cert }, (req, res) => {
    handle(req, res).catch((err: unknown) => {
      errors.push(String(err));
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  origin = `https://127.0.0.1:${address.port}`;
  const agent = new HttpsAgent({ ca: cert, keepAlive: true });

  return {
    origin,
    certPem: cert,
    certFile,
    agent,
    subscriber() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const id = randomBytes(8).toString('hex');
      const authSecret = b64url(randomBytes(16));
      const s = {
        id,
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: b64url(ecdh.getPublicKey()), auth: authSecret },
        ecdh,
        authSecret,
        answers: [201],
      };
      subscribers.set(id, s);
      return s;
    },
    answer(subscriberId, ...statuses) {
      const s = subscribers.get(subscriberId);
      if (s) s.answers = statuses.length > 0 ? statuses : [201];
    },
    setDelay(ms) {
      delayMs = ms;
    },
    pause() {
      let release = () => {};
      gate = new Promise<void>((r) => {
        release = r;
      });
      return () => release();
    },
    onHold(listener) {
      holdListener = listener;
    },
    received,
    requests,
    errors,
    cutOff,
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
