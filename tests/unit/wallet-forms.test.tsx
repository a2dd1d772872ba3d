import { renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BankCardPage, EWalletPage } from '../../src/features/wallet/components/method-form';
import { SafePage } from '../../src/features/wallet/components/safe-page';
import { useLingeringFlag } from '../../src/features/wallet/lingering-flag';
import { queryClient } from '../../src/lib/query-client';
import { renderInRouter } from './render';

const errorOf = (label: string) => {
  const input = screen.getByLabelText(label);
  return document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;
};

beforeEach(() => queryClient.clear());

describe('bank card form', () => {
  it('shows the spec messages under the fields without calling the server', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    await renderInRouter(() => <BankCardPage id={undefined} />, '/AddCard');
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorOf('Cardholder name')).toBe('Cardholder name is required'));
    expect(errorOf('Bank')).toBe('Please select a wallet or bank');
    expect(errorOf('Card number')).toBe('Card number is required');
    expect(errorOf('IFSC code')).toBe('IFSC code is required');
    expect(errorOf('Phone number')).toBe('Phone number must be 10 digits');
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Phone number'), '12345');
    await user.type(screen.getByLabelText('IFSC code'), 'bad');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorOf('IFSC code')).toBe('IFSC code format is incorrect'));
    expect(errorOf('Phone number')).toBe('Phone number must be 10 digits');
  });

  it('shows the server’s 400 issues under their fields', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(
        async () =>
          new Response(
            JSON.stringify({
              status: 400,
              message: 'Bad input',
              data: { issues: [{ path: 'cardNumber', code: 'card_number_format', message: 'x' }] },
            }),
            { status: 400, headers: { 'content-type': 'application/json' } },
          ),
      ),
    );
    const user = userEvent.setup();
    await renderInRouter(() => <BankCardPage id={undefined} />, '/AddCard');
    await user.type(await screen.findByLabelText('Cardholder name'), 'Maria');
    await user.selectOptions(screen.getByLabelText('Bank'), 'HDFC Bank');
    await user.type(screen.getByLabelText('Card number'), '123456789');
    await user.type(screen.getByLabelText('IFSC code'), 'HDFC0001234');
    await user.type(screen.getByLabelText('Phone number'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorOf('Card number')).toBe('Card number format is incorrect'));
  });
});

describe('e-wallet form', () => {
  it('asks for the wallet and the account', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>());
    const user = userEvent.setup();
    await renderInRouter(() => <EWalletPage id={undefined} />, '/AddZhiFuBao');
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorOf('E-wallet')).toBe('Please select a wallet or bank'));
    expect(errorOf('E-wallet account')).toBe('Account is required');
    expect(errorOf('Account holder name')).toBe('Cardholder name is required');
  });
});

describe('safe password', () => {
  it('must be 6 digits', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input) => {
        const url = String(input);
        const data = url.endsWith('/wallet/safe/info')
          ? { hasPassword: false, balance: 0, lockedUntil: null, triesLeft: 5 }
          : {
              totalCoin: 0,
              canWithdrawCoin: 0,
              lockedCoin: 0,
              inGameCoin: 0,
              safeCoin: 0,
              phone: '1',
              channelData: [],
            };
        return new Response(JSON.stringify({ status: 200, message: 'ok', data }), {
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const user = userEvent.setup();
    await renderInRouter(() => <SafePage />, '/Safe');
    await user.type(await screen.findByLabelText('New safe password'), '12a3');
    await user.click(screen.getByRole('button', { name: 'Set safe password' }));
    await waitFor(() => expect(errorOf('New safe password')).toBe('Safe password must be 6 digits'));
  });
});

describe('user-info loading flag', () => {
  it('clears 3 s after the last load', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ active }) => useLingeringFlag(active), {
      initialProps: { active: true },
    });
    expect(result.current).toBe(true);
    rerender({ active: false });
    act(() => vi.advanceTimersByTime(2999));
    expect(result.current).toBe(true);
    rerender({ active: true });
    rerender({ active: false });
    act(() => vi.advanceTimersByTime(2999));
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(false);
  });
});
