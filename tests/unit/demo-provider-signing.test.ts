import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildProviderApp } from '../../demo-provider/app';
import { nowSeconds, signature, verifySignature } from '../../demo-provider/signing';
import { openProviderDb } from '../../demo-provider/store';

const SECRET = 'transfer-secret-for-tests';

describe('signature', () => {
  const body = '{"playerId":"p1","transactionId":"t-1","amount":500}';
  const now = Date.now();
  const ts = String(Math.floor(now / 1000));

  it('is the hex HMAC-SHA256 of "<timestamp>.<body>"', () => {
    // Independent value: printf '1700000000.{}' | openssl dgst -sha256 -hmac key
    expect(signature('key', '1700000000', '{}')).toBe(
      '9d713ed406bb7076d4123f0dc2c39d2df5c654ed4b0cd56b52c8b4c940bd63ae',
    );
    expect(signature('key', '1700000000', Buffer.from('{}'))).toBe(signature('key', '1700000000', '{}'));
  });

  it('verifies a fresh, untouched message', () => {
    expect(verifySignature(SECRET, ts, signature(SECRET, ts, body), body, now)).toBeNull();
    expect(verifySignature(SECRET, ts, signature(SECRET, ts, body), Buffer.from(body), now)).toBeNull();
  });

  it('refuses a tampered body, another secret, or another timestamp', () => {
    const sig = signature(SECRET, ts, body);
    expect(verifySignature(SECRET, ts, sig, body.replace('500', '5000'), now)).toBe('mismatch');
    expect(verifySignature(SECRET, ts, signature('other-secret', ts, body), body, now)).toBe('mismatch');
    expect(verifySignature(SECRET, String(Number(ts) + 1), sig, body, now)).toBe('mismatch');
    expect(verifySignature(SECRET, ts, sig.toUpperCase(), body, now)).toBe('mismatch');
  });

  it('refuses a timestamp more than 300 s from our clock, either way', () => {
    for (const skew of [-301, 301]) {
      const stale = String(Math.floor(now / 1000) + skew);
      expect(verifySignature(SECRET, stale, signature(SECRET, stale, body), body, now)).toBe('stale');
    }
    const edge = String(Math.floor(now / 1000) - 299);
    expect(verifySignature(SECRET, edge, signature(SECRET, edge, body), body, now)).toBeNull();
  });

  it('refuses missing or malformed headers', () => {
    expect(verifySignature(SECRET, undefined, 'ab', body, now)).toBe('missing');
    expect(verifySignature(SECRET, ts, undefined, body, now)).toBe('missing');
    expect(verifySignature(SECRET, '1.5e9', signature(SECRET, '1.5e9', body), body, now)).toBe('missing');
  });
});

describe('signed transfer calls', () => {
  let app: ReturnType<typeof buildProviderApp>;
  beforeEach(() => {
    app = buildProviderApp({
      db: openProviderDb(':memory:'),
      platformUrl: 'http://platform.invalid',
      publicUrl: () => 'http://provider.test',
      seamless: { code: 'demo-seamless', secret: 'seamless-secret' },
      transfer: { code: 'demo-transfer', secret: SECRET },
      faults: true,
      logLevel: 'silent',
    });
  });
  afterEach(() => app.close());

  async function send(raw: string, headers: Record<string, string>) {
    return app.inject({
      method: 'POST',
      url: '/transfer/deposit',
      headers: { 'content-type': 'application/json', ...headers },
      payload: raw,
    });
  }
  const raw = JSON.stringify({ playerId: 'p1', transactionId: 'dep-1', amount: 700 });

  it('applies a signed call and signs its answer over the exact bytes', async () => {
    const ts = nowSeconds();
    const res = await send(raw, {
      'x-beacon-timestamp': ts,
      'x-beacon-signature': signature(SECRET, ts, raw),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'OK', balance: 700 });
    const answerTs = res.headers['x-beacon-timestamp'] as string;
    expect(
      verifySignature(SECRET, answerTs, res.headers['x-beacon-signature'] as string, res.rawPayload),
    ).toBeNull();
  });

  it('refuses unsigned, wrongly signed, stale and tampered calls with INVALID_SIGNATURE, moving nothing', async () => {
    const ts = nowSeconds();
    const stale = String(Number(ts) - 400);
    const attempts: Record<string, string>[] = [
      {},
      { 'x-beacon-timestamp': ts, 'x-beacon-signature': signature('not-the-secret', ts, raw) },
      { 'x-beacon-timestamp': stale, 'x-beacon-signature': signature(SECRET, stale, raw) },
      { 'x-beacon-timestamp': ts, 'x-beacon-signature': signature(SECRET, ts, raw.replace('700', '70000')) },
    ];
    for (const headers of attempts) {
      const res = await send(raw, headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ status: 'INVALID_SIGNATURE' });
      // The refusal is signed too, so the platform can tell it came from us.
      expect(
        verifySignature(
          SECRET,
          res.headers['x-beacon-timestamp'] as string,
          res.headers['x-beacon-signature'] as string,
          res.rawPayload,
        ),
      ).toBeNull();
    }
    const wallet = await app.inject({ method: 'GET', url: '/control/wallet/p1' });
    expect(wallet.json()).toEqual({ balance: 0 });
  });

  it('checks the signature over the raw bytes, not a re-serialisation', async () => {
    const spaced = '{ "playerId": "p1", "transactionId": "dep-2", "amount": 300 }';
    const ts = nowSeconds();
    const ok = await send(spaced, {
      'x-beacon-timestamp': ts,
      'x-beacon-signature': signature(SECRET, ts, spaced),
    });
    expect(ok.json()).toEqual({ status: 'OK', balance: 300 });
    const compact = JSON.stringify(JSON.parse(spaced));
    const refused = await send(spaced, {
      'x-beacon-timestamp': ts,
      'x-beacon-signature': signature(SECRET, ts, compact),
    });
    expect(refused.statusCode).toBe(401);
  });
});
