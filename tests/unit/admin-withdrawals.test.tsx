import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminWithdrawal } from '#contract/admin/withdrawals';
import { WithdrawalsPage } from '#features/admin/components/withdrawals-page.tsx';
import { queryClient } from '#lib/query-client';
import { logout, setUser } from '#lib/session';
import { stubApi, withApp } from './api-stub';
import { userInfo } from './fixtures';

// Issue 31, item 14: a withdrawal above the four-eyes threshold, approved once, says that it waits for a
// second operator and who approved it; its first approver is offered no Approve, another operator approves
// the waiting request itself.

const withdrawal = (
  fields: Partial<AdminWithdrawal> & Pick<AdminWithdrawal, 'id' | 'orderNo'>,
): AdminWithdrawal => ({
  amount: 6000,
  state: 'WaitReview',
  methodKind: 'ewallet',
  methodLabel: 'GCash ****0001',
  reason: null,
  steps: [],
  arrival: { minMinutes: 1, maxMinutes: 720 },
  createdAt: Date.UTC(2026, 11, 2, 1),
  updatedAt: Date.UTC(2026, 11, 2, 1),
  userUid: 10000002,
  username: '63+9170000002',
  secondApproval: null,
  ...fields,
});

const FIRST = 10000007;
const page = {
  content: [
    withdrawal({
      id: 2,
      orderNo: 'W2',
      secondApproval: { commandId: 41, approvedBy: { uid: FIRST }, approvedAt: Date.UTC(2026, 11, 2, 2) },
    }),
    withdrawal({ id: 1, orderNo: 'W1', amount: 100 }),
  ],
  totalPages: 1,
  number: 0,
  totalElements: 2,
};
const filters = { state: 'all', sort: 'newest', page: 0 } as const;

const signInAs = (uid: number) => setUser({ token: 't', tokenHead: 'Bearer ', user: userInfo({ uid }) });
const rowOf = async (orderNo: string) =>
  (await screen.findAllByRole('row')).find((r) => within(r).queryByText(orderNo)) as HTMLElement;

afterEach(() => {
  // Unmounted first: a signed-out page still mounted would ask the (unstubbed) network again.
  cleanup();
  queryClient.clear();
  logout();
  vi.unstubAllGlobals();
});

describe('the withdrawal queue', () => {
  it('shows a first approval as waiting for a second operator, and offers its approver no Approve', async () => {
    signInAs(FIRST);
    stubApi({ '/admin/withdrawals/list': page });
    withApp(<WithdrawalsPage filters={filters} onFilters={() => undefined} />);
    const waiting = await rowOf('W2');
    expect(waiting.textContent).toContain('Waiting for a second operator');
    expect(waiting.textContent).toContain('approved by you');
    expect(waiting.textContent).not.toContain('Awaiting review');
    expect(within(waiting).queryByRole('button', { name: /Approve/ })).toBeNull();
    expect(within(waiting).getByRole('button', { name: 'Reject' })).toBeTruthy();
    // A withdrawal that nobody approved yet is as before.
    const fresh = await rowOf('W1');
    expect(fresh.textContent).toContain('Awaiting review');
    expect(within(fresh).getByRole('button', { name: 'Approve' })).toBeTruthy();
  });

  it('lets another operator approve the waiting request, naming who approved first', async () => {
    signInAs(10000008);
    const sent = stubApi({
      '/admin/withdrawals/list': page,
      '/admin/commands/approve': {
        id: 41,
        kind: 'withdrawal_approve',
        site: null,
        payload: { id: 2, orderNo: 'W2', amount: 6000 },
        maker: { uid: FIRST },
        state: 'approved',
        checker: { uid: 10000008 },
        reason: null,
        failure: null,
        createdAt: Date.UTC(2026, 11, 2, 2),
        decidedAt: Date.UTC(2026, 11, 2, 3),
      },
    });
    withApp(<WithdrawalsPage filters={filters} onFilters={() => undefined} />);
    const waiting = await rowOf('W2');
    expect(waiting.textContent).toContain(`approved by UID ${FIRST}`);
    await userEvent
      .setup()
      .click(within(waiting).getByRole('button', { name: 'Approve as second operator' }));
    await waitFor(() => expect(sent.some((s) => s.path === '/admin/commands/approve')).toBe(true));
    expect(sent.find((s) => s.path === '/admin/commands/approve')?.body).toEqual({ id: 41 });
    expect(sent.some((s) => s.path === '/admin/withdrawals/approve')).toBe(false);
  });
});
