import { expect, test } from '@playwright/test';
import { freshPhone } from './support';

test('the language picker switches the login page to Chinese, keeps it over a reload, and back', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  const language = page.getByLabel('Language');
  await expect(language).toHaveValue('en-US');
  await expect(language.locator('option')).toHaveText([
    'English',
    'Español',
    '한국어',
    'English (Philippines)',
    '中文',
  ]);

  await language.selectOption({ label: '中文' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('heading', { level: 1, name: '登录' })).toBeVisible();
  await expect(page.getByRole('button', { name: '登录' })).toBeVisible();
  await expect(page.getByText('欢迎回到 Beacon')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log in' })).toHaveCount(0);
  // The picker keeps its name in the new language.
  await expect(page.getByLabel('语言')).toHaveValue('zh-CN');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('heading', { level: 1, name: '登录' })).toBeVisible();
  await expect(page.getByLabel('语言')).toHaveValue('zh-CN');

  // Field errors are translated too.
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByLabel('手机号')).toHaveAccessibleDescription('请输入手机号');
  await expect(page.getByText('请输入密码')).toBeVisible();

  await page.getByLabel('语言').selectOption({ label: 'English' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expect(page.getByLabel('Language')).toHaveValue('en-US');
  // The errors shown re-translate with the language.
  await expect(page.getByLabel('Phone number')).toHaveAccessibleDescription('Phone number is required');
  await expect(page.getByText('Password is required')).toBeVisible();
});

test("the server's answer to a wrong password shows in the user's language", async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Language').selectOption({ label: '中文' });
  // An unknown phone gets the same answer as a wrong password, and locks no demo account.
  await page.getByLabel('手机号').fill(freshPhone());
  await page.getByLabel('密码', { exact: true }).fill('NotTheRight1');
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByText('手机号或密码错误')).toBeVisible();
  await expect(page.getByText('Wrong phone number or password')).toHaveCount(0);
});
