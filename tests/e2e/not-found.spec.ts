import { expect, test } from '@playwright/test';

test('an unknown page shows "Page not found" with a way home', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('We could not find this page')).toBeVisible();
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Welcome to Beacon' })).toBeVisible();
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
