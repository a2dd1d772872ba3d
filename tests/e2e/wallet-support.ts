import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { DEMO_ACCOUNTS, DEMO_OPERATOR_TOTP_SECRET } from '../../server/seed/demo';
import { freshPhone, logIn, registerViaApi } from './support';

export const PASSWORD = 'Harbor#7421';
export const SAFE_PASSWORD = '135790';

let keySeq = 0;
const key = () => `e2e-${process.pid}-${Date.now()}-${keySeq++}`;

/** A POST to the real API as this token, money-moving calls with a fresh Idempotency-Key. */
export async function apiCall<T = unknown>(
  request: APIRequestContext,
  token: string,
  path: string,
  data: unknown,
): Promise<T> {
  const res = await request.post(`/api${path}`, {
    data,
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': key() },
  });
  const body = (await res.json()) as { status: number; data: T; message: string };
  expect(body.status, `${path}: ${body.message}`).toBe(200);
  return body.data;
}

/** A deposit paid through the sandbox pay page's own form. */
export async function depositViaApi(request: APIRequestContext, token: string, amount: number) {
  const order = await apiCall<{ orderNo: string; payUrl: string }>(request, token, '/wallet/deposit/create', {
    amount,
  });
  // The pay page's form carries the order's pay token, from its payUrl.
  const payToken = new URL(order.payUrl, 'http://pay.invalid').searchParams.get('token') ?? '';
  const paid = await request.post('/api/wallet/sandbox/pay', {
    form: { orderNo: order.orderNo, token: payToken, action: 'pay' },
  });
  expect(await paid.text()).toContain('Success');
  return order.orderNo;
}

const operatorTokens = new Map<string, Promise<string>>();

/**
 * A demo operator's session with the second factor passed (decision 0024), one per server and worker: a
 * code is taken once, so sessions of one operator signed in within one 30-second step would refuse each
 * other's code.
 */
export async function operatorToken(request: APIRequestContext, label = 'operator'): Promise<string> {
  const origin = new URL((await request.head('/')).url()).origin;
  const key = `${label}@${origin}`;
  let token = operatorTokens.get(key);
  if (!token) {
    token = signInOperator(request, label);
    operatorTokens.set(key, token);
  }
  return token;
}

/**
 * The server's time, which the authenticator's code must match: a demo server's movable clock (the agent
 * programme's test moves it a day on), else this machine's.
 */
export async function serverNow(request: APIRequestContext): Promise<number> {
  const res = await request.post('/api/dev/clock', { data: { advanceMs: 0 } });
  const body = (await res.json()) as { status: number; data: { now: number } };
  return body.status === 200 ? body.data.now : Date.now();
}

async function signInOperator(request: APIRequestContext, label: string): Promise<string> {
  const op = DEMO_ACCOUNTS.find((a) => a.label === label && a.operator);
  if (!op) throw new Error(`No operator "${label}" in DEMO_ACCOUNTS`);
  const res = await request.post('/api/cplogin/login', {
    data: { areaCode: op.areaCode, phone: op.phone, password: op.password },
  });
  const { token } = ((await res.json()) as { data: { token: string } }).data;
  const now = (await serverNow(request)) / 1000;
  // Another worker may have taken this step's code: the server also accepts the next step's (one step of
  // drift), which no one has taken yet.
  for (const ahead of [0, 30]) {
    const code = await generate({ secret: DEMO_OPERATOR_TOTP_SECRET, epoch: now + ahead });
    const passed = await request.post('/api/admin/session/totp', {
      data: { code },
      headers: { Authorization: `Bearer ${token}` },
    });
    if (((await passed.json()) as { status: number }).status === 200) return token;
  }
  throw new Error(`${label}: the second factor was refused`);
}

/** A freshly registered user, logged in in the page; answers its token. */
export async function freshUser(page: Page): Promise<{ phone: string; token: string; uid: number }> {
  const phone = freshPhone();
  const session = (await registerViaApi(page.request, phone, PASSWORD)) as {
    token: string;
    user: { uid: number };
  };
  await page.goto('/login');
  await logIn(page, phone, PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  return { phone, token: session.token, uid: session.user.uid };
}

export const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** The error text under a field (its aria-describedby). */
export async function fieldError(page: Page, label: string): Promise<string> {
  const input = field(page, label);
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  const id = await input.getAttribute('aria-describedby');
  return (await page.locator(`[id="${id}"]`).textContent()) ?? '';
}
