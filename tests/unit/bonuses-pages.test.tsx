import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BonusOffer, Forfeit, Requirement } from '#contract/bonuses';
import { BonusesPage } from '#features/bonuses/components/bonuses-page.tsx';
import { DepositOffers } from '#features/bonuses/components/deposit-offers.tsx';
import { DepositPage } from '#features/wallet/components/deposit-page.tsx';
import { WalletSummary } from '#features/wallet/components/wallet-summary.tsx';
import { WithdrawPage } from '#features/wallet/components/withdraw-page.tsx';
import { queryClient } from '#lib/query-client';
import { toastStore } from '#lib/toast';
import { renderInRouter } from './render';

/**
 * The player's side of bonuses (issue 33): the page's offers, claim and requirements; a deposit's opt-in,
 * sent only when chosen and undone when the server refuses it; a withdrawal's forfeit, sent only with
 * consent, and asked again when the server says what it forfeits has changed.
 */

const json = (status: number, data: unknown, message = 'ok') =>
  new Response(JSON.stringify({ status, message, data }), {
    status: status === 200 ? 200 : status,
    headers: { 'content-type': 'application/json' },
  });

const OFFER: BonusOffer = {
  id: 4,
  version: 3,
  kind: 'deposit_match',
  takenBy: 'deposit',
  title: 'Welcome 100%',
  terms: 'The full terms.',
  percent: 100,
  amount: null,
  minDeposit: 100,
  maxBonus: 5000,
  nthDeposit: null,
  turnoverMultiplier: 20,
  turnoverBase: 'bonus',
  maxBet: 250,
  maxConversion: null,
  validityDays: 7,
  forfeitsOnWithdrawal: true,
  contributions: [{ channel: 'slots', name: 'Slots', percent: 100 }],
};
const CLAIMABLE: BonusOffer = {
  ...OFFER,
  id: 5,
  version: 1,
  kind: 'registration',
  takenBy: 'claim',
  title: 'Sign-up gift',
  percent: null,
  amount: 88,
  minDeposit: null,
  maxBonus: null,
};
const OPEN: Requirement = {
  id: 11,
  offerId: 4,
  kind: 'bonus',
  title: 'Welcome 100%',
  state: 'open',
  amount: 500,
  balance: 480.5,
  required: 10_000,
  wagered: 2_500,
  maxBet: 250,
  maxConversion: null,
  forfeitsOnWithdrawal: true,
  grantedAt: 1,
  expiresAt: null,
  endedAt: null,
  released: 0,
  removed: 0,
};
const ENDED: Requirement = { ...OPEN, id: 12, state: 'expired', balance: 0, endedAt: 5, removed: 75 };
const SECONDARY = {
  totalCoin: 5000,
  canWithdrawCoin: 4500,
  lockedCoin: 500,
  inGameCoin: 0,
  safeCoin: 0,
  phone: '9171234567',
  channelData: [],
};
const METHOD = {
  id: 3,
  kind: 'ewallet',
  walletType: 'GCash',
  accountMasked: '****0001',
  holderName: 'Ana Reyes',
  createdAt: 1,
};

type Route = (body: Record<string, unknown>, call: number) => Response;
interface Sent {
  path: string;
  body: Record<string, unknown>;
  key: string | null;
}

/** A fake API: each path answers its route (with how many times it was called), and every call is recorded. */
function fakeApi(routes: Record<string, Route>) {
  const sent: Sent[] = [];
  const calls: Record<string, number> = {};
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const path = new URL(String(input), 'http://x').pathname.replace(/^\/api/, '');
      const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
      const key = new Headers(init?.headers).get('Idempotency-Key');
      sent.push({ path, body, key });
      calls[path] = (calls[path] ?? 0) + 1;
      const route = routes[path];
      if (route) return route(body, calls[path]);
      if (path === '/user/secondaryInfo') return json(200, SECONDARY);
      if (path === '/wallet/safe/info')
        return json(200, { hasPassword: true, balance: 0, lockedUntil: null, triesLeft: 5 });
      if (path === '/wallet/cards/list') return json(200, [METHOD]);
      return json(404, null, 'not found');
    }),
  );
  return { sent, of: (path: string) => sent.filter((s) => s.path === path) };
}

async function render(ui: () => ReactNode, path: string) {
  const view = await renderInRouter(ui, path);
  return { view, user: userEvent.setup() };
}

beforeEach(() => {
  queryClient.clear();
  toastStore.set([]);
});
afterEach(() => queryClient.clear());

describe('/Bonuses', () => {
  it('shows an offer with its rules and terms, an open requirement with its progress, and the history', async () => {
    fakeApi({
      '/bonus/offers': () => json(200, [OFFER]),
      '/bonus/mine': () => json(200, { active: [OPEN], history: [ENDED] }),
    });
    await render(() => <BonusesPage />, '/Bonuses');
    const offer = await screen.findByTestId('bonus-offer');
    expect(within(offer).getByText('100% of your deposit as a bonus')).toBeTruthy();
    expect(within(offer).getByText('While it is open, each bet is at most ₱250.00')).toBeTruthy();
    expect(within(offer).getByText('Slots: 100% of each bet counts')).toBeTruthy();
    expect(within(offer).getByText('The full terms.')).toBeTruthy();
    // Taken with a deposit: the way there, no claim button.
    expect(
      within(offer).getByRole('link', { name: 'Take it on your next deposit' }).getAttribute('href'),
    ).toBe('/Deposit');
    expect(within(offer).queryByRole('button', { name: 'Claim' })).toBeNull();

    const bar = await screen.findByRole('progressbar', { name: 'Bets made for Welcome 100%' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(bar.getAttribute('aria-valuetext')).toBe('₱2,500.00 of ₱10,000.00 bet (25%)');
    expect(screen.getByTestId('requirement-locked').textContent).toBe('₱480.50');
    expect(within(screen.getByTestId('bonus-requirement')).getByText('Does not expire')).toBeTruthy();
    expect(
      within(screen.getByTestId('bonus-history')).getByText(
        'Expired before the bets were made: ₱75.00 removed',
      ),
    ).toBeTruthy();
  });

  it('claims with an Idempotency-Key and says why a claim was refused', async () => {
    const api = fakeApi({
      '/bonus/offers': () => json(200, [CLAIMABLE]),
      '/bonus/mine': () => json(200, { active: [], history: [] }),
      '/bonus/claim': () => json(200, { state: 'refused', reason: 'same_device', requirement: null }),
    });
    const { user } = await render(() => <BonusesPage />, '/Bonuses');
    expect(await screen.findByText('No active bonus')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Claim' }));
    expect(
      await screen.findByText('Your claim was refused: A welcome offer was already claimed on this device'),
    ).toBeTruthy();
    const [claim] = api.of('/bonus/claim');
    expect(claim?.body).toEqual({ offerId: 5, version: 1 });
    expect(claim?.key).toMatch(/^[0-9a-f-]{32,36}$/);
  });

  it('says a second claim in words (409 bonus_claimed)', async () => {
    fakeApi({
      '/bonus/offers': () => json(200, [CLAIMABLE]),
      '/bonus/mine': () => json(200, { active: [], history: [] }),
      '/bonus/claim': () => json(409, { code: 'bonus_claimed' }, 'server words'),
    });
    const { user } = await render(() => <BonusesPage />, '/Bonuses');
    await user.click(await screen.findByRole('button', { name: 'Claim' }));
    expect(await screen.findByText('You have already claimed this bonus')).toBeTruthy();
  });
});

const ORDER = {
  orderNo: 'D1',
  amount: 500,
  state: 'Prepare',
  payUrl: '/pay',
  provider: 'sandbox',
  createdAt: 1,
  expiresAt: 2,
  completedAt: null,
  failReason: null,
};

const depositWithOffers = () => (
  <DepositPage orderNo={undefined} offers={(slot) => <DepositOffers {...slot} />} />
);

describe('deposit with an offer', () => {
  it('asks for the offers of the typed amount and sends no bonus unless one is chosen', async () => {
    const api = fakeApi({
      '/bonus/offers': () => json(200, [OFFER]),
      '/wallet/deposit/create': () => json(200, ORDER),
    });
    const { user } = await render(depositWithOffers, '/Deposit');
    await user.type(await screen.findByLabelText('Deposit amount'), '500');
    const none = await screen.findByRole('radio', { name: 'No bonus' });
    expect((none as HTMLInputElement).checked).toBe(true);
    expect(api.of('/bonus/offers').at(-1)?.body).toEqual({ deposit: 500 });
    // The rules are there to read before opting in.
    expect(screen.getByText('Bet 20 x the bonus before it can be withdrawn')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    await waitFor(() => expect(api.of('/wallet/deposit/create')).toHaveLength(1));
    expect(api.of('/wallet/deposit/create')[0]?.body).toEqual({ amount: 500 });
  });

  it('sends the chosen offer at the version read', async () => {
    const api = fakeApi({
      '/bonus/offers': () => json(200, [OFFER]),
      '/wallet/deposit/create': () => json(200, ORDER),
    });
    const { user } = await render(depositWithOffers, '/Deposit');
    await user.type(await screen.findByLabelText('Deposit amount'), '500');
    await user.click(await screen.findByRole('radio', { name: 'Welcome 100%' }));
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    await waitFor(() => expect(api.of('/wallet/deposit/create')).toHaveLength(1));
    expect(api.of('/wallet/deposit/create')[0]?.body).toEqual({
      amount: 500,
      bonusOffer: { id: 4, version: 3 },
    });
  });

  it('offers nothing before the amount is a valid deposit', async () => {
    const api = fakeApi({ '/bonus/offers': () => json(200, [OFFER]) });
    const { user } = await render(depositWithOffers, '/Deposit');
    await user.type(await screen.findByLabelText('Deposit amount'), '12.345');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(api.of('/bonus/offers')).toHaveLength(0);
    expect(screen.queryByTestId('deposit-offers')).toBeNull();
  });

  it('says a changed offer (409 offer_changed) in words, undoes the choice and reads the offers again', async () => {
    const newer = { ...OFFER, version: 4, title: 'Welcome 50%', percent: 50 };
    const api = fakeApi({
      '/bonus/offers': (_body, call) => json(200, call === 1 ? [OFFER] : [newer]),
      '/wallet/deposit/create': (_body, call) =>
        call === 1 ? json(409, { code: 'offer_changed' }, 'server words') : json(200, ORDER),
    });
    const { user } = await render(depositWithOffers, '/Deposit');
    await user.type(await screen.findByLabelText('Deposit amount'), '500');
    await user.click(await screen.findByRole('radio', { name: 'Welcome 100%' }));
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The terms of this offer changed: read them again',
    );
    expect(await screen.findByRole('radio', { name: 'Welcome 50%' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'No bonus' }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'Welcome 50%' }));
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    await waitFor(() => expect(api.of('/wallet/deposit/create')).toHaveLength(2));
    expect(api.of('/wallet/deposit/create')[1]?.body).toEqual({
      amount: 500,
      bonusOffer: { id: 4, version: 4 },
    });
  });
});

const WITHDRAWAL = {
  id: 7,
  orderNo: 'W7',
  amount: 200,
  state: 'WaitReview',
  methodKind: 'ewallet',
  methodLabel: 'GCash ****0001',
  reason: null,
  steps: [],
  arrival: { minMinutes: 1, maxMinutes: 720 },
  createdAt: 1,
  updatedAt: 1,
};
const FORFEIT: Forfeit = { requirementId: 11, title: 'Welcome 100%', amount: 480.5 };

async function fillWithdrawal(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('radio', { name: /GCash/ });
  await user.type(screen.getByLabelText('Withdrawal amount'), '200');
  await user.type(screen.getByLabelText('Safe password', { selector: 'input' }), '135790');
  await user.click(screen.getByRole('button', { name: 'Withdraw' }));
}

describe('withdraw with a bonus open', () => {
  it('sends nothing before consent, and nothing when the player cancels', async () => {
    const api = fakeApi({
      '/bonus/forfeits': () => json(200, [FORFEIT]),
      '/wallet/withdraw/create': () => json(200, WITHDRAWAL),
    });
    const { user } = await render(() => <WithdrawPage />, '/Withdraw');
    await fillWithdrawal(user);
    const dialog = await screen.findByRole('dialog', { name: 'Withdrawing forfeits a bonus' });
    expect(within(dialog).getByTestId('forfeits').textContent).toContain('Welcome 100%');
    expect(within(dialog).getByText('You would lose', { exact: false }).textContent).toContain('₱480.50');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.of('/wallet/withdraw/create')).toHaveLength(0);
  });

  it('sends the consent to each forfeit with its amount', async () => {
    const api = fakeApi({
      '/bonus/forfeits': () => json(200, [FORFEIT]),
      '/wallet/withdraw/create': () => json(200, WITHDRAWAL),
    });
    const { user } = await render(() => <WithdrawPage />, '/Withdraw');
    await fillWithdrawal(user);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw and forfeit' }));
    await waitFor(() => expect(api.of('/wallet/withdraw/create')).toHaveLength(1));
    expect(api.of('/wallet/withdraw/create')[0]?.body).toMatchObject({
      amount: 200,
      methodId: 3,
      forfeits: [{ requirementId: 11, amount: 480.5 }],
    });
  });

  it('sends no forfeits when nothing would be forfeited', async () => {
    const api = fakeApi({
      '/bonus/forfeits': () => json(200, []),
      '/wallet/withdraw/create': () => json(200, WITHDRAWAL),
    });
    const { user } = await render(() => <WithdrawPage />, '/Withdraw');
    await fillWithdrawal(user);
    await waitFor(() => expect(api.of('/wallet/withdraw/create')).toHaveLength(1));
    expect(api.of('/wallet/withdraw/create')[0]?.body).not.toHaveProperty('forfeits');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks again with the fresh list when the server says it changed (409 bonus_forfeit_changed)', async () => {
    const grown = { ...FORFEIT, amount: 600 };
    const api = fakeApi({
      '/bonus/forfeits': (_body, call) => json(200, call === 1 ? [FORFEIT] : [grown]),
      '/wallet/withdraw/create': (_body, call) =>
        call === 1 ? json(409, { code: 'bonus_forfeit_changed' }, 'server words') : json(200, WITHDRAWAL),
    });
    const { user } = await render(() => <WithdrawPage />, '/Withdraw');
    await fillWithdrawal(user);
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Withdraw and forfeit' }),
    );
    const again = await screen.findByRole('alert');
    expect(again.textContent).toBe('What this withdrawal would forfeit has changed: confirm again');
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByTestId('forfeits').textContent).toContain('₱600.00');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw and forfeit' }));
    await waitFor(() => expect(api.of('/wallet/withdraw/create')).toHaveLength(2));
    expect(api.of('/wallet/withdraw/create')[1]?.body).toMatchObject({
      forfeits: [{ requirementId: 11, amount: 600 }],
    });
  });

  it('a failed question still sends the withdrawal: the server refuses it when consent was needed', async () => {
    const api = fakeApi({
      '/bonus/forfeits': (_body, call) => (call === 1 ? json(500, null, 'boom') : json(200, [FORFEIT])),
      '/wallet/withdraw/create': () => json(409, { code: 'bonus_forfeit_required' }, 'server words'),
    });
    const { user } = await render(() => <WithdrawPage />, '/Withdraw');
    await fillWithdrawal(user);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'This withdrawal would forfeit an open bonus: confirm to continue',
    );
    expect(api.of('/wallet/withdraw/create')[0]?.body).not.toHaveProperty('forfeits');
  });
});

describe('the balance card', () => {
  it('shows withdrawable and locked apart, with the way to why it is locked', async () => {
    fakeApi({
      '/user/levelData': () => json(200, { vipState: { level: 0, historySteam: 0 }, meta: [], progress: 0 }),
    });
    await render(() => <WalletSummary />, '/my');
    await waitFor(() => expect(screen.getByTestId('withdrawable').textContent).toBe('₱4,500.00'));
    expect(screen.getByTestId('locked').textContent).toBe('₱500.00');
    expect(screen.getByRole('link', { name: 'Why is money locked?' }).getAttribute('href')).toBe('/Bonuses');
  });
});
