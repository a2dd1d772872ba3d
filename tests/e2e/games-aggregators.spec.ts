// Issue 34: an aggregator's game from the lobby in real Chromium, for each wire the demo runs. The demo
// provider's Hub88 mode and Evolution mode (its own process) are configured as an operator configures them:
// Beacon launches through Hub88's game/url (signed with Beacon's key) or Evolution's User Authentication (with
// the API token), and the page's rounds reach Beacon over the aggregator's wire (each Hub88 call signed with
// its key; each Evolution call with the authToken). The rounds are in the betting record, the provider's.
import { expect, test } from '@playwright/test';
import { roundCall, roundsCall } from '#contract/games';
import { apiCall } from './api';
import { expectNoViolations } from './axe-support';
import { closeGame, openGame, playRounds } from './games-support';
import { peso } from './support';
import { depositViaApi, freshUser } from './wallet-support';

const WIRES = [
  {
    wire: 'Hub88',
    a: 'a',
    game: 'Fruit Party 88',
    page: /\/hub88\/play\/lucky-reels\?/,
    play: 'Spin',
    provider: 'Hub88 Demo Games',
  },
  {
    wire: 'Evolution',
    a: 'an',
    game: 'Dice Live',
    page: /\/evolution\/play\/lucky-dice\?/,
    play: 'Roll',
    provider: 'Evolution Demo Live',
  },
] as const;

for (const { wire, a, game: name, page: pagePath, play, provider } of WIRES) {
  test(`${a} ${wire}-protocol game in the lobby: played, its rounds in the betting record as ${wire}’s`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const user = await freshUser(page);
    await depositViaApi(page.request, user.token, 300);
    await page.goto('/games');
    await expect(page.getByTestId('game').filter({ hasText: name })).toBeVisible();
    const game = await openGame(page, name);
    // The page the aggregator's launch answered: its own, under its mode's path.
    await expect(page.locator(`iframe[title="${name}"]`)).toHaveAttribute('src', pagePath);
    await playRounds(game, play, 2);
    await closeGame(page, name);

    const rounds = await apiCall(page.request, roundsCall, {}, { token: user.token });
    expect(rounds.content).toHaveLength(2);
    expect(rounds.content.every((r) => r.game === name && r.status === 'settled')).toBe(true);
    const detail = await apiCall(
      page.request,
      roundCall,
      { id: rounds.content[0]?.id ?? 0 },
      { token: user.token },
    );
    expect(detail.provider).toBe(provider);
    const net = rounds.content.reduce((sum, r) => sum + Math.round(r.net * 100), 0) / 100;
    await expect(page.getByTestId('lobby-balance')).toHaveText(peso(300 + net));

    await page.getByRole('link', { name: 'Betting record' }).click();
    const bets = page.getByTestId('bet');
    await expect(bets).toHaveCount(2);
    await expect(bets.first()).toContainText(name);
    await expectNoViolations(page, `the betting record with ${wire} rounds`);
  });
}
