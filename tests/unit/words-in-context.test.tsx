import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GamesCorner } from '#features/games/components/games-corner.tsx';
import { SafePage } from '#features/wallet/components/safe-page.tsx';
import { activateLocale, loadBeyondHome } from '#lib/i18n';
import { queryClient } from '#lib/query-client';
import { renderInRouter } from './render';

/**
 * One English word can be two words elsewhere (issue 31, item 11): Spanish put the safe's "Move in" (keep, save)
 * on the Live Casino card, where it means moving money into a game's wallet. Each place has its own message.
 */

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ status: 200, message: 'ok', data }), {
    headers: { 'content-type': 'application/json' },
  });

function fakeApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const path = new URL(String(input), 'http://x').pathname.replace(/^\/api/, '');
      if (path === '/games/lobby')
        return envelope({
          channels: [{ code: 'live', name: 'Live Casino', transfer: true, categories: [] }],
        });
      if (path === '/games/channel-balance') return envelope({ channel: 'live', balance: 10 });
      if (path === '/user/secondaryInfo')
        return envelope({
          totalCoin: 50,
          canWithdrawCoin: 50,
          lockedCoin: 0,
          inGameCoin: 0,
          safeCoin: 0,
          phone: '9171234567',
          channelData: [],
        });
      if (path === '/wallet/safe/info')
        return envelope({ hasPassword: true, balance: 0, lockedUntil: null, triesLeft: 5 });
      return envelope(null);
    }),
  );
}

afterEach(async () => {
  queryClient.clear();
  await act(() => activateLocale('en-US'));
});

describe('es-ES', () => {
  it('the game channel says Ingresar and Retirar, the safe keeps Guardar', async () => {
    fakeApi();
    await act(async () => {
      await loadBeyondHome();
      await activateLocale('es-ES');
    });
    const corner = await renderInRouter(() => <GamesCorner withdrawable={50} />);
    await screen.findByTestId('channel-card');
    expect(screen.getByRole('button', { name: 'Ingresar' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retirar' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Guardar' })).toBeNull();
    corner.unmount();

    await renderInRouter(() => <SafePage />, '/Safe');
    expect(await screen.findByRole('button', { name: 'Guardar' })).toBeTruthy();
  });
});
