import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecordsPage } from '#features/wallet/components/records-page.tsx';
import { activateLocale, loadBeyondHome } from '#lib/i18n';
import { queryClient } from '#lib/query-client';
import { renderInRouter } from './render';

/**
 * The Records page lists game money too (issue 31, item 8; decision 0047): a move into or out of a transfer
 * channel and a seamless round are rows of type Game, each saying what moved where.
 */

const row = (id: number, amount: number, move: string, channel: string) => ({
  id,
  type: 'game',
  amount,
  state: 'Success',
  orderNo: null,
  counterpartyUid: null,
  remark: null,
  game: { move, channel },
  createdAt: Date.UTC(2026, 11, 1, 10, 0, 0) - id,
  updatedAt: Date.UTC(2026, 11, 1, 10, 0, 0) - id,
});

function fakeApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const path = new URL(String(input), 'http://x').pathname.replace(/^\/api/, '');
      const data =
        path === '/wallet/records'
          ? {
              content: [row(-3, 7, 'round', 'Slots'), row(-2, -100, 'channelIn', 'Live Casino')],
              totalPages: 1,
              number: 0,
              totalElements: 2,
            }
          : null;
      return new Response(JSON.stringify({ status: 200, message: 'ok', data }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

afterEach(async () => {
  queryClient.clear();
  await act(() => activateLocale('en-US'));
});

describe('es-ES', () => {
  it('shows a channel move and a round as game rows with their channel and signed amount', async () => {
    fakeApi();
    await act(async () => {
      await loadBeyondHome();
      await activateLocale('es-ES');
    });
    await renderInRouter(() => <RecordsPage search={{}} onSearch={() => {}} />, '/Records');
    const rows = await screen.findAllByTestId('record');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^Juego.*Ronda en Slots.*\+M\$\s?7,00/),
      expect.stringMatching(/^Juego.*Pasado a Live Casino.*-M\$\s?100,00/),
    ]);
  });
});
