import { describe, expect, it } from 'vitest';
import { seedDemo } from '../../../server/seed/demo';
import { PRODUCTION_SMS_ENV, serverForSuite, startServer } from '../harness';

const server = serverForSuite({
  extraApiRoutes: (api) => {
    api.post('/test/explode', async () => {
      throw new Error('secret database detail');
    });
  },
});

const raw = (path: string, init: RequestInit) => fetch(`${server.url}${path}`, init);

describe('the wire', () => {
  it('answers malformed JSON with 400 "Malformed JSON body"', async () => {
    const res = await raw('/api/cplogin/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"areaCode": "63",',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ status: 400, message: 'Malformed JSON body', data: null });
  });

  it('answers an oversized body with 413', async () => {
    const res = await raw('/api/cplogin/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ areaCode: '63', phone: '9171234567', password: 'x'.repeat(70 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ status: 413, data: null });
  });

  it('answers a non-JSON content type with 415', async () => {
    const res = await raw('/api/cplogin/login', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'areaCode=63',
    });
    expect(res.status).toBe(415);
    expect((await res.json()).status).toBe(415);
  });

  it('treats a missing body as a missing object', async () => {
    const res = await raw('/api/cplogin/login', { method: 'POST' });
    expect(res.status).toBe(400);
    const json = await res.json();
    expect(json.data.issues[0]).toMatchObject({ path: 'body', code: 'required' });
  });

  it.each([
    ['POST', '/api/nope'],
    ['GET', '/api/cplogin/login'],
    ['DELETE', '/api/mainview/sites'],
    ['GET', '/api'],
  ])('answers an unknown API route (%s %s) with a 404 envelope', async (method, path) => {
    const res = await raw(path, { method });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const json = await res.json();
    expect(json.status).toBe(404);
    expect(json.data).toBeNull();
  });

  it('hides unexpected errors behind 500 "Internal server error"', async () => {
    const res = await raw('/api/test/explode', { method: 'POST' });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ status: 500, message: 'Internal server error', data: null });
    expect(text).not.toContain('secret');
  });

  it('ignores unknown extra body fields (packagename, appsflyer_id)', async () => {
    const res = await server.post('/cplogin/tokenLogin', {
      token: 'abc',
      packagename: 'x',
      appsflyer_id: 'y',
    });
    expect(res.status).toBe(996);
  });
});

describe('POST /mainview/sites', () => {
  it('lists the sites, public', async () => {
    expect((await server.post('/mainview/sites')).data).toEqual([]);
    await seedDemo(server.db, server.clock.now());
    const res = await server.post('/mainview/sites');
    expect(res.http).toBe(200);
    expect(res.data.map((s: { domain: string }) => s.domain)).toEqual(['localhost', '127.0.0.1']);
    expect(res.data[0]).toEqual({
      domain: 'localhost',
      name: 'Beacon',
      shortName: 'Beacon',
      themeColor: '#f97316',
      supportHandle: '@BeaconSupport',
      currencySymbols: null,
      minWithdraw: 100,
      maxWithdraw: 50000,
      minTransfer: 10,
      country: 'PH',
      appleTouchIcon: null,
    });
  });

  it('the demo accounts can log in after seeding', async () => {
    const { DEMO_ACCOUNTS } = await import('../../../server/seed/demo');
    for (const a of DEMO_ACCOUNTS) {
      const res = await server.post('/cplogin/login', {
        areaCode: a.areaCode,
        phone: a.phone,
        password: a.password,
      });
      expect(res.status).toBe(200);
      expect(res.data.user).toMatchObject({ uid: a.uid, job: a.job });
    }
  });

  it('seeding twice changes nothing', async () => {
    expect(await seedDemo(server.db, server.clock.now())).toEqual({ sites: 0, users: 0 });
  });
});

describe('demo mode off', () => {
  it('has no dev outbox route', async () => {
    const prod = await startServer({ env: { DEMO: 'false', ...PRODUCTION_SMS_ENV } });
    try {
      const res = await prod.post('/dev/sms-outbox', { areaCode: '63', phone: '9171234567' });
      expect(res.http).toBe(404);
      expect(res.status).toBe(404);
      expect((await prod.post('/mainview/sites')).http).toBe(200);
    } finally {
      await prod.close();
    }
  });
});
