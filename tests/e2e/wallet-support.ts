import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { loginCall } from '#contract/auth';
import { depositCreateCall } from '#contract/wallet';
import { DEMO_ACCOUNTS } from '../../server/seed/demo';
import { apiCall } from './api';
import { withOperatorCode } from './operator-codes';
import { freshPhone, logIn, registerViaApi } from './support';

export const PASSWORD = 'Harbor#7421';
export const SAFE_PASSWORD = '135790';

/** A deposit paid through the sandbox pay page's own form. */
export async function depositViaApi(request: APIRequestContext, token: string, amount: number) {
  const order = await apiCall(request, depositCreateCall, { amount }, { token });
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
 * A demo operator's session with the second factor passed (decision 0024), one per server and worker:
 * each sign-in waits for a code of its own (operator-codes.ts), so fewer sign-ins wait less.
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

async function signInOperator(request: APIRequestContext, label: string): Promise<string> {
  const op = DEMO_ACCOUNTS.find((a) => a.label === label && a.operator);
  if (!op) throw new Error(`No operator "${label}" in DEMO_ACCOUNTS`);
  const { areaCode, phone, password } = op;
  const { token } = await apiCall(request, loginCall, { areaCode, phone, password });
  const body = await withOperatorCode(request, label, async (code) => {
    const passed = await request.post('/api/admin/session/totp', {
      data: { code },
      headers: { Authorization: `Bearer ${token}` },
    });
    return (await passed.json()) as { status: number; message: string };
  });
  if (body.status !== 200) throw new Error(`${label}: the second factor was refused: ${body.message}`);
  return token;
}

/** A freshly registered user, logged in in the page; answers its token. */
export async function freshUser(page: Page): Promise<{ phone: string; token: string; uid: number }> {
  const phone = freshPhone();
  const session = await registerViaApi(page.request, phone, PASSWORD);
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
  // The error first, then the field's hint, which stays beside it.
  const id = (await input.getAttribute('aria-describedby'))?.split(' ')[0];
  return (await page.locator(`[id="${id}"]`).textContent()) ?? '';
}
