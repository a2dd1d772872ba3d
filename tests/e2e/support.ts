import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** A Philippine mobile number no other spec uses (libphonenumber-js accepts 917 + 7 digits). */
export function freshPhone(): string {
  const unique = (Date.now() % 1_000_000) * 10 + Math.floor(Math.random() * 10);
  return `917${String(unique).padStart(7, '0')}`;
}

/** The newest code the demo SMS provider wrote for this phone (the dev outbox, demo mode only). */
export async function latestSmsCode(
  request: APIRequestContext,
  phone: string,
  areaCode = '63',
): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const res = await request.post('/api/dev/sms-outbox', { data: { areaCode, phone } });
      const body = (await res.json()) as { data: Array<{ code: string }> };
      code = body.data[0]?.code;
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code as string;
}

export async function logIn(page: Page, phone: string, password: string): Promise<void> {
  await page.getByLabel('Phone number').fill(phone);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

export const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
