import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProtectionState } from '#contract/protection';
import { DepositLimitOffer } from '#features/protection/components/protection-link.tsx';
import { queryClient } from '#lib/query-client';
import { stubApi } from './api-stub';
import { renderInRouter } from './render';

// Issue 31 item 5 (decision 0043): the deposit page's banner says what was deposited (completed deposits
// only) and, apart, what orders awaiting payment hold of the limits.

afterEach(() => queryClient.clear());

const state = (awaiting: number): ProtectionState => ({
  limits: [
    { period: 'day', amount: 500, used: 0, pending: null },
    { period: 'week', amount: null, used: 0, pending: null },
    { period: 'month', amount: null, used: 0, pending: null },
  ],
  block: null,
  awaiting,
  realityMinutes: 0,
  now: Date.UTC(2026, 11, 2),
});

describe('the deposit page limit banner', () => {
  it('shows nothing deposited for an unpaid order, and the order as awaiting payment', async () => {
    stubApi({ '/protection/state': state(150) });
    await renderInRouter(() => <DepositLimitOffer />);
    expect(await screen.findByText('Limit per 24 hours: ₱500.00 (deposited ₱0.00)')).toBeTruthy();
    expect(screen.getByTestId('limits-awaiting').textContent).toBe(
      'Orders awaiting payment: ₱150.00. They count towards your limits until they are paid or expire.',
    );
  });

  it('says nothing about awaiting payment when no order awaits it', async () => {
    stubApi({ '/protection/state': state(0) });
    await renderInRouter(() => <DepositLimitOffer />);
    expect(await screen.findByText('Limit per 24 hours: ₱500.00 (deposited ₱0.00)')).toBeTruthy();
    expect(screen.queryByTestId('limits-awaiting')).toBeNull();
  });
});
