import { i18n } from '@lingui/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DepositPage } from '#features/wallet/components/deposit-page.tsx';
import { SafePage } from '#features/wallet/components/safe-page.tsx';
import { TransferPage } from '#features/wallet/components/transfer-page.tsx';
import { WithdrawPage } from '#features/wallet/components/withdraw-page.tsx';
import { queryClient } from '#lib/query-client';
import { toastStore } from '#lib/toast';
import { renderInRouter } from './render';

/**
 * Every amount field reads the amount the user's locale's way (issue 11, item 1): it shows, live, the
 * amount it understood, refuses what is ambiguous before anything is sent, and sends exactly that amount.
 */

const json = (status: number, data: unknown, message = 'ok', http = status === 200 ? 200 : status) =>
  new Response(JSON.stringify({ status, message, data }), {
    status: http,
    headers: { 'content-type': 'application/json' },
  });

const SECONDARY = {
  totalCoin: 5000,
  canWithdrawCoin: 5000,
  lockedCoin: 0,
  inGameCoin: 0,
  safeCoin: 100,
  phone: '9171234567',
  channelData: [],
};
const SAFE = { hasPassword: true, balance: 100, lockedUntil: null, triesLeft: 5 };
const METHOD = {
  id: 3,
  kind: 'ewallet',
  walletType: 'GCash',
  accountMasked: '****0001',
  holderName: 'Ana Reyes',
  createdAt: 1,
};

type Route = (body: Record<string, unknown>) => Response;

/** A fake API: the read calls answer fixed data; `moves` answers the calls that move money, and records them. */
function fakeApi(moves: Record<string, Route> = {}) {
  const sent: Array<{ path: string; body: Record<string, unknown> }> = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const path = new URL(String(input), 'http://x').pathname.replace(/^\/api/, '');
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    const move = moves[path];
    if (move) {
      sent.push({ path, body });
      return move(body);
    }
    if (path === '/user/secondaryInfo') return json(200, SECONDARY);
    if (path === '/wallet/safe/info') return json(200, SAFE);
    if (path === '/wallet/cards/list') return json(200, [METHOD]);
    return json(404, null, 'not found');
  });
  vi.stubGlobal('fetch', fetchMock);
  return { sent };
}

const hintOf = (label: string) => {
  const input = screen.getByLabelText(label, { selector: 'input' });
  return (
    document.getElementById(input.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent ?? ''
  );
};

async function withLocale(locale: string) {
  i18n.loadAndActivate({ locale, messages: {} });
}

beforeEach(() => {
  queryClient.clear();
  toastStore.set([]);
});
afterEach(() => withLocale('en-US'));

async function render(ui: () => ReactNode, path: string) {
  const view = await renderInRouter(ui, path);
  return { view, user: userEvent.setup() };
}

describe('deposit', () => {
  it('es-ES: "100,50" shows M$100,50 under the field and sends 100.5', async () => {
    await withLocale('es-ES');
    const order = {
      orderNo: 'D1',
      amount: 100.5,
      state: 'Prepare',
      payUrl: '/pay',
      provider: 'sandbox',
      createdAt: 1,
      expiresAt: 2,
      completedAt: null,
      failReason: null,
    };
    const { sent } = fakeApi({ '/wallet/deposit/create': () => json(200, order) });
    const { user } = await render(() => <DepositPage orderNo={undefined} />, '/Deposit');
    await user.type(await screen.findByLabelText('Deposit amount'), '100,50');
    expect(screen.getByTestId('amount-understood').textContent).toBe('You will deposit M$100,50');
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body.amount).toBe(100.5);
  });

  it('en-US: "100,00" is refused as not a correct amount, nothing is sent', async () => {
    const { sent } = fakeApi({ '/wallet/deposit/create': () => json(500, null) });
    const { user } = await render(() => <DepositPage orderNo={undefined} />, '/Deposit');
    const field = await screen.findByLabelText('Deposit amount');
    await user.type(field, '100,00');
    expect(screen.queryByTestId('amount-understood')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    await waitFor(() => expect(hintOf('Deposit amount')).toBe('Please enter a correct amount'));
    expect(sent).toHaveLength(0);

    // The same field, typed the en-US way, is read and shown.
    await user.clear(field);
    await user.type(field, '10,000.5');
    expect(screen.getByTestId('amount-understood').textContent).toBe('You will deposit ₱10,000.50');
  });

  it.each([
    ['en-US', '12.345'],
    ['es-ES', '100.50'],
    ['es-ES', '1,234.50'],
    ['ko-KR', '1,5'],
  ])('%s: %j is refused before anything is sent', async (locale, typed) => {
    await withLocale(locale);
    const { sent } = fakeApi({ '/wallet/deposit/create': () => json(500, null) });
    const { user } = await render(() => <DepositPage orderNo={undefined} />, '/Deposit');
    await user.type(await screen.findByLabelText('Deposit amount'), typed);
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    await waitFor(() => expect(hintOf('Deposit amount')).toBe('Please enter a correct amount'));
    expect(sent).toHaveLength(0);
  });
});

describe('safe', () => {
  it('es-ES: "1,50" into the safe moves 1.5, shown first as M$1,50', async () => {
    await withLocale('es-ES');
    const result = { recordId: 1, amount: 1.5, safeBalance: 101.5, canWithdrawCoin: 4998.5 };
    const { sent } = fakeApi({ '/wallet/safe/deposit': () => json(200, result) });
    const { user } = await render(() => <SafePage />, '/Safe');
    await user.type(await screen.findByLabelText('Amount into the safe'), '1,50');
    expect(hintOf('Amount into the safe')).toBe('You will move M$1,50 into the safe');
    await user.click(screen.getByRole('button', { name: 'Move in' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({ amount: 1.5 });
  });

  it('es-ES: "1.234,5" out of the safe is 1234.5; "1.50" is refused', async () => {
    await withLocale('es-ES');
    const { sent } = fakeApi({
      '/wallet/safe/withdraw': () =>
        json(200, { recordId: 1, amount: 1, safeBalance: 0, canWithdrawCoin: 0 }),
    });
    const { user } = await render(() => <SafePage />, '/Safe');
    const amount = await screen.findByLabelText('Amount out of the safe');
    await user.type(amount, '1.50');
    await user.type(screen.getByLabelText('Safe password', { selector: 'input' }), '135790');
    await user.click(screen.getByRole('button', { name: 'Move out' }));
    await waitFor(() => expect(hintOf('Amount out of the safe')).toBe('Please enter a correct amount'));
    expect(sent).toHaveLength(0);
    await user.clear(amount);
    await user.type(amount, '1.234,5');
    expect(hintOf('Amount out of the safe')).toBe('You will take M$1234,50 out of the safe');
  });

  it('a lockout is said once: the line on the page, no toast as well', async () => {
    let lockedUntil: number | null = null;
    fakeApi({
      // As the server: from the 5th wrong password on, the safe's info says until when it is locked.
      '/wallet/safe/info': () => json(200, { ...SAFE, lockedUntil, triesLeft: 0 }),
      '/wallet/safe/withdraw': () => {
        lockedUntil = Date.now() + 900_000;
        return json(
          429,
          { code: 'safe_locked', retryAfter: 900 },
          'Too many wrong safe passwords, try again in 15 minutes',
        );
      },
    });
    const { user } = await render(() => <SafePage />, '/Safe');
    await user.type(await screen.findByLabelText('Amount out of the safe'), '5');
    await user.type(screen.getByLabelText('Safe password', { selector: 'input' }), '000000');
    await user.click(screen.getByRole('button', { name: 'Move out' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toMatch(
        /^Too many wrong safe passwords\. Try again after/,
      ),
    );
    // Give a toast the time it would take to appear.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(toastStore.get()).toEqual([]);
    expect(screen.getAllByText(/Too many wrong safe passwords/)).toHaveLength(1);
  });
});

describe('withdraw and transfer', () => {
  it('es-ES withdraw: "200,50" is read as 200.5', async () => {
    await withLocale('es-ES');
    const { sent } = fakeApi({ '/wallet/withdraw/create': () => json(500, null, 'stop here') });
    const { user } = await render(() => <WithdrawPage />, '/Withdraw');
    await screen.findByRole('radio', { name: /GCash/ });
    await user.type(screen.getByLabelText('Withdrawal amount'), '200,50');
    expect(hintOf('Withdrawal amount')).toBe('You will withdraw M$200,50');
    await user.type(screen.getByLabelText('Safe password', { selector: 'input' }), '135790');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toMatchObject({ amount: 200.5, methodId: 3 });
  });

  it('en-US transfer: "55,5" is refused; "1,055.5" is read as 1055.5', async () => {
    const { sent } = fakeApi({ '/wallet/transfer': () => json(500, null, 'stop here') });
    const { user } = await render(() => <TransferPage />, '/Transfer');
    await user.type(await screen.findByLabelText('Receiver UID'), '100001');
    const amount = screen.getByLabelText('Transfer amount');
    await user.type(amount, '55,5');
    await user.type(screen.getByLabelText('Safe password', { selector: 'input' }), '135790');
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    await waitFor(() => expect(hintOf('Transfer amount')).toBe('Please enter a correct amount'));
    expect(sent).toHaveLength(0);
    await user.clear(amount);
    await user.type(amount, '1,055.5');
    expect(hintOf('Transfer amount')).toBe('You will transfer ₱1,055.50');
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toMatchObject({ amount: 1055.5, receiverUid: 100001 });
  });
});
