import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { registerCall, sendSmsCall } from '#contract/auth';
import { smsOutboxCall } from '#contract/dev';
import { DEMO_ACCOUNTS, type DemoAccount } from '../../server/seed/demo';
import { apiCall } from './api';

export const AREA_CODE = '63';

const demoPhones = new Set(DEMO_ACCOUNTS.map((account) => account.phone));
// Per worker process: its pid and a counter keep the numbers of parallel workers apart.
let counter = Math.floor(Math.random() * 5000);

/** A Philippine mobile number no other spec uses (libphonenumber-js accepts 917 + 7 digits). */
export function freshPhone(): string {
  for (;;) {
    counter = (counter + 1) % 10_000;
    const phone = `917${String(process.pid % 1000).padStart(3, '0')}${String(counter).padStart(4, '0')}`;
    if (!demoPhones.has(phone)) return phone;
  }
}

export function demoAccount(label: 'player' | 'agent (job 1)' | 'senior agent (job 2)'): DemoAccount {
  const account = DEMO_ACCOUNTS.find((a) => a.label === label);
  if (!account) throw new Error(`No demo account "${label}" in server/seed/demo.ts`);
  return account;
}

type Purpose = 'register' | 'reset' | 'password';

/** The newest code the demo SMS provider wrote for this phone and purpose (the dev outbox, demo mode only). */
export async function latestSmsCode(
  request: APIRequestContext,
  phone: string,
  purpose: Purpose = 'register',
  areaCode = AREA_CODE,
): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const outbox = await apiCall(request, smsOutboxCall, { areaCode, phone });
      code = outbox.find((sms) => sms.purpose === purpose)?.code;
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code as string;
}

/** Registers an account through the real API (send code, read it from the outbox, register). */
export async function registerViaApi(request: APIRequestContext, phone: string, password: string) {
  await apiCall(request, sendSmsCall, { areaCode: AREA_CODE, phone, purpose: 'register' });
  const code = await latestSmsCode(request, phone, 'register');
  return apiCall(request, registerCall, { areaCode: AREA_CODE, phone, password, code });
}

export async function logIn(page: Page, phone: string, password: string): Promise<void> {
  await page.getByLabel('Phone number').fill(phone);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** A new account, registered through the API and logged in through the form, on home; answers its phone. */
export async function newPromoter(page: Page, password = 'Harbor#7421'): Promise<string> {
  const phone = freshPhone();
  await registerViaApi(page.request, phone, password);
  await page.goto('/login');
  await logIn(page, phone, password);
  await expect(page).toHaveURL(/\/$/);
  return phone;
}

/** en-US money as the app shows it: the peso sign, grouped, exactly 2 decimals (amounts are whole cents). */
export const peso = (amount: number) =>
  `₱${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)}`;

export const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** The tab names the tab bar shows, in order (without the unread count My may carry). */
export const tabNames = async (page: Page): Promise<string[]> =>
  (await mainNav(page).locator('.tab-bar__label').allInnerTexts()).map((text) => text.trim());

/** Positive messages (role status, top of the screen). */
export const statusToasts = (page: Page) => page.getByRole('status');
/** Negative messages (role alert, bottom of the screen). */
export const alertToasts = (page: Page) => page.getByRole('alert');
