import { expect, type FrameLocator, test } from '@playwright/test';
import { channelBalanceCall, channelTransferCall } from '#contract/games';
import { apiCall } from './api';
import { transferChannel } from './games-support';
import { peso } from './support';
import { depositViaApi, freshUser } from './wallet-support';

// Issue 31 item 4 (decision 0042): a time-out taken in one page stops the transfer channel's game open in
// another at once. The provider (the demo provider's own process) is told to end the player's sessions, so
// the open game page's next bet is refused; the channel's money is back on the main balance. The time-out is
// the longest (6 weeks), so another spec moving the shared demo clock cannot end it mid-test.

async function roll(game: FrameLocator): Promise<void> {
  await game.getByRole('button', { name: 'Roll', exact: true }).click();
}

test('a time-out taken in another page stops the open transfer game and brings its money back', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const user = await freshUser(page);
  await depositViaApi(page.request, user.token, 300);
  const channel = await transferChannel(page.request);
  await apiCall(
    page.request,
    channelTransferCall,
    {
      channel: channel.code,
      direction: 'in',
      amount: 100,
    },
    { token: user.token },
  );

  await page.goto(`/games?channel=${channel.code}`);
  await expect(page.getByTestId('lobby-channel-balance')).toHaveText('₱100.00');
  const gameRow = page.getByTestId('game').first();
  const name = (await gameRow.locator('.game-row__name').textContent()) ?? '';
  await gameRow.click();
  await expect(page.getByRole('dialog', { name })).toBeVisible();
  const game = page.frameLocator(`iframe[title="${name}"]`);
  await game.getByLabel(/^Stake/).fill('2');
  await roll(game);
  await expect(game.getByRole('status').filter({ hasText: /You win|No win this time/ })).toBeVisible({
    timeout: 30_000,
  });
  const { balance: inChannel } = await apiCall(
    page.request,
    channelBalanceCall,
    { channel: channel.code },
    { token: user.token },
  );

  // The same player, signed in, takes a time-out in another page while the game stays open.
  const other = await page.context().newPage();
  await other.goto('/Protection');
  await other.getByRole('radio', { name: '6 weeks' }).check();
  await other.getByRole('button', { name: 'Take a time-out' }).click();
  await other
    .getByRole('dialog', { name: 'Confirm time-out' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await expect(other.getByTestId('block-active')).toContainText('You are taking a time-out until');

  // The open game's next bet is refused by the provider: its session was ended.
  await roll(game);
  await expect(game.getByRole('status').filter({ hasText: 'This game session has expired' })).toBeVisible();

  // The channel's money is back on the main balance.
  await other.goto('/my');
  const card = other.getByTestId('channel-card').filter({ hasText: channel.name });
  await expect(card.getByTestId('channel-balance')).toHaveText('₱0.00');
  await expect(other.getByTestId('withdrawable')).toHaveText(peso(200 + inChannel));
  await expect(other.getByTestId('in-game')).toHaveText('₱0.00');
});
