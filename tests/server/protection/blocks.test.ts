import { beforeAll, describe, expect, it } from 'vitest';
import { checkAllowed } from '../../../server/modules/protection/service';
import { addProvider, openSession, seamlessCall, txId } from '../games/fixtures';
import { serverForSuite } from '../harness';
import { addBankCard, deposit, money, newUser, SAFE_PASSWORD, type WalletUser } from '../wallet/helpers';

// Time-out and self-exclusion (decision 0021): they refuse bets, launches, deposits, spins and marketing at
// once and until their end, never withdrawals, and cannot be lifted or shortened.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const server = serverForSuite({ demoSeed: true });
let provider: Awaited<ReturnType<typeof addProvider>>;

beforeAll(async () => {
  provider = await addProvider(server);
});

const block = (user: WalletUser, kind: string, duration: string, confirm: unknown = true) =>
  server.post('/protection/block', { kind, duration, confirm }, user.token);
const now = () => server.clock.now();

async function bet(session: { sessionToken: string; playerId: string }, amount = 500) {
  return seamlessCall(server, provider, 'bet', {
    sessionToken: session.sessionToken,
    playerId: session.playerId,
    transactionId: txId('bet'),
    roundId: txId('round'),
    gameCode: provider.gameCode,
    amount,
  });
}

describe('time-out', () => {
  it('blocks bets (USER_BLOCKED), launches, deposits and spins at once, but not withdrawals', async () => {
    const u = await newUser(server);
    const methodId = await addBankCard(server, u);
    await deposit(server, u, 300);
    const session = await openSession(server, provider, u);
    expect((await bet(session)).body.status).toBe('OK');

    const taken = await block(u, 'time_out', '24h');
    expect(taken.status).toBe(200);
    expect(taken.data.block).toMatchObject({ kind: 'time_out', from: now(), until: now() + DAY });

    expect((await bet(session)).body.status).toBe('USER_BLOCKED');
    const launch = await server.post('/games/launch', { gameId: provider.gameId }, u.token);
    expect(launch.http).toBe(403);
    expect(launch.data.code).toBe('protection_time_out');
    const dep = await money(server, '/wallet/deposit/create', { amount: 10 }, u.token);
    expect(dep.data.code).toBe('protection_time_out');
    for (const action of ['spin', 'bet', 'deposit', 'marketing'] as const)
      expect(await checkAllowed(server.db, u.id, action, now())).toEqual({
        reason: 'time_out',
        until: now() + DAY,
      });

    const out = await money(
      server,
      '/wallet/withdraw/create',
      { amount: 100, methodId, safePassword: SAFE_PASSWORD },
      u.token,
    );
    expect(out.status).toBe(200);

    // Not one millisecond early; allowed again at its end.
    server.clock.advance(DAY - 1);
    expect((await checkAllowed(server.db, u.id, 'spin', now()))?.reason).toBe('time_out');
    server.clock.advance(1);
    expect(await checkAllowed(server.db, u.id, 'spin', now())).toBeNull();
    expect((await server.post('/games/launch', { gameId: provider.gameId }, u.token)).status).toBe(200);
    expect((await money(server, '/wallet/deposit/create', { amount: 10 }, u.token)).status).toBe(200);
  });

  it('cannot be lifted or shortened, only lengthened', async () => {
    const u = await newUser(server, { safePassword: null });
    await block(u, 'time_out', '7d');
    const until = now() + 7 * DAY;
    const shorter = await block(u, 'time_out', '24h');
    expect(shorter.data.block).toMatchObject({ kind: 'time_out', until });
    const longer = await block(u, 'time_out', '6w');
    expect(longer.data.block).toMatchObject({ kind: 'time_out', until: now() + 42 * DAY });
    // There is no call to lift it: it holds until its end.
    server.clock.advance(42 * DAY - 1);
    expect((await checkAllowed(server.db, u.id, 'bet', now()))?.reason).toBe('time_out');
  });
});

describe('self-exclusion', () => {
  it('blocks for calendar months, replaces a shorter time-out, and ends on its date', async () => {
    const u = await newUser(server, { safePassword: null });
    await block(u, 'time_out', '24h');
    const taken = await block(u, 'self_exclusion', '6m');
    const start = new Date(now());
    const until = Date.UTC(
      start.getUTCFullYear(),
      start.getUTCMonth() + 6,
      start.getUTCDate(),
      start.getUTCHours(),
      start.getUTCMinutes(),
      start.getUTCSeconds(),
      start.getUTCMilliseconds(),
    );
    expect(taken.data.block).toMatchObject({ kind: 'self_excluded', until });
    const dep = await money(server, '/wallet/deposit/create', { amount: 10 }, u.token);
    expect(dep.http).toBe(403);
    expect(dep.data.code).toBe('protection_self_excluded');
    expect(await checkAllowed(server.db, u.id, 'spin', now())).toEqual({ reason: 'self_excluded', until });
    // A time-out taken meanwhile changes nothing.
    expect((await block(u, 'time_out', '6w')).data.block).toMatchObject({ kind: 'self_excluded', until });
    server.clock.advance(until - now());
    expect(await checkAllowed(server.db, u.id, 'marketing', now())).toBeNull();
  });

  it('a user without any setting is allowed everything', async () => {
    const u = await newUser(server, { safePassword: null });
    for (const action of ['spin', 'bet', 'deposit', 'marketing'] as const)
      expect(await checkAllowed(server.db, u.id, action, now(), { amount: 1_000_000 })).toBeNull();
  });
});

describe('bad input', () => {
  it.each([
    [{ kind: 'time_out', duration: '3d', confirm: true }, 'duration', 'duration_invalid'],
    [{ kind: 'self_exclusion', duration: '24h', confirm: true }, 'duration', 'duration_invalid'],
    [{ kind: 'self_exclusion', duration: '10y', confirm: true }, 'duration', 'duration_invalid'],
    [{ kind: 'nap', duration: '24h', confirm: true }, 'kind', 'block_kind_invalid'],
    [{ kind: 'time_out', duration: '24h' }, 'confirm', 'confirm_required'],
    [{ kind: 'time_out', duration: '24h', confirm: false }, 'confirm', 'confirm_required'],
  ])('refuses %j and blocks nothing', async (body, path, code) => {
    const u = await newUser(server, { safePassword: null });
    const res = await server.post('/protection/block', body, u.token);
    expect(res.http).toBe(400);
    expect(res.data.issues[0]).toMatchObject({ path, code });
    expect(await checkAllowed(server.db, u.id, 'bet', now())).toBeNull();
  });

  it('refuses a reality-check interval not offered, and a bad session start', async () => {
    const u = await newUser(server, { safePassword: null });
    const bad = await server.post('/protection/reality', { minutes: 20 }, u.token);
    expect(bad.data.issues[0]).toMatchObject({ path: 'minutes', code: 'interval_invalid' });
    const since = await server.post('/protection/reality/check', { since: -1 }, u.token);
    expect(since.http).toBe(400);
  });
});

describe('reality check and history', () => {
  it('answers the time and net position since the session began, and the chosen interval', async () => {
    const u = await newUser(server, { safePassword: null });
    await deposit(server, u, 100);
    expect((await server.post('/protection/reality', { minutes: 15 }, u.token)).data.realityMinutes).toBe(15);
    const first = await server.post('/protection/reality/check', {}, u.token);
    expect(first.data).toMatchObject({ since: now(), elapsedMs: 0, net: 0, intervalMinutes: 15 });
    const session = await openSession(server, provider, u);
    server.clock.advance(20 * 60_000);
    expect((await bet(session, 700)).body.status).toBe('OK');
    const later = await server.post('/protection/reality/check', { since: first.data.since }, u.token);
    expect(later.data).toMatchObject({ elapsedMs: 20 * 60_000, net: -7 });
  });

  it('sums completed deposits and withdrawals per month, the last 12', async () => {
    const u = await newUser(server);
    const methodId = await addBankCard(server, u);
    await deposit(server, u, 250);
    await money(
      server,
      '/wallet/withdraw/create',
      { amount: 100, methodId, safePassword: SAFE_PASSWORD },
      u.token,
    );
    // The withdrawal is not finished: it does not count yet.
    const res = await server.post('/protection/history', {}, u.token);
    expect(res.data.months).toHaveLength(12);
    const last = res.data.months.at(-1);
    expect(last).toMatchObject({ deposits: 250, withdrawals: 0, net: 250 });
    expect(res.data.months.slice(0, 11).every((m: { deposits: number }) => m.deposits === 0)).toBe(true);
  });
});
