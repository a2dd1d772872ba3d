import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentDetail, Member, Report, Team } from '#contract/agent';
import { useJoinAgentMutation } from '#features/agent/agent.mutations.ts';
import { agentKeys } from '#features/agent/agent.queries.ts';
import { EarningsMoveForm } from '#features/agent/components/agent-bits.tsx';
import { BindCodeCard } from '#features/agent/components/bind-code-card.tsx';
import { RechargeLinkPreset, RegisterLinkPreset } from '#features/agent/components/link-presets.tsx';
import { ReportDetailsPage } from '#features/agent/components/report-details-page.tsx';
import { ReportPage } from '#features/agent/components/report-page.tsx';
import { SetRatioDialog } from '#features/agent/components/set-ratio-dialog.tsx';
import { TeamPage } from '#features/agent/components/team-page.tsx';
import { walletKeys } from '#features/wallet/wallet.queries.ts';
import { queryClient } from '#lib/query-client';
import { logout, setUser, USER_QUERY_KEY } from '#lib/session';
import { toastStore } from '#lib/toast';
import { DayChart } from '#ui/day-chart';
import { envelope, stubApi, withApp } from './api-stub';
import { userInfo } from './fixtures';
import { renderInRouter } from './render';

// The chart library draws on a canvas jsdom does not have: its one module is replaced, and what it is
// asked to draw is checked.
const mountChart = vi.hoisted(() => vi.fn(() => ({ resize: () => {}, destroy: () => {} })));
vi.mock('#ui/uplot-chart', () => ({ mountChart }));

/** The error shown under a field (its aria-describedby). */
const errorOf = (input: HTMLElement) =>
  document.getElementById(input.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent;

const ratios = (slots: number, live: number) => [
  { channel: 'slots', name: 'Slots', rate: slots },
  { channel: 'live-casino', name: 'Live Casino', rate: live },
];

const member = (fields: Partial<Member> & Pick<Member, 'uid'>): Member => ({
  phone: '+63 917***45',
  job: 0,
  depth: 1,
  joinedAt: Date.UTC(2026, 10, 20),
  ratios: ratios(0.2, 0.1),
  members: { direct: 0, total: 0 },
  deposits: 500,
  validBets: 1234.5,
  commission: 3.25,
  ...fields,
});

const detail = (fields: Partial<AgentDetail> = {}): AgentDetail => ({
  job: 1,
  inviteCode: 'AB12CD',
  boundTo: null,
  ratios: ratios(0.5, 0.3),
  defaults: ratios(0.2, 0.1),
  members: { direct: 2, total: 5 },
  commission: { balance: 150, held: 0, todayEstimate: 1.5, yesterday: 2.25 },
  rakeBack: { balance: 0, todayEstimate: 0 },
  withdrawMin: 100,
  today: '2026-11-26',
  ...fields,
});

beforeEach(() => {
  queryClient.clear();
  toastStore.set([]);
});
afterEach(() => {
  logout();
  mountChart.mockClear();
});

describe('moving commission to the main balance', () => {
  it('refuses less than the minimum and more than the balance, and sends nothing', async () => {
    const sent = stubApi({});
    const user = userEvent.setup();
    withApp(<EarningsMoveForm from="commission" balance={150} min={100} />);
    expect(screen.getByText('Minimum ₱100.00')).toBeTruthy();
    const amount = screen.getByLabelText('Amount to move');
    await user.type(amount, '99.99');
    await user.click(screen.getByRole('button', { name: 'Move to balance' }));
    await waitFor(() => expect(errorOf(amount)).toBe('The amount is below the minimum agent withdrawal'));
    await user.clear(amount);
    await user.type(amount, '150.01');
    await user.click(screen.getByRole('button', { name: 'Move to balance' }));
    await waitFor(() => expect(errorOf(amount)).toBe('Insufficient balance'));
    expect(sent.filter((s) => s.path === '/agent/withdraw')).toHaveLength(0);
  });

  it('explains a negative balance instead of offering a move that cannot work', () => {
    stubApi({});
    withApp(<EarningsMoveForm from="commission" balance={-12.5} min={100} />);
    expect(screen.getByTestId('earnings-negative').textContent).toMatch(/negative/);
    expect(screen.queryByRole('button', { name: 'Move to balance' })).toBeNull();
  });

  it('sends an Idempotency-Key, the same on a retry after a failure, a fresh one for the next move', async () => {
    let calls = 0;
    const sent = stubApi({
      '/agent/withdraw': () => {
        calls += 1;
        return calls === 1 ? envelope(500, null, 'boom') : { balance: 30, canWithdrawCoin: 620 };
      },
    });
    const client = queryClient;
    client.setQueryData(walletKeys.secondary(), { totalCoin: 500 });
    const user = userEvent.setup();
    withApp(<EarningsMoveForm from="commission" balance={150} min={100} />);
    const amount = screen.getByLabelText('Amount to move');
    await user.type(amount, '120');
    expect(screen.getByTestId('amount-understood').textContent).toBe('You will move ₱120.00 to your balance');
    await user.click(screen.getByRole('button', { name: 'Move to balance' }));
    await waitFor(() => expect(calls).toBe(1));
    await user.click(screen.getByRole('button', { name: 'Move to balance' }));
    expect(await screen.findByText('Moved ₱120.00 to your balance')).toBeTruthy();
    // The same amount again is a new action: a new key.
    await user.type(amount, '120');
    await user.click(screen.getByRole('button', { name: 'Move to balance' }));
    await waitFor(() => expect(calls).toBe(3));
    const moves = sent.filter((s) => s.path === '/agent/withdraw');
    expect(moves.map((m) => m.body)).toEqual([
      { from: 'commission', amount: 120 },
      { from: 'commission', amount: 120 },
      { from: 'commission', amount: 120 },
    ]);
    expect(moves[0]?.key).toBeTruthy();
    expect(moves[1]?.key).toBe(moves[0]?.key);
    expect(moves[2]?.key).not.toBe(moves[1]?.key);
    // The main balance changed: the wallet's figures are asked for again.
    expect(client.getQueryState(walletKeys.secondary())?.isInvalidated).toBe(true);
  });

  it('moves all of the rake back with one tap, with no minimum', async () => {
    const sent = stubApi({ '/agent/withdraw': { balance: 0, canWithdrawCoin: 10 } });
    const user = userEvent.setup();
    withApp(<EarningsMoveForm from="rakeback" balance={7.35} />);
    await user.click(screen.getByRole('button', { name: 'All' }));
    await user.click(screen.getByRole('button', { name: 'Move to balance' }));
    await waitFor(() => expect(sent.some((s) => s.path === '/agent/withdraw')).toBe(true));
    expect(sent.find((s) => s.path === '/agent/withdraw')?.body).toEqual({ from: 'rakeback', amount: 7.35 });
  });
});

describe('setting a direct member’s ratio', () => {
  const target = { uid: 42, ratios: ratios(0.2, 0.1) };

  it('says the change applies from the next business day and refuses a ratio above the agent’s own', async () => {
    const sent = stubApi({});
    const user = userEvent.setup();
    withApp(<SetRatioDialog member={target} own={ratios(0.5, 0.3)} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Set the ratio of UID 42' });
    expect(within(dialog).getByText(/applies from the next business day/)).toBeTruthy();
    const slots = within(dialog).getByLabelText('Slots (%)') as HTMLInputElement;
    expect(slots.value).toBe('0.20');
    expect(within(dialog).getByText('At most your own: 0.50%')).toBeTruthy();
    await user.clear(slots);
    await user.type(slots, '0.51');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorOf(slots)).toBe('The ratio cannot be above your own'));
    expect(document.activeElement).toBe(slots);
    await user.clear(slots);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorOf(slots)).toBe('Enter a ratio'));
    expect(sent.filter((s) => s.path === '/uid/app/agentdown')).toHaveLength(0);
  });

  it('shows the server’s refusal under the channel it is about, in the user’s language', async () => {
    stubApi({
      '/uid/app/agentdown': envelope(
        400,
        { issues: [{ path: 'ratios.1.rate', code: 'ratio_below_member', message: 'x' }] },
        'bad',
      ),
    });
    const user = userEvent.setup();
    withApp(<SetRatioDialog member={target} own={ratios(0.5, 0.3)} onClose={() => {}} />);
    const live = screen.getByLabelText('Live Casino (%)');
    await user.clear(live);
    await user.type(live, '0.05');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(errorOf(live)).toBe('The ratio cannot be below that of a member under this account'),
    );
  });

  it('sends every channel’s ratio and closes with the day the change applies from', async () => {
    const sent = stubApi({
      '/uid/app/agentdown': {
        ratios: [
          { channel: 'slots', name: 'Slots', rate: 0.2, next: { rate: 0.35, from: '2026-11-27' } },
          { channel: 'live-casino', name: 'Live Casino', rate: 0.1 },
        ],
      },
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    withApp(<SetRatioDialog member={target} own={ratios(0.5, 0.3)} onClose={onClose} />);
    const slots = screen.getByLabelText('Slots (%)');
    await user.clear(slots);
    await user.type(slots, '0,35');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent.find((s) => s.path === '/uid/app/agentdown')?.body).toEqual({
      memberUid: 42,
      ratios: [
        { channel: 'slots', rate: 0.35 },
        { channel: 'live-casino', rate: 0.1 },
      ],
    });
    expect(toastStore.get().map((toast) => toast.message)).toContain(
      'Saved. The new ratio applies from Nov 27, 2026.',
    );
  });
});

describe('the team page', () => {
  const team = (fields: Partial<Team>): Team => ({
    members: { direct: 2, total: 5 },
    path: [],
    page: { content: [], totalPages: 1, number: 0, totalElements: 0 },
    ...fields,
  });
  const rows = [
    member({ uid: 101, members: { direct: 1, total: 3 } }),
    member({ uid: 102, job: 1, commission: 0 }),
  ];

  function stubTeam(answer: (body: Record<string, unknown>) => Team) {
    return stubApi({
      '/uid/app/detail': detail(),
      '/uid/app/links': {
        inviteCode: 'AB12CD',
        registerUrl: 'https://beacon.test/register?code=AB12CD',
        qrSvg: '<svg/>',
      },
      '/agent/team': answer,
    });
  }

  it('shows the summary, the invite link and each member with their figures', async () => {
    stubTeam(() => team({ page: { content: rows, totalPages: 1, number: 0, totalElements: 2 } }));
    await renderInRouter(() => <TeamPage search={{}} onSearch={() => {}} />, '/team');
    expect((await screen.findByTestId('members-total')).textContent).toBe('5');
    expect(screen.getByTestId('commission-balance').textContent).toBe('₱150.00');
    expect((await screen.findByTestId('invite-code')).textContent).toBe('AB12CD');
    expect(screen.getAllByTestId('share-url')[0]?.textContent).toBe(
      'https://beacon.test/register?code=AB12CD',
    );
    const members = await screen.findAllByTestId('member');
    expect(members).toHaveLength(2);
    const first = members[0] as HTMLElement;
    expect(first.textContent).toContain('+63 917***45');
    expect(first.textContent).toContain('101');
    expect(first.textContent).toContain('3 members');
    expect(within(first).getByTestId('member-commission').textContent).toBe('₱3.25');
    expect(first.textContent).toContain('Slots 0.20%');
    // A direct player can be promoted; a direct agent cannot (again).
    expect(within(first).getByRole('button', { name: 'Promote to agent, UID 101' })).toBeTruthy();
    expect(within(members[1] as HTMLElement).queryByRole('button', { name: /Promote/ })).toBeNull();
    expect(within(first).getByRole('link', { name: 'Details, UID 101' }).getAttribute('href')).toBe(
      '/Downline/101',
    );
  });

  it('opens a member’s members with a tap, and shows the trail back up', async () => {
    const sent = stubTeam((body) =>
      body.parentUid === 101
        ? team({
            path: [{ uid: 101, phone: '+63 917***45' }],
            page: { content: [member({ uid: 201, depth: 2 })], totalPages: 1, number: 0, totalElements: 1 },
          })
        : team({ page: { content: rows, totalPages: 1, number: 0, totalElements: 2 } }),
    );
    const onSearch = vi.fn();
    const view = await renderInRouter(() => <TeamPage search={{}} onSearch={onSearch} />, '/team');
    const first = (await screen.findAllByTestId('member'))[0] as HTMLElement;
    fireEvent.click(within(first).getByRole('button', { name: /\+63 917\*\*\*45/ }));
    expect(onSearch).toHaveBeenCalledWith({ parent: 101 });

    view.unmount();
    await renderInRouter(() => <TeamPage search={{ parent: 101 }} onSearch={onSearch} />, '/team?parent=101');
    const trail = await screen.findByRole('navigation', { name: 'Team levels' });
    await waitFor(() => expect(within(trail).getByText('Members of +63 917***45')).toBeTruthy());
    expect(within(trail).getByRole('link', { name: 'My direct members' })).toBeTruthy();
    const deeper = (await screen.findAllByTestId('member'))[0] as HTMLElement;
    // Only direct members have their ratio set here.
    expect(within(deeper).queryByRole('button', { name: /Set ratio/ })).toBeNull();
    expect(deeper.textContent).toContain('Level 2');
    expect(sent.some((s) => s.path === '/agent/team' && s.body.parentUid === 101)).toBe(true);
  });

  it('searches the whole team on Enter', async () => {
    const sent = stubTeam(() => team({}));
    const onSearch = vi.fn();
    const user = userEvent.setup();
    await renderInRouter(() => <TeamPage search={{ q: '9171' }} onSearch={onSearch} />, '/team?q=9171');
    expect(await screen.findByText('No member matches')).toBeTruthy();
    expect(sent.find((s) => s.path === '/agent/team')?.body).toMatchObject({ search: '9171', number: 0 });
    const box = screen.getByRole('searchbox', { name: 'Search by UID or phone' });
    await user.clear(box);
    await user.type(box, '4242{Enter}');
    expect(onSearch).toHaveBeenLastCalledWith({ q: '4242' });
  });
});

describe('the report page', () => {
  const report = (fields: Partial<Report> = {}): Report => ({
    from: '2026-11-01',
    to: '2026-11-03',
    unsettledFrom: null,
    own: { bets: 300, validBets: 250, wins: 120, deposits: 500, withdrawals: 0, rakeBack: 0.75 },
    days: [{ day: '2026-11-02', validBets: 250, rakeBack: 0.75 }],
    ...fields,
  });

  it('shows a player’s own figures, each opening its rows, a chart with its table, and “become an agent”', async () => {
    setUser({ token: 't', tokenHead: 'Bearer ', user: userInfo({ uid: 7, job: 0 }) });
    const sent = stubApi({ '/agent/report': report() });
    await renderInRouter(() => <ReportPage search={{ range: 'month' }} onSearch={() => {}} />, '/report');
    expect((await screen.findByTestId('own-rakeback')).textContent).toBe('₱0.75');
    expect(sent.find((s) => s.path === '/agent/report')?.body).toEqual({ range: 'month' });
    expect(screen.queryByTestId('team-figures')).toBeNull();
    const rake = screen.getByRole('link', { name: /Rake back ₱0.75/ });
    expect(rake.getAttribute('href')).toBe('/ReportDetails?figure=rakeBack&range=month');
    expect(screen.getByTestId('become-agent')).toBeTruthy();
    // The chart: three days, the empty ones as 0, and the same figures in a table.
    await waitFor(() => expect(mountChart).toHaveBeenCalled());
    const [, data] = mountChart.mock.calls[0] as unknown as [
      HTMLElement,
      { days: string[]; series: unknown[] },
    ];
    expect(data.days).toEqual(['2026-11-01', '2026-11-02', '2026-11-03']);
    expect(screen.getByTestId('day-chart').getAttribute('aria-hidden')).toBe('true');
    const table = screen.getByRole('table', { name: 'Valid bets and rake back by day' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByRole('row', { name: /Nov 2, 2026 ₱250.00 ₱0.75/ })).toBeTruthy();
  });

  it('shows an agent’s team figures and a chart of the team’s days', async () => {
    setUser({ token: 't', tokenHead: 'Bearer ', user: userInfo({ uid: 7, job: 1 }) });
    stubApi({
      '/agent/report': report({
        team: {
          newMembers: 2,
          activeMembers: 1,
          deposits: 100,
          withdrawals: 0,
          validBets: 900,
          commission: 4.5,
        },
        days: [{ day: '2026-11-02', validBets: 0, rakeBack: 0, teamValidBets: 900, commission: 4.5 }],
      }),
    });
    await renderInRouter(() => <ReportPage search={{ range: 'week' }} onSearch={() => {}} />, '/report');
    expect((await screen.findByTestId('team-commission')).textContent).toBe('₱4.50');
    expect(screen.getByTestId('team-new-members').textContent).toBe('2');
    expect(screen.getByRole('link', { name: /Commission ₱4.50/ }).getAttribute('href')).toBe(
      '/ReportDetails?figure=commission&range=week',
    );
    expect(screen.queryByTestId('become-agent')).toBeNull();
    expect(screen.getByRole('table', { name: 'Team valid bets and commission by day' })).toBeTruthy();
    // Every day settled: nothing to say about it.
    expect(screen.queryByTestId('report-unsettled')).toBeNull();
  });

  it('says from which day rake back and commission are not settled yet, and where today’s estimate is', async () => {
    setUser({ token: 't', tokenHead: 'Bearer ', user: userInfo({ uid: 7, job: 1 }) });
    const team = {
      newMembers: 0,
      activeMembers: 1,
      deposits: 0,
      withdrawals: 0,
      validBets: 30,
      commission: 0,
    };
    stubApi({
      '/agent/report': report({ from: '2026-11-03', to: '2026-11-03', unsettledFrom: '2026-11-03', team }),
    });
    await renderInRouter(() => <ReportPage search={{ range: 'today' }} onSearch={() => {}} />, '/report');
    expect((await screen.findByTestId('team-commission')).textContent).toBe('₱0.00');
    expect(screen.getByRole('note').textContent).toBe(
      "Rake back and commission are settled after each day ends: from Nov 3, 2026 on they are not in these figures yet. The Team tab shows today's commission as an estimate.",
    );
  });

  it('changes the range with the tabs, and asks nothing for a custom range until its days are right', async () => {
    setUser({ token: 't', tokenHead: 'Bearer ', user: userInfo({ uid: 7, job: 0 }) });
    const sent = stubApi({ '/agent/report': report() });
    const onSearch = vi.fn();
    await renderInRouter(
      () => (
        <ReportPage search={{ range: 'custom', from: '2026-11-05', to: '2026-11-01' }} onSearch={onSearch} />
      ),
      '/report',
    );
    expect(
      await screen.findByText('Choose a range of at most 92 days, the start before the end'),
    ).toBeTruthy();
    expect(sent.filter((s) => s.path === '/agent/report')).toHaveLength(0);
    fireEvent.click(screen.getByRole('tab', { name: 'Yesterday' }));
    expect(onSearch).toHaveBeenCalledWith({ range: 'yesterday' });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-09' } });
    expect(onSearch).toHaveBeenLastCalledWith({ range: 'custom', from: '2026-11-05', to: '2026-11-09' });
  });
});

describe('the rows of a figure', () => {
  it('name each row’s ledger transaction, or why a commission is held, for the range asked', async () => {
    const sent = stubApi({
      '/uid/app/detail': detail(),
      '/agent/report/details': {
        total: 3.5,
        page: {
          content: [
            {
              day: '2026-11-25',
              member: { uid: 101, phone: '+63 917***45' },
              channel: 'slots',
              amount: 2.5,
              ledgerTransactionId: 77,
            },
            {
              day: '2026-11-25',
              member: { uid: 102, phone: '+63 917***46' },
              channel: 'live-casino',
              amount: 1,
              held: 'shared_device',
            },
          ],
          totalPages: 1,
          number: 0,
          totalElements: 2,
        },
      },
    });
    await renderInRouter(
      () => (
        <ReportDetailsPage
          figure="commission"
          search={{ range: 'custom', from: '2026-11-01', to: '2026-11-25' }}
        />
      ),
      '/ReportDetails',
    );
    expect((await screen.findByTestId('details-total')).textContent).toBe('₱3.50');
    const rows = await screen.findAllByTestId('details-row');
    expect(within(rows[0] as HTMLElement).getByTestId('ledger-id').textContent).toBe(
      'Ledger transaction #77',
    );
    await waitFor(() => expect(rows[0]?.textContent).toContain('Slots'));
    const held = rows[1] as HTMLElement;
    expect(within(held).queryByTestId('ledger-id')).toBeNull();
    expect(held.textContent).toContain('Held for review: the member uses the same device as you');
    expect(held.textContent).toContain('Live Casino');
    expect(screen.getByText('Nov 1, 2026 to Nov 25, 2026')).toBeTruthy();
    expect(sent.find((s) => s.path === '/agent/report/details')?.body).toEqual({
      number: 0,
      size: 50,
      figure: 'commission',
      range: 'custom',
      from: '2026-11-01',
      to: '2026-11-25',
    });
  });
});

describe('a chart of days', () => {
  const data = {
    days: ['2026-11-01', '2026-11-02'],
    series: [
      { label: 'Valid bets', values: [10, 20.5] },
      { label: 'Commission', values: [0.1, 0.25] },
    ],
  };

  it('draws once per change of figures (not per render) and shows its table on request', async () => {
    const view = withApp(<DayChart title="By day" data={data} format={(v) => `$${v.toFixed(2)}`} />);
    await waitFor(() => expect(mountChart).toHaveBeenCalledTimes(1));
    view.rerender(
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <DayChart title="By day" data={{ ...data }} format={(v) => `$${v.toFixed(2)}`} />
        </QueryClientProvider>
      </I18nProvider>,
    );
    await act(async () => {});
    expect(mountChart).toHaveBeenCalledTimes(1);
    const toggle = screen.getByRole('button', { name: 'Show as a table' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide the table' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('region', { name: 'By day' })).toBeTruthy();
    expect(screen.getByRole('row', { name: 'Nov 2, 2026 $20.50 $0.25' })).toBeTruthy();
  });

  it('says there is nothing to draw instead of an empty canvas', () => {
    withApp(
      <DayChart
        title="By day"
        data={{ days: ['2026-11-01'], series: [{ label: 'x', values: [0] }] }}
        format={String}
      />,
    );
    expect(screen.getByText('Nothing in these days yet')).toBeTruthy();
    expect(screen.queryByTestId('day-chart')).toBeNull();
    expect(mountChart).not.toHaveBeenCalled();
  });
});

describe('an invite code bound later, and what a link presets', () => {
  it('binds once: the server’s refusal shows under the field in the user’s language', async () => {
    const sent = stubApi({
      '/uid/app/detail': detail({ job: 0 }),
      '/agent/bind': envelope(
        400,
        { issues: [{ path: 'inviteCode', code: 'bind_self', message: 'x' }] },
        'bad',
      ),
    });
    const user = userEvent.setup();
    withApp(<BindCodeCard />);
    const field = await screen.findByRole('textbox', { name: 'Invite code' });
    await user.click(screen.getByRole('button', { name: 'Bind' }));
    await waitFor(() => expect(errorOf(field)).toBe('Enter an invite code'));
    expect(sent.filter((x) => x.path === '/agent/bind')).toHaveLength(0);
    await user.type(field, 'AB12CD');
    await user.click(screen.getByRole('button', { name: 'Bind' }));
    await waitFor(() => expect(errorOf(field)).toBe('You cannot bind your own invite code'));
    expect(sent.find((x) => x.path === '/agent/bind')?.body).toEqual({ inviteCode: 'AB12CD' });
  });

  it('says which code the user is bound to, with no form', async () => {
    stubApi({ '/uid/app/detail': detail({ boundTo: { uid: 9, inviteCode: 'ZZ99' } }) });
    withApp(<BindCodeCard />);
    expect((await screen.findByTestId('bound-to')).textContent).toContain('ZZ99');
    expect(screen.queryByRole('button', { name: 'Bind' })).toBeNull();
  });

  it('shows a registration link’s agent, ratio and job, or that it is no longer valid', () => {
    const view = withApp(
      <RegisterLinkPreset
        info={{ kind: 'register', inviteCode: 'AB12CD', rate: 0.2, join: 'agent' }}
        invalid={false}
      />,
    );
    const preset = screen.getByTestId('link-preset');
    expect(preset.textContent).toContain('You are invited by the agent with the code AB12CD.');
    expect(preset.textContent).toContain('Your ratio: 0.20%');
    expect(preset.textContent).toContain('You join as: Agent');
    view.unmount();
    withApp(<RegisterLinkPreset info={undefined} invalid />);
    expect(screen.getByTestId('link-preset').textContent).toContain('This link is not valid any more');
  });

  it('says when a recharge link was made for someone else (the deposit is still one’s own)', () => {
    withApp(
      <RechargeLinkPreset
        info={{ kind: 'recharge', inviteCode: 'AB12CD', memberUid: 5, amount: 200 }}
        invalid={false}
        uid={6}
      />,
    );
    const preset = screen.getByTestId('link-preset');
    expect(preset.textContent).toContain('Suggested amount: ₱200.00');
    expect(preset.textContent).toContain('This link was made for UID 5');
  });
});

describe('becoming an agent', () => {
  it('asks for the signed-in user again at once, so the tab bar follows the job', async () => {
    stubApi({ '/agent/join': { job: 1 } });
    const client = new QueryClient();
    client.setQueryData(USER_QUERY_KEY, { user: userInfo({ uid: 7, job: 0 }) });
    client.setQueryData(agentKeys.detail('en-US'), detail({ job: 0 }));
    client.setQueryData(walletKeys.secondary(), {});
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useJoinAgentMutation(), { wrapper });
    await act(() => result.current.mutateAsync());
    expect(client.getQueryState(USER_QUERY_KEY)?.isInvalidated).toBe(true);
    expect(client.getQueryState(agentKeys.detail('en-US'))?.isInvalidated).toBe(true);
    expect(client.getQueryState(walletKeys.secondary())?.isInvalidated).toBe(false);
  });
});
