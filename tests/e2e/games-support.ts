import { type APIRequestContext, expect, type FrameLocator, type Page } from '@playwright/test';
import { lobbyCall } from '#contract/games';
import { apiCall } from './api';

/** The demo lobby's channels, as the app's lobby reads them. */
export async function lobbyChannels(request: APIRequestContext) {
  return (await apiCall(request, lobbyCall, {})).channels;
}

/** The demo lobby's transfer channel (Live Casino): the spec needs one. */
export async function transferChannel(request: APIRequestContext) {
  const channel = (await lobbyChannels(request)).find((c) => c.transfer);
  if (!channel) throw new Error('The demo lobby has no transfer channel');
  return channel;
}

/** Opens a game of the lobby (the page shows) in the app's frame dialog; answers the provider's page in it. */
export async function openGame(page: Page, name: string): Promise<FrameLocator> {
  await page.getByTestId('game').filter({ hasText: name }).click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  return page.frameLocator(`iframe[title="${name}"]`);
}

export async function closeGame(page: Page, name: string): Promise<void> {
  await page.getByRole('dialog', { name }).getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** Plays `rounds` rounds on the provider's page in the frame: a stake, then its play button, each to its end. */
export async function playRounds(game: FrameLocator, play: 'Spin' | 'Roll', rounds: number): Promise<void> {
  await game.getByLabel(/^Stake/).fill('2');
  for (let round = 0; round < rounds; round++) {
    await game.getByRole('button', { name: play, exact: true }).click();
    // The page clears its result when a round starts and says how it ended when it is settled.
    await expect(game.getByRole('status').filter({ hasText: /You win|No win this time/ })).toBeVisible({
      timeout: 30_000,
    });
  }
}
