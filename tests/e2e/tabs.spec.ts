import { expect, test } from '@playwright/test';
import { demoAccount, logIn, mainNav, tabNames } from './support';

test('a player has no Team tab, and /team sends them home', async ({ page }) => {
  const player = demoAccount('player');
  await page.goto('/login');
  await logIn(page, player.phone, player.password);
  await expect(page).toHaveURL(/\/$/);
  await expect(mainNav(page).getByRole('link', { name: 'My' })).toBeVisible();
  expect(await tabNames(page)).toEqual(['Home', 'Report', 'Promotion', 'My']);
  await expect(mainNav(page).getByRole('link', { name: 'Team' })).toHaveCount(0);

  await page.goto('/team');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Welcome to Beacon' })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Team' })).toHaveCount(0);
});

for (const label of ['agent (job 1)', 'senior agent (job 2)'] as const) {
  test(`the ${label} has the Team tab and the team page`, async ({ page }) => {
    const agent = demoAccount(label);
    await page.goto('/login');
    await logIn(page, agent.phone, agent.password);
    await expect(page).toHaveURL(/\/$/);
    const team = mainNav(page).getByRole('link', { name: 'Team' });
    await expect(team).toBeVisible();
    expect(await tabNames(page)).toEqual(['Home', 'Report', 'Team', 'Promotion', 'My']);

    await team.click();
    await expect(page).toHaveURL(/\/team$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
    await expect(team).toHaveAttribute('aria-current', 'page');

    // Opened directly (a fresh load), the page shows too.
    await page.goto('/team');
    await expect(page).toHaveURL(/\/team$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  });
}
