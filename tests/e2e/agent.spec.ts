import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  devices,
  expect,
  type FrameLocator,
  type Page,
  test,
} from '@playwright/test';
import { adminHoldListCall, adminHoldReleaseCall } from '#contract/admin/agent';
import { agentDetailCall, genDownlinkCall } from '#contract/agent';
import { roundsCall } from '#contract/games';
import { recordsCall, secondaryInfoCall } from '#contract/wallet';
import { apiCall } from './api';
import { expectNoViolations, preloadAxe } from './axe-support';
import { LOCALES } from './every-route';
import { startOwnServer } from './own-server';
import { recordsInEveryLocale } from './records-locales';
import { AREA_CODE, demoAccount, freshPhone, latestSmsCode, logIn, mainNav, peso, tabNames } from './support';
import { depositViaApi, operatorToken, PASSWORD } from './wallet-support';

// Issue 14's end-to-end item: an agent shares a registration link, a new user registers through it,
// deposits and plays a demo game; the agent sees the member in the team and sets their ratio; the next
// business day the agent sees the commission in the statement and the chart and moves it to the main
// balance, and the member sees their rake back; axe on the team, report and rake back pages.
//
// The agent is made for each run through a link of the demo senior agent (slots 0.50%) that makes its
// member an agent at 0.50%; the member joins through the agent's own link at 0.20%. The game is Lucky
// Reels, a slots game, so on a valid bet V the member's rake back is floor(V x 0.20%) and the agent's
// commission floor(V x 0.50%) - floor(V x 0.20%) (decision 0017).
//
// "The next business day" needs a clock the test can move: the second test starts a server of its own
// (the shared one serves specs running at the same time, whose codes and sessions a jump would age) and
// moves its clock through the demo-only call /api/dev/clock. Without that call it is skipped and says so.

const SLOTS_GAME = 'Lucky Reels';
const STAKE = 50;
const ROUNDS = 3;
/**
 * A round that breaks even (Lucky Reels' single cherry pays the stake back, about one spin in six) has a valid
 * bet of 0: the member plays on, one round at a time, until their rounds count (three break-evens in a row
 * are one run in 180; twelve, one in 10^9).
 */
const MAX_ROUNDS = 12;
const AGENT_RATE = 0.5;
const MEMBER_RATE = 0.2;

/** floor(V x ratio) in cents, as settlement computes a share (ratio in percent). */
const share = (validBet: number, ratePercent: number) =>
  Math.floor((Math.round(validBet * 100) * Math.round(ratePercent * 100)) / 10_000) / 100;

interface Account {
  phone: string;
  token: string;
  uid: number;
}

async function login(request: APIRequestContext, phone: string, password: string): Promise<Account> {
  const res = await request.post('/api/cplogin/login', { data: { areaCode: AREA_CODE, phone, password } });
  const body = (await res.json()) as { status: number; data: { token: string; user: { uid: number } } };
  expect(body.status, 'logs in').toBe(200);
  return { phone, token: body.data.token, uid: body.data.user.uid };
}

/** A new account registered through a registration link's code (the API, as the link's page does). */
async function registerThroughLink(request: APIRequestContext, link: string): Promise<Account> {
  const phone = freshPhone();
  const sent = await request.post('/api/cplogin/sendsms', {
    data: { areaCode: AREA_CODE, phone, purpose: 'register' },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const code = await latestSmsCode(request, phone, 'register');
  const res = await request.post('/api/cplogin/reg', {
    data: { areaCode: AREA_CODE, phone, password: PASSWORD, code, link },
  });
  const body = (await res.json()) as {
    status: number;
    message: string;
    data: { token: string; user: { uid: number } };
  };
  expect(body.status, body.message).toBe(200);
  return { phone, token: body.data.token, uid: body.data.user.uid };
}

/** The code of a link as the server made it: /register?link=<code>. */
const linkCode = (url: string) => new URL(url, 'http://x.invalid').searchParams.get('link') ?? '';

async function playRounds(game: FrameLocator, rounds: number): Promise<void> {
  await game.getByLabel(/^Stake/).fill(String(STAKE));
  for (let round = 0; round < rounds; round++) {
    await game.getByRole('button', { name: 'Spin', exact: true }).click();
    await expect(game.getByRole('status').filter({ hasText: /You win|No win this time/ })).toBeVisible({
      timeout: 30_000,
    });
  }
}

interface DayOne {
  agent: Account;
  member: Account;
  agentPage: Page;
  memberPage: Page;
  /** The member's valid bets of the day. */
  validBets: number;
}

/**
 * The first day: the agent (made through the senior agent's link) makes a link in /team, the member
 * registers through it in the app, deposits and plays; the agent sees the member and sets their ratio
 * (from the next day); today's figures in the report and the rake back page. Axe on each page.
 */
async function dayOne(agentContext: BrowserContext, memberContext: BrowserContext): Promise<DayOne> {
  const seniorAccount = demoAccount('senior agent (job 2)');
  const senior = await login(agentContext.request, seniorAccount.phone, seniorAccount.password);
  const seniorLink = await apiCall(
    agentContext.request,
    genDownlinkCall,
    {
      rate: AGENT_RATE,
      join: 'agent',
    },
    { token: senior.token },
  );
  const agent = await registerThroughLink(agentContext.request, linkCode(seniorLink.url));

  const agentPage = await agentContext.newPage();
  await agentPage.goto('/login');
  await logIn(agentPage, agent.phone, PASSWORD);
  await expect(agentPage).toHaveURL(/\/$/);
  // The link made them an agent: the team tab is there.
  await expect.poll(() => tabNames(agentPage)).toEqual(['Home', 'Report', 'Team', 'Promotion', 'My']);
  await mainNav(agentPage).getByRole('link', { name: 'Team' }).click();
  await expect(agentPage).toHaveURL(/\/team$/);
  const invite = agentPage.getByTestId('invite-card');
  await expect(invite.getByTestId('invite-code')).not.toBeEmpty();
  await expect(invite.getByRole('img', { name: 'QR code of your registration link' })).toBeVisible();

  // A link that gives the member 0.20%: above the agent's own is refused first.
  await invite.getByLabel('Ratio for the new member (%)').fill('0.6');
  await invite.getByRole('button', { name: 'Make the link' }).click();
  await expect(invite.getByText('The ratio cannot be above your own')).toBeVisible();
  await invite.getByLabel('Ratio for the new member (%)').fill(String(MEMBER_RATE));
  await invite.getByLabel('Joins as').selectOption('player');
  await invite.getByRole('button', { name: 'Make the link' }).click();
  const made = invite.getByTestId('made-link');
  await expect(made.getByTestId('share-url')).toContainText('/register?link=');
  const url = (await made.getByTestId('share-url').textContent()) ?? '';
  await expectNoViolations(agentPage, '/team with a link made');

  // The member opens the link: it says what it presets, and the registration binds through it.
  const memberPage = await memberContext.newPage();
  const linkUrl = new URL(url);
  await memberPage.goto(`${linkUrl.pathname}${linkUrl.search}`);
  const preset = memberPage.getByTestId('link-preset');
  await expect(preset).toContainText('You are invited by the agent with the code');
  await expect(preset).toContainText('Your ratio: 0.20%');
  await expect(preset).toContainText('You join as: Player');
  const phone = freshPhone();
  await memberPage.getByLabel('Country/region code').selectOption(AREA_CODE);
  await memberPage.getByLabel('Phone number').fill(phone);
  await memberPage.getByRole('button', { name: 'Send code' }).click();
  const code = await latestSmsCode(memberContext.request, phone, 'register');
  await memberPage.getByLabel('Verification code').fill(code);
  await memberPage.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await memberPage.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(memberPage).toHaveURL(/\/$/);
  const member = await login(memberContext.request, phone, PASSWORD);

  // Deposits and plays a slots game in the lobby.
  await depositViaApi(memberContext.request, member.token, 500);
  await memberPage.goto('/games');
  await memberPage.getByTestId('game').filter({ hasText: SLOTS_GAME }).click();
  const dialog = memberPage.getByRole('dialog', { name: SLOTS_GAME });
  await expect(dialog).toBeVisible();
  const frame = memberPage.frameLocator(`iframe[title="${SLOTS_GAME}"]`);
  await playRounds(frame, ROUNDS);
  const played = async () => apiCall(memberContext.request, roundsCall, {}, { token: member.token });
  const sumOf = (r: Awaited<ReturnType<typeof played>>) =>
    r.content.reduce((sum, round) => sum + Math.round(round.validBet * 100), 0) / 100;
  let rounds = await played();
  while (sumOf(rounds) === 0 && rounds.content.length < MAX_ROUNDS) {
    await playRounds(frame, 1);
    rounds = await played();
  }
  await dialog.getByRole('button', { name: 'Close' }).click();
  expect(rounds.content.length).toBeGreaterThanOrEqual(ROUNDS);
  const validBets = sumOf(rounds);
  expect(validBets).toBeGreaterThan(0);

  // The agent sees the member at once (bound at registration), with their play.
  await agentPage.reload();
  await expect(agentPage.getByTestId('members-direct')).toHaveText('1');
  const row = agentPage.getByTestId('member').filter({ hasText: String(member.uid) });
  await expect(row).toBeVisible();
  await expect(row).toContainText(`Slots ${MEMBER_RATE.toFixed(2)}%`);
  await expect(row).toContainText(peso(validBets));
  // The member's phone is masked.
  await expect(row).not.toContainText(phone);

  // Their ratio: above the agent's own is refused with the rule's words; 0.30% applies from tomorrow.
  await row.getByRole('button', { name: `Set ratio, UID ${member.uid}` }).click();
  const ratio = agentPage.getByRole('dialog', { name: `Set the ratio of UID ${member.uid}` });
  await expect(ratio.getByText(/applies from the next business day/)).toBeVisible();
  await ratio.getByLabel('Slots (%)').fill('0.51');
  await ratio.getByRole('button', { name: 'Save' }).click();
  await expect(ratio.getByText('The ratio cannot be above your own')).toBeVisible();
  await expectNoViolations(agentPage, 'the set-ratio dialog with its message');
  await ratio.getByLabel('Slots (%)').fill('0.3');
  await ratio.getByRole('button', { name: 'Save' }).click();
  await expect(agentPage.getByRole('status').filter({ hasText: /The new ratio applies from/ })).toBeVisible();
  await expect(ratio).toHaveCount(0);

  // Today's report: the new member and their valid bets in the team's figures, with the chart's table.
  await mainNav(agentPage).getByRole('link', { name: 'Report' }).click();
  await expect(agentPage.getByTestId('team-new-members')).toHaveText('1');
  await expect(agentPage.getByTestId('team-figures')).toContainText(peso(validBets));
  await expect(
    agentPage.getByRole('table', { name: 'Team valid bets and commission by day' }),
  ).toBeAttached();
  await expectNoViolations(agentPage, '/report of an agent');

  // The member's rake back, estimated for today at their ratio.
  await memberPage.goto('/RakeBack');
  await expect(memberPage.getByTestId('rakeback-today')).toHaveText(peso(share(validBets, MEMBER_RATE)));
  await expect(memberPage.getByText(`${MEMBER_RATE.toFixed(2)}%`).first()).toBeVisible();
  await expectNoViolations(memberPage, '/RakeBack');

  return { agent, member, agentPage, memberPage, validBets };
}

async function newContext(browser: Browser, baseURL: string | undefined): Promise<BrowserContext> {
  return browser.newContext({ ...devices['Pixel 7'], ...(baseURL ? { baseURL } : {}) });
}

test('an agent’s link, a member registering through it and playing; the team, the ratio and today’s figures', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const baseURL = testInfo.project.use.baseURL;
  const [agentContext, memberContext] = [
    await newContext(browser, baseURL),
    await newContext(browser, baseURL),
  ];
  await dayOne(agentContext, memberContext);
  await agentContext.close();
  await memberContext.close();
});

/** A server of this test's own, settling days quickly and with a low minimum. */
const ownServer = (port: number) =>
  startOwnServer(port, {
    AGENT_SETTLE_SECONDS: '1',
    AGENT_SETTLE_DELAY_SECONDS: '0',
    AGENT_WITHDRAW_MIN: '0.10',
  });

test('the next business day: the commission in the statement and the chart, moved to the balance; the member’s rake back', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(360_000);
  const server = await ownServer(4400 + testInfo.workerIndex);
  try {
    const probe = await request.post(`${server.baseURL}/api/dev/clock`, { data: { advanceMs: 0 } });
    test.skip(
      probe.status() === 404,
      'Needs the demo-only POST /api/dev/clock { advanceMs } (an offset on the server clock) to reach the next business day',
    );
    const agentContext = await newContext(browser, server.baseURL);
    const memberContext = await newContext(browser, server.baseURL);
    const { agent, member, agentPage, memberPage, validBets } = await dayOne(agentContext, memberContext);

    // A day later the first day has ended and is settled. Every account of this test comes from 127.0.0.1,
    // so the agent's commission from the member is held for review (decision 0017): the statement says why.
    const moved = await agentContext.request.post('/api/dev/clock', { data: { advanceMs: 24 * 3600_000 } });
    expect(moved.status(), await moved.text()).toBe(200);
    const commission = share(validBets, AGENT_RATE) - share(validBets, MEMBER_RATE);
    const rakeBack = share(validBets, MEMBER_RATE);
    const summary = () => apiCall(agentContext.request, agentDetailCall, {}, { token: agent.token });
    await expect
      .poll(async () => (await summary()).commission.held, { timeout: 60_000, intervals: [1000] })
      .toBe(Math.round(commission * 100) / 100);
    await agentPage.goto('/ReportDetails?figure=commission&range=yesterday');
    const line = agentPage.getByTestId('details-row').first();
    await expect(line).toContainText(String(member.uid));
    await expect(line).toContainText(/Held for review: the member/);
    await expect(line.getByTestId('ledger-id')).toHaveCount(0);
    await expectNoViolations(agentPage, '/ReportDetails with a held commission');

    // The operator releases it: it is the agent's commission, and its row leads to its ledger entries.
    const operator = await operatorToken(agentContext.request);
    const holds = await apiCall(
      agentContext.request,
      adminHoldListCall,
      { state: 'held' },
      { token: operator },
    );
    const hold = holds.content.find((h) => h.agent.uid === agent.uid);
    if (!hold) throw new Error('The agent has no held commission');
    await apiCall(
      agentContext.request,
      adminHoldReleaseCall,
      {
        id: hold.id,
        note: 'e2e: known test client',
      },
      { token: operator },
    );
    expect((await summary()).commission.balance).toBe(Math.round(commission * 100) / 100);
    await agentPage.reload();
    await expect(line.getByTestId('ledger-id')).toContainText(/#\d+/);
    await expect(line).not.toContainText('Held for review');

    // The statement: yesterday's commission, with the chart and its table.
    await agentPage.goto('/report?range=yesterday');
    await expect(agentPage.getByTestId('team-commission')).toHaveText(peso(commission));
    await expect(agentPage.getByTestId('day-chart').locator('canvas').first()).toBeVisible();
    await agentPage.getByRole('button', { name: 'Show as a table' }).click();
    await expect(
      agentPage.getByRole('region', { name: 'Team valid bets and commission by day' }),
    ).toContainText(peso(commission));
    await expectNoViolations(agentPage, '/report with the chart and its table');

    // The team shows the commission the member brought and the ratio that now applies; it moves to the balance.
    await agentPage.goto('/team');
    const row = agentPage.getByTestId('member').filter({ hasText: String(member.uid) });
    await expect(row.getByTestId('member-commission')).toHaveText(peso(commission));
    await expect(row).toContainText('Slots 0.30%');
    const card = agentPage.getByTestId('commission-card');
    await expect(card.getByTestId('commission-balance')).toHaveText(peso(commission));
    await card.getByRole('button', { name: 'All' }).click();
    await card.getByRole('button', { name: 'Move to balance' }).click();
    await expect(card.getByText(`Moved ${peso(commission)} to your balance`)).toBeVisible();
    await expect(card.getByTestId('commission-balance')).toHaveText(peso(0));
    const wallet = await apiCall(agentContext.request, secondaryInfoCall, {}, { token: agent.token });
    expect(wallet.canWithdrawCoin).toBe(commission);

    // The member's rake back was settled into their balance of it, and moves to the main balance too.
    await memberPage.goto('/RakeBack');
    await expect(memberPage.getByTestId('rakeback-balance')).toHaveText(peso(rakeBack));
    await expect(memberPage.getByTestId('rakeback-history')).toContainText('Rake back by day');
    await memberPage.getByRole('button', { name: 'All' }).click();
    await memberPage.getByRole('button', { name: 'Move to balance' }).click();
    await expect(memberPage.getByText(`Moved ${peso(rakeBack)} to your balance`)).toBeVisible();
    await expect(memberPage.getByTestId('rakeback-balance')).toHaveText(peso(0));
    await expectNoViolations(memberPage, '/RakeBack after a move');

    // Records list what was moved, a row of its own type, fitting 360 px with no axe violations in every
    // locale (issue 31, item 8): the agent's commission, the member's rake back.
    for (const [page, token, type, what] of [
      [agentPage, agent.token, 'commission', 'commission moved to the balance'],
      [memberPage, member.token, 'rakeBack', 'rake back moved to the balance'],
    ] as const) {
      const listed = await apiCall(page.request, recordsCall, {}, { token });
      expect(listed.content[0]?.type).toBe(type);
      await preloadAxe(page.context());
      const titles = new Set<string>();
      await recordsInEveryLocale(page, 'some', what, async (rows) => {
        titles.add((await rows.first().locator('.wallet-row-item__title').textContent()) ?? '');
      });
      // Named in each locale's words: every locale but en-PH (en-US's words) reads differently.
      expect(titles.size, `${type} rows' titles`).toBe(LOCALES.length - 1);
    }

    await agentContext.close();
    await memberContext.close();
  } finally {
    server.stop();
  }
});
