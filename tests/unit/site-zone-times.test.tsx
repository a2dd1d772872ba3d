// Issue 31 items 16 and 12 (decision 0046): times on pages that show the site's business days are shown in the
// zone those days are counted in (the user's own site's), on a phone set to another zone, and the page says
// which zone. The member joined at 2026-12-01T16:02Z: Dec 2, 00:02 in Manila, Dec 1, 08:02 in Los Angeles.
import { screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentDetail, Member } from '#contract/agent';
import type { SpinState } from '#contract/spin';
import { DownlinePage } from '#features/agent/components/downline-page.tsx';
import { ReportDetailsPage } from '#features/agent/components/report-details-page.tsx';
import { TeamPage } from '#features/agent/components/team-page.tsx';
import { SpinPage } from '#features/spin/components/spin-page.tsx';
import { RecordsPage } from '#features/wallet/components/records-page.tsx';
import { recordFilters } from '#features/wallet/wallet.queries.ts';
import { queryClient } from '#lib/query-client';
import { logout, setUser } from '#lib/session';
import { dayStartInZone, formatInZone, zoneLabel } from '#lib/zoned-time';
import { stubApi } from './api-stub';
import { userInfo } from './fixtures';
import { renderInRouter } from './render';

vi.mock('#ui/uplot-chart', () => ({ mountChart: () => ({ resize: () => {}, destroy: () => {} }) }));

const JOINED = Date.UTC(2026, 11, 1, 16, 2);
const NOTE = 'Dates and times in Asia/Manila time (GMT+8)';

// Node reads TZ again whenever it is set: the device's zone is Los Angeles for every test here.
const deviceZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/Los_Angeles';
});
afterAll(() => {
  if (deviceZone === undefined) delete process.env.TZ;
  else process.env.TZ = deviceZone;
});
beforeEach(() => {
  queryClient.clear();
  setUser({ token: 't', tokenHead: 'Bearer ', user: userInfo({ uid: 7, job: 1, timeZone: 'Asia/Manila' }) });
});
afterEach(() => logout());

const member = (fields: Partial<Member> = {}): Member => ({
  uid: 101,
  phone: '+63 917***45',
  job: 0,
  depth: 1,
  joinedAt: JOINED,
  ratios: [],
  members: { direct: 0, total: 0 },
  deposits: 0,
  validBets: 0,
  commission: 0,
  ...fields,
});

const detail: AgentDetail = {
  job: 1,
  inviteCode: 'AB12CD',
  boundTo: null,
  ratios: [],
  defaults: [],
  members: { direct: 1, total: 1 },
  commission: { balance: 0, held: 0, todayEstimate: 0, yesterday: 0 },
  rakeBack: { balance: 0, todayEstimate: 0 },
  withdrawMin: 100,
  today: '2026-12-02',
};

describe('the zone of the user’s days', () => {
  it('is the device’s zone here, so a test of the site’s zone can fail', () => {
    expect(new Date(JOINED).getDate()).toBe(1);
  });

  it('formats an instant in the site’s zone and names the zone with its offset', () => {
    expect(formatInZone(JOINED, 'en-US', 'Asia/Manila')).toBe('Dec 2, 2026, 12:02 AM');
    expect(formatInZone(JOINED, 'en-US', 'Asia/Manila', 'date')).toBe('Dec 2, 2026');
    expect(zoneLabel('en-US', 'Asia/Manila', JOINED)).toEqual({ zone: 'Asia/Manila', offset: 'GMT+8' });
    // Unknown (a cached user's zone this runtime lacks) or none: the device's.
    expect(formatInZone(JOINED, 'en-US', 'Nowhere/Else', 'date')).toBe('Dec 1, 2026');
    expect(zoneLabel('en-US', undefined, JOINED)).toEqual({ zone: 'America/Los_Angeles', offset: 'GMT-8' });
  });

  it('starts a day at its first instant in the zone, also on a day of 23 hours', () => {
    expect(dayStartInZone('2026-12-02', 'Asia/Manila')).toBe(Date.UTC(2026, 11, 1, 16));
    expect(dayStartInZone('2026-03-08', 'America/New_York')).toBe(Date.UTC(2026, 2, 8, 5));
    expect(dayStartInZone('2026-03-09', 'America/New_York')).toBe(Date.UTC(2026, 2, 9, 4));
  });
});

describe('the agent’s pages show the site’s days', () => {
  it('a team row says the member joined on the site’s Dec 2, and the page names the zone', async () => {
    stubApi({
      '/uid/app/detail': detail,
      '/uid/app/links': { inviteCode: 'AB12CD', registerUrl: 'https://beacon.test/r', qrSvg: '<svg/>' },
      '/agent/team': {
        members: { direct: 1, total: 1 },
        path: [],
        page: { content: [member()], totalPages: 1, number: 0, totalElements: 1 },
      },
    });
    await renderInRouter(() => <TeamPage search={{}} onSearch={() => {}} />, '/team');
    const row = await screen.findByTestId('member');
    expect(row.textContent).toContain('Joined Dec 2, 2026');
    expect(screen.getByTestId('zone-note').textContent).toBe(NOTE);
  });

  it('the downline page says the member joined on the site’s Dec 2, in the site’s zone', async () => {
    stubApi({
      '/uid/app/detail': detail,
      '/agent/downline': { member: member(), days: [], canSetRatio: false },
    });
    await renderInRouter(() => <DownlinePage uid={101} />, '/Downline/101');
    const card = await screen.findByTestId('downline-member');
    expect(card.textContent).toContain('Joined Dec 2, 2026');
    expect(within(card).getByTestId('zone-note').textContent).toBe(NOTE);
  });

  it('a row of a figure is at 12:02 AM of the site’s Dec 2, and the page names the zone', async () => {
    stubApi({
      '/uid/app/detail': detail,
      '/agent/report/details': {
        total: 1,
        page: {
          content: [
            { day: '2026-12-02', at: JOINED, member: { uid: 101, phone: '+63 917***45' }, amount: 0 },
          ],
          totalPages: 1,
          number: 0,
          totalElements: 1,
        },
      },
    });
    await renderInRouter(
      () => <ReportDetailsPage figure="newMembers" search={{ range: 'today' }} />,
      '/ReportDetails',
    );
    const row = await screen.findByTestId('details-row');
    expect(row.textContent).toContain('Dec 2, 2026, 12:02 AM');
    expect(screen.getByTestId('zone-note').textContent).toBe(NOTE);
  });
});

describe('the wheel and the records show one zone', () => {
  const draw = {
    day: '2026-12-02',
    prize: { code: 'cash-5', kind: 'cash' as const, name: '5', amount: 5 },
    multiplier: 1,
    amount: 5,
    createdAt: JOINED,
    followUp: null,
  };
  const spinState: SpinState = {
    today: '2026-12-02',
    run: {
      firstDay: '2026-12-01',
      lastDay: '2026-12-07',
      recharged: 100,
      doubled: false,
      days: [
        { day: '2026-12-01', state: 'missed', draw: null },
        { day: '2026-12-02', state: 'spun', draw },
      ],
    },
    prizes: [{ code: 'cash-5', kind: 'cash', name: '5', amount: 5, weight: 1 }],
    operator: 'Beacon',
    followUps: [],
  };
  const spinRecord = {
    id: 1,
    type: 'spin',
    amount: 5,
    state: 'Success',
    orderNo: null,
    counterpartyUid: null,
    remark: null,
    game: null,
    createdAt: JOINED,
    updatedAt: JOINED,
  };

  it('today’s spin, won at 00:02 of the site’s Dec 2, is on Dec 2 in the records too, both naming the zone', async () => {
    stubApi({ '/spin/state': spinState });
    const spin = await renderInRouter(() => <SpinPage onWon={() => {}} />, '/Spin');
    const days = await screen.findAllByTestId('spin-day');
    expect(days[1]?.textContent).toContain('Dec 2');
    const spinNote = screen.queryByTestId('zone-note')?.textContent;
    spin.unmount();

    stubApi({
      '/wallet/records': { content: [spinRecord], totalPages: 1, number: 0, totalElements: 1 },
    });
    await renderInRouter(() => <RecordsPage search={{}} onSearch={() => {}} />, '/Records');
    const record = await screen.findByTestId('record');
    expect(record.textContent).toContain('Dec 2, 2026, 12:02 AM');
    expect(spinNote).toBe(NOTE);
    expect(screen.getByTestId('zone-note').textContent).toBe(NOTE);
  });

  it('a records filter of Dec 2 is the site’s Dec 2, and holds the spin', () => {
    const { from = 0, to = 0 } = recordFilters({ from: '2026-12-02', to: '2026-12-02' }, 'Asia/Manila');
    expect(from).toBe(Date.UTC(2026, 11, 1, 16));
    expect(to).toBe(Date.UTC(2026, 11, 2, 16) - 1);
    expect(JOINED >= from && JOINED <= to).toBe(true);
  });
});
