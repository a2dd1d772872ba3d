import { expect, test } from '@playwright/test';
import { channelBalanceCall, roundsCall } from '#contract/games';
import { apiCall } from './api';
import { expectNoViolations } from './axe-support';
import { closeGame, lobbyChannels, openGame, playRounds } from './games-support';
import { peso } from './support';
import { depositViaApi, fieldError, freshUser } from './wallet-support';

// Issue 13's end-to-end item: the lobby, a seamless game played in the frame dialog, the balance and the
// rounds in the betting record; money moved into a transfer channel, played there and moved back; axe on
// the lobby and the betting record. The games are the demo provider's (its own process, started by the
// server in demo mode), played through its own page inside the frame.

test('a seamless game in the lobby: play, close, the balance and the rounds in the betting record', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const user = await freshUser(page);
  await depositViaApi(page.request, user.token, 500);

  await page.goto('/my');
  await page.getByRole('link', { name: 'Game lobby' }).click();
  await expect(page).toHaveURL(/\/games$/);
  await expect(page.getByTestId('lobby-balance')).toHaveText('₱500.00');
  await expect(page.getByTestId('game').first()).toBeVisible();
  await expectNoViolations(page, 'the game lobby');

  // The search applies on Enter; clearing the box shows every game again.
  const search = page.getByRole('searchbox', { name: 'Search games' });
  await search.fill('reels');
  await search.press('Enter');
  await expect(page).toHaveURL(/search=reels/);
  await expect(page.getByTestId('game')).toHaveCount(1);
  await expect(page.getByTestId('game')).toContainText('Lucky Reels');

  const game = await openGame(page, 'Lucky Reels');
  await playRounds(game, 'Spin', 3);
  await closeGame(page, 'Lucky Reels');

  // Closing the game refreshed the balance: what was deposited plus every round's net.
  const rounds = await apiCall(page.request, roundsCall, {}, { token: user.token });
  expect(rounds.content).toHaveLength(3);
  expect(rounds.content.every((r) => r.game === 'Lucky Reels' && r.status === 'settled')).toBe(true);
  const net = rounds.content.reduce((sum, r) => sum + Math.round(r.net * 100), 0) / 100;
  await expect(page.getByTestId('lobby-balance')).toHaveText(peso(500 + net));

  await page.getByRole('link', { name: 'Betting record' }).click();
  await expect(page).toHaveURL(/\/bets$/);
  const bets = page.getByTestId('bet');
  await expect(bets).toHaveCount(3);
  await expect(bets.first()).toContainText('Lucky Reels');
  await expect(bets.first()).toContainText('Settled');
  await expectNoViolations(page, 'the betting record');

  // A round opens its details: the provider's bet and its settlement.
  await bets.first().click();
  const details = page.getByRole('dialog', { name: 'Lucky Reels' });
  await expect(details).toBeVisible();
  await expect(details.getByTestId('round-move').first()).toBeVisible();
  await expect(details.getByTestId('round-move').filter({ hasText: 'Bet' })).toHaveCount(1);
  await expectNoViolations(page, 'a round’s details');
  // On a short 390 px phone the movements scroll, and Close stays on screen (issue 31, item 12).
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 600 });
  await expect(details.getByRole('button', { name: 'Close' })).toBeInViewport({ ratio: 1 });
  if (viewport) await page.setViewportSize(viewport);
  await details.getByRole('button', { name: 'Close' }).click();

  // The filters: a date range with nothing in it, then the channel the game is in.
  await page.getByRole('textbox', { name: 'To', exact: true }).fill('2020-01-01');
  await expect(page.getByText('No rounds match these filters')).toBeVisible();
  await page.getByRole('textbox', { name: 'To', exact: true }).fill('');
  await expect(bets).toHaveCount(3);
  const seamless = (await lobbyChannels(page.request)).find((c) => !c.transfer);
  if (!seamless) throw new Error('The demo lobby has no seamless channel');
  await page.getByRole('combobox', { name: 'Channel' }).selectOption(seamless.code);
  await expect(page).toHaveURL(new RegExp(`channel=${seamless.code}`));
  await expect(bets).toHaveCount(3);
});

test('a transfer channel: move money in from /my, play there, move it back', async ({ page }) => {
  test.setTimeout(180_000);
  const user = await freshUser(page);
  await depositViaApi(page.request, user.token, 300);
  const channel = (await lobbyChannels(page.request)).find((c) => c.transfer);
  if (!channel) throw new Error('The demo lobby has no transfer channel');

  await page.goto('/my');
  const card = page.getByTestId('channel-card').filter({ hasText: channel.name });
  await expect(card.getByTestId('channel-balance')).toHaveText('₱0.00');
  await expect(card.getByRole('button', { name: 'Move out' })).toBeDisabled();
  await expectNoViolations(page, '/my with the transfer channel cards');

  await card.getByRole('button', { name: 'Move in' }).click();
  const moveIn = page.getByRole('dialog', { name: `Move into ${channel.name}` });
  await expect(moveIn.getByTestId('transfer-available')).toHaveText('₱300.00');
  await moveIn.getByRole('button', { name: 'Move in' }).click();
  expect(await fieldError(page, 'Amount')).toBe('Please enter the amount');
  await moveIn.getByLabel('Amount').fill('300.01');
  await moveIn.getByRole('button', { name: 'Move in' }).click();
  expect(await fieldError(page, 'Amount')).toBe('Insufficient balance');
  await expectNoViolations(page, 'the move-in dialog with its message');
  await moveIn.getByLabel('Amount').fill('100');
  await expect(moveIn.getByTestId('amount-understood')).toHaveText(
    `You will move ₱100.00 into ${channel.name}`,
  );
  await moveIn.getByRole('button', { name: 'Move in' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Moved ₱100.00 into ${channel.name}` }),
  ).toBeVisible();
  await expect(moveIn).toHaveCount(0);
  await expect(card.getByTestId('channel-balance')).toHaveText('₱100.00');
  await expect(page.getByTestId('withdrawable')).toHaveText('₱200.00');
  // The in-game amount is the sum of the channels' balances.
  await expect(page.getByTestId('in-game')).toHaveText('₱100.00');

  // Its games play with the channel's own balance, at the provider.
  await page.goto(`/games?channel=${channel.code}`);
  await expect(page.getByTestId('lobby-channel-balance')).toHaveText('₱100.00');
  const name = (await page.getByTestId('game').first().locator('.game-row__name').textContent()) ?? '';
  const game = await openGame(page, name);
  await playRounds(game, 'Roll', 2);
  await closeGame(page, name);
  const after = await apiCall(
    page.request,
    channelBalanceCall,
    {
      channel: channel.code,
    },
    { token: user.token },
  );
  expect(after.balance).not.toBe(100);
  await expect(page.getByTestId('lobby-channel-balance')).toHaveText(peso(after.balance));

  // Everything back out to the main balance.
  await page.goto('/my');
  await expect(card.getByTestId('channel-balance')).toHaveText(peso(after.balance));
  await card.getByRole('button', { name: 'Move out' }).click();
  const moveOut = page.getByRole('dialog', { name: `Move out of ${channel.name}` });
  await moveOut.getByLabel('Amount').fill(String(after.balance));
  await moveOut.getByRole('button', { name: 'Move out' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Moved ${peso(after.balance)} out of ${channel.name}` }),
  ).toBeVisible();
  await expect(card.getByTestId('channel-balance')).toHaveText('₱0.00');
  await expect(page.getByTestId('withdrawable')).toHaveText(peso(200 + after.balance));
  await expect(page.getByTestId('in-game')).toHaveText('₱0.00');
});
