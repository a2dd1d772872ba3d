import { expect, test } from '@playwright/test';
import { apiToken, startSession } from './every-route';

test('an unknown page shows "Page not found" with a way home', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('We could not find this page')).toBeVisible();
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Welcome to Beacon' })).toBeVisible();
});

test('a path id that is not a record id is "Page not found" too, signed in, and asks the server nothing', async ({
  page,
}) => {
  await startSession(page, await apiToken(page.request, 'player'), 'en-US');
  // What those pages would load for a real id: none of it goes out for an id that is not one.
  const RECORD_CALLS = ['/api/wxcps/detail', '/api/wallet/withdraw/detail', '/api/wallet/cards/list'];
  const asked: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (RECORD_CALLS.includes(path)) asked.push(`${path} ${request.postData()}`);
  });
  for (const path of [
    '/GameDetail/abc',
    '/GameDetail/0',
    '/WithdrawStep/01',
    '/WithdrawStep/9999999999999999',
    '/notices/1x',
    '/AddCard/x',
    '/AddZhiFuBao/-1',
    '/Downline/abc',
    '/promotion/4',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' }), path).toBeVisible();
    expect(new URL(page.url()).pathname, 'the address stays').toBe(path);
  }
  expect(asked).toEqual([]);
});

test('an unknown API call answers HTTP 404 with a 404 envelope', async ({ request }) => {
  const res = await request.post('/api/nope', { data: {} });
  expect(res.status()).toBe(404);
  expect(res.headers()['content-type']).toContain('application/json');
  const body = (await res.json()) as { status: number; message: string };
  expect(body).toMatchObject({ status: 404 });
  expect(body.message).toContain('/api/nope');
});

test('an unknown API GET is a 404 envelope too, not the app shell', async ({ request }) => {
  const res = await request.get('/api/nope', { headers: { accept: 'text/html' } });
  expect(res.status()).toBe(404);
  expect(((await res.json()) as { status: number }).status).toBe(404);
});
