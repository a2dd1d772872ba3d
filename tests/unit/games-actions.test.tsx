import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChannelTransferDialog } from '#features/games/components/channel-transfer-dialog.tsx';
import { GameFrameDialog } from '#features/games/components/game-frame-dialog.tsx';
import { GamesCorner } from '#features/games/components/games-corner.tsx';
import { useChannelTransferMutation, useRefreshBalances } from '#features/games/games.mutations.ts';
import { gamesKeys } from '#features/games/games.queries.ts';
import { walletKeys } from '#features/wallet/wallet.queries.ts';
import { queryClient } from '#lib/query-client';
import { renderInRouter } from './render';

/** With the app's providers; the dialogs render into document.body. */
const renderWithApp = (ui: ReactNode) =>
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </I18nProvider>,
  );

const envelope = (status: number, data: unknown, message = 'ok') =>
  new Response(JSON.stringify({ status, message, data }), {
    status: status === 200 ? 200 : 500,
    headers: { 'content-type': 'application/json' },
  });

const channel = { code: 'table', name: 'Table Hall', transfer: true, categories: ['dice'] };

afterEach(() => queryClient.clear());

describe('after playing or moving money', () => {
  it('the wallet’s balance, the channels’ balances and the betting record are refreshed, the lobby is not', () => {
    const client = new QueryClient();
    const keys = [
      walletKeys.secondary(),
      gamesKeys.channelBalance('table'),
      gamesKeys.roundList({ channel: '' }, 'en-US'),
      gamesKeys.round(3, 'es-ES'),
      gamesKeys.lobby('en-US'),
    ];
    for (const key of keys) client.setQueryData(key, {});
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useRefreshBalances(), { wrapper });
    act(() => result.current());
    const invalidated = keys.map((key) => client.getQueryState(key)?.isInvalidated);
    expect(invalidated).toEqual([true, true, true, true, false]);
  });
});

describe('a channel transfer', () => {
  it('sends an Idempotency-Key, the same on a retry after a failure, a fresh one for the next move', async () => {
    const keys: string[] = [];
    const answer = { state: 'applied', canWithdrawCoin: 90, channelBalance: 10 };
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input, init) => {
        if (String(input).endsWith('/games/transfer')) {
          keys.push(new Headers(init?.headers).get('Idempotency-Key') ?? '');
          return keys.length === 1 ? envelope(500, null, 'boom') : envelope(200, answer);
        }
        return envelope(200, null);
      }),
    );
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useChannelTransferMutation(), { wrapper });
    const body = { channel: 'table', direction: 'in' as const, amount: 10 };
    await act(() => result.current.mutateAsync(body).catch(() => undefined));
    await act(() => result.current.mutateAsync(body));
    await act(() => result.current.mutateAsync(body));
    expect(keys).toHaveLength(3);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('refuses more than there is to move with the wallet’s message, and sends nothing', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => envelope(200, null));
    vi.stubGlobal('fetch', fetchMock);
    const onDone = vi.fn();
    renderWithApp(
      <ChannelTransferDialog
        channel={channel}
        direction="in"
        available={5}
        onDone={onDone}
        onClose={() => {}}
      />,
    );
    fireEvent.change(await screen.findByLabelText('Amount'), { target: { value: '5.01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move in' }));
    expect(await screen.findByText('Insufficient balance')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move in' }));
    expect(await screen.findByText('Please enter the amount')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/games/transfer'))).toHaveLength(0);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('reports a move whose provider answer was lost as pending', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input, init) => {
        if (String(input).endsWith('/games/transfer')) {
          sent.push(JSON.parse(String(init?.body)));
          return envelope(200, { state: 'pending', canWithdrawCoin: 0, channelBalance: 0 });
        }
        return envelope(200, null);
      }),
    );
    const onDone = vi.fn();
    renderWithApp(
      <ChannelTransferDialog
        channel={channel}
        direction="out"
        available={20}
        onDone={onDone}
        onClose={() => {}}
      />,
    );
    fireEvent.change(await screen.findByLabelText('Amount'), { target: { value: '12.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move out' }));
    await waitFor(() =>
      expect(onDone).toHaveBeenCalledWith({ direction: 'out', amount: 12.5, pending: true }),
    );
    expect(sent).toEqual([{ channel: 'table', direction: 'out', amount: 12.5 }]);
  });
});

describe('a transfer channel card on /my', () => {
  it('shows a move whose answer was lost as being confirmed until the provider tells the balance again', async () => {
    const balances = [
      () => envelope(200, { channel: 'table', balance: 0 }),
      // The provider is still unreachable right after the move...
      () => envelope(500, { code: 'channel_unavailable' }, 'unavailable'),
      // ...and answers on the next ask.
      () => envelope(200, { channel: 'table', balance: 10 }),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input) => {
        const url = String(input);
        if (url.endsWith('/games/lobby')) return envelope(200, { channels: [channel] });
        if (url.endsWith('/games/channel-balance')) {
          // The last answer stands for every later ask.
          const answer = balances.length > 1 ? balances.shift() : balances[0];
          return answer ? answer() : envelope(500, null);
        }
        if (url.endsWith('/games/transfer'))
          return envelope(200, { state: 'pending', canWithdrawCoin: 90, channelBalance: 0 });
        return envelope(200, null);
      }),
    );
    await renderInRouter(() => <GamesCorner withdrawable={100} />);
    const card = await screen.findByTestId('channel-card');
    await waitFor(() => expect(card.textContent).toContain('₱0.00'));
    fireEvent.click(screen.getByRole('button', { name: 'Move in' }));
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '10' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Move in' }).at(-1) as HTMLElement);
    expect(await screen.findByText('Being confirmed')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Being confirmed')).toBeNull(), { timeout: 6000 });
    expect(screen.getByTestId('channel-balance').textContent).toBe('₱10.00');
  });
});

describe('the game frame dialog', () => {
  it('shows the game page full-screen under the game’s name, focus on its close button', async () => {
    const onClose = vi.fn();
    renderWithApp(
      <GameFrameDialog
        launch={{ name: 'Lucky Reels', url: 'https://games.test/play/x?token=t' }}
        onClose={onClose}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Lucky Reels' });
    const frame = dialog.querySelector('iframe');
    expect(frame?.getAttribute('src')).toBe('https://games.test/play/x?token=t');
    expect(frame?.getAttribute('title')).toBe('Lucky Reels');
    const close = screen.getByRole('button', { name: 'Close' });
    await waitFor(() => expect(document.activeElement).toBe(close));
    fireEvent.keyDown(close, { key: 'Tab' });
    expect(document.activeElement).toBe(frame);
    fireEvent.click(close);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
