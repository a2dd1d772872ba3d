// Issue 34: an Evolution-protocol game from the lobby in real Chromium. The demo live casino (the demo
// provider's Evolution mode, its own process) is configured as an operator configures Evolution: Beacon opens
// the game through its User Authentication with the API token, and its page's rounds reach Beacon over One
// Wallet with the authToken. The rounds are in the betting record, the Evolution provider's.
import { expect, test } from '@playwright/test';
import { roundCall, roundsCall } from '#contract/games';
import { apiCall } from './api';
import { expectNoViolations } from './axe-support';
import { closeGame, openGame, playRounds } from './games-support';
import { peso } from './support';
import { depositViaApi, freshUser } from './wallet-support';

const GAME = 'Dice Live';

test('an Evolution-protocol game in the lobby: played, its rounds in the betting record as Evolution’s', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const user = await freshUser(page);
  await depositViaApi(page.request, user.token, 300);
  await page.goto('/games');
  await expect(page.getByTestId('game').filter({ hasText: GAME })).toBeVisible();
  const game = await openGame(page, GAME);
  // The entry User Authentication answered: Evolution's page, under its own path.
  await expect(page.locator(`iframe[title="${GAME}"]`)).toHaveAttribute(
    'src',
    /\/evolution\/play\/lucky-dice\?/,
  );
  await playRounds(game, 'Roll', 2);
  await closeGame(page, GAME);

  const rounds = await apiCall(page.request, roundsCall, {}, { token: user.token });
  expect(rounds.content).toHaveLength(2);
  expect(rounds.content.every((r) => r.game === GAME && r.status === 'settled')).toBe(true);
  const detail = await apiCall(
    page.request,
    roundCall,
    { id: rounds.content[0]?.id ?? 0 },
    { token: user.token },
  );
  expect(detail.provider).toBe('Evolution Demo Live');
  const net = rounds.content.reduce((sum, r) => sum + Math.round(r.net * 100), 0) / 100;
  await expect(page.getByTestId('lobby-balance')).toHaveText(peso(300 + net));

  await page.getByRole('link', { name: 'Betting record' }).click();
  const bets = page.getByTestId('bet');
  await expect(bets).toHaveCount(2);
  await expect(bets.first()).toContainText(GAME);
  await expectNoViolations(page, 'the betting record with Evolution rounds');
});
