// Issue 11, finding 15: the demo payment sandbox. Its callback secret is this install's own, its pay
// page and form need the order's pay token (given only to the owner, in payUrl), the form is accepted
// from this origin only, and seeded order numbers are not a sequence anyone can walk.
import { beforeAll, describe, expect, it } from 'vitest';
import { loginCall } from '#contract/auth';
import { depositCreateCall, depositDetailCall, depositListCall, sandboxCallbackCall } from '#contract/wallet';
import { createSandboxProvider, signCallback } from '../../../server/modules/payments/provider';
import { DEMO_ACCOUNTS, seedDemo } from '../../../server/seed/demo';
import { serverForSuite, startServer, type TestServer } from '../harness';
import { money, newUser, type WalletUser } from './helpers';

/** The secret every install shared before: public in the source. */
const OLD_PUBLIC_SECRET = 'beacon-sandbox-demo-secret';

// No SANDBOX_SECRET: the install makes its own, as a real one does.
const server = serverForSuite({ env: { SANDBOX_SECRET: '' } });
let user: WalletUser;
beforeAll(async () => {
  user = await newUser(server);
});

const storedSecret = async (s: TestServer) =>
  (
    await s.db
      .selectFrom('server_settings')
      .select('value')
      .where('key', '=', 'payments_sandbox_secret')
      .executeTakeFirst()
  )?.value;

async function createDeposit(amount = 25): Promise<{ orderNo: string; payUrl: string }> {
  const res = await money(server, depositCreateCall, { amount }, user.token);
  expect(res.status).toBe(200);
  return res.data;
}

const stateOf = async (orderNo: string) =>
  (await server.call(depositDetailCall, { orderNo }, { token: user.token })).data.state;

const tokenOf = (payUrl: string) => new URL(payUrl, server.url).searchParams.get('token') ?? '';

function postForm(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/api/wallet/sandbox/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

describe('the sandbox callback secret', () => {
  it('is generated per install and kept: the old public secret signs nothing', async () => {
    const secret = await storedSecret(server);
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    const other = await startServer({ env: { SANDBOX_SECRET: '' } });
    try {
      expect(await storedSecret(other)).toMatch(/^[0-9a-f]{64}$/);
      expect(await storedSecret(other)).not.toBe(secret);
    } finally {
      await other.close();
    }

    const order = await createDeposit(30);
    const unsigned = {
      orderNo: order.orderNo,
      amount: 30,
      status: 'paid' as const,
      providerRef: 'FORGED',
      timestamp: server.clock.now(),
    };
    const forged = await server.call(sandboxCallbackCall, {
      ...unsigned,
      sign: signCallback(OLD_PUBLIC_SECRET, unsigned),
    });
    expect(forged.http).toBe(400);
    expect(forged.failure.issues?.[0]).toMatchObject({ path: 'sign', code: 'signature_invalid' });
    expect(await stateOf(order.orderNo)).toBe('Prepare');

    // The install's own secret does sign (the same one after a restart: it is in the database).
    const genuine = await server.call(sandboxCallbackCall, {
      ...unsigned,
      sign: signCallback(secret as string, unsigned),
    });
    expect(genuine.data.state).toBe('Success');
  });

  it('a pay token is no callback signature', () => {
    const sandbox = createSandboxProvider('x'.repeat(32));
    const token = new URL(sandbox.payUrl('D1'), 'http://x').searchParams.get('token') ?? '';
    expect(sandbox.checkPayToken('D1', token)).toBe(true);
    expect(sandbox.checkPayToken('D2', token)).toBe(false);
    expect(token).not.toBe(
      Buffer.from(
        signCallback('x'.repeat(32), {
          orderNo: 'D1',
          amount: 0,
          status: 'paid',
          providerRef: '',
          timestamp: 0,
        }),
        'hex',
      ).toString('base64url'),
    );
  });
});

describe('the pay page', () => {
  it('shows the order only at its payUrl: no token or a wrong one reads as no such order', async () => {
    const order = await createDeposit(41.5);
    expect(order.payUrl).toMatch(/^\/api\/wallet\/sandbox\/pay\?orderNo=[^&]+&token=[\w-]{43}$/);
    const shown = await fetch(`${server.url}${order.payUrl}`);
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain('41.50');

    const bare = `${server.url}/api/wallet/sandbox/pay?orderNo=${encodeURIComponent(order.orderNo)}`;
    for (const url of [bare, `${bare}&token=`, `${bare}&token=${'A'.repeat(43)}`]) {
      const res = await fetch(url);
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).toContain('No such order');
      expect(html).not.toContain('41.50');
    }
  });

  it('refuses the form without the right token, and from another origin', async () => {
    const order = await createDeposit(12);
    const token = tokenOf(order.payUrl);
    const fields = { orderNo: order.orderNo, token, action: 'pay' };

    expect((await postForm({ ...fields, token: '' })).status).toBe(404);
    const altered = `${token[0] === 'A' ? 'B' : 'A'}${token.slice(1)}`;
    expect((await postForm({ ...fields, token: altered })).status).toBe(404);
    const crossSite: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: server.url, 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of crossSite) {
      const res = await postForm(fields, headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(await res.text()).not.toContain('Success');
    }
    expect(await stateOf(order.orderNo)).toBe('Prepare');

    const paid = await postForm(fields, { origin: server.url, 'sec-fetch-site': 'same-origin' });
    expect(paid.status).toBe(200);
    expect(await paid.text()).toContain('Success');
    expect(await stateOf(order.orderNo)).toBe('Success');
  });
});

describe('seeded deposits', () => {
  it('have random order numbers, unreadable without their pay token', async () => {
    // Demo data goes into an empty database only.
    const fresh = await startServer({ env: { SANDBOX_SECRET: '' } });
    try {
      await seedDemo(fresh.db, fresh.clock.now());
      const demo = DEMO_ACCOUNTS[0];
      if (!demo) throw new Error('no such demo account');
      const login = await fresh.call(loginCall, {
        areaCode: demo.areaCode,
        phone: demo.phone,
        password: demo.password,
      });
      expect(login.status, login.message).toBe(200);
      const list = await fresh.call(depositListCall, {}, { token: login.data.token });
      const numbers = (list.data.content as { orderNo: string }[]).map((o) => o.orderNo);
      expect(numbers.length).toBeGreaterThanOrEqual(2);
      for (const orderNo of numbers) {
        expect(orderNo).toMatch(/^D[0-9A-Z]+[0-9A-F]{8}$/);
        expect(orderNo).not.toMatch(/SEED/);
        const page = await fetch(`${fresh.url}/api/wallet/sandbox/pay?orderNo=${orderNo}`);
        expect(page.status).toBe(404);
      }
      expect(new Set(numbers.map((n) => n.slice(-8))).size).toBe(numbers.length);
    } finally {
      await fresh.close();
    }
  });
});
