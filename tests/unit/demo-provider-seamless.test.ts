import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildProviderApp } from '../../demo-provider/app';
import { REEL_STRIPS, REEL_SYMBOLS } from '../../demo-provider/engines/reels';
import type { RandomInt } from '../../demo-provider/engines/weighted-draw';
import { backoffMs } from '../../demo-provider/outbox';
import { nowSeconds, signature, verifySignature } from '../../demo-provider/signing';
import { openProviderDb, type ProviderDb } from '../../demo-provider/store';

const SECRET = 'seamless-secret-for-tests';
type App = ReturnType<typeof buildProviderApp>;
type Body = Record<string, unknown>;

/**
 * A stand-in for the platform's seamless wallet, by docs/games-protocol.md: it checks our signature,
 * applies each transaction id once and signs its answers. Tests make it lose answers on purpose.
 */
class FakePlatform {
  balance = 10_000;
  /** Every request as received: action and the exact raw body. */
  received: { action: string; raw: string }[] = [];
  /** Apply the call, then lose the answer (as a timeout would), this many times for these actions. */
  loseAfterApply: Record<string, number> = {};
  /** Be unreachable (nothing applied) for these actions. */
  down = new Set<string>();
  /** Answer with a wrong signature this many times. */
  badSignatures = 0;
  private readonly done = new Map<string, { action: string; raw: string; answer: Body }>();
  private readonly rolledBack = new Set<string>();
  private readonly bets = new Map<string, { roundId: string; amount: number }>();
  private readonly rounds = new Map<string, 'open' | 'settled' | 'cancelled'>();

  fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const action = String(input).split('/').at(-1) ?? '';
    const raw = String(init?.body);
    const headers = new Headers(init?.headers);
    this.received.push({ action, raw });
    if (this.down.has(action)) throw new TypeError('fetch failed');
    const checked = verifySignature(
      SECRET,
      headers.get('x-beacon-timestamp') ?? undefined,
      headers.get('x-beacon-signature') ?? undefined,
      raw,
    );
    if (checked || headers.get('x-provider') !== 'demo-seamless')
      throw new Error(`unsigned call: ${checked}`);
    const answer = this.apply(action, raw);
    if ((this.loseAfterApply[action] ?? 0) > 0) {
      this.loseAfterApply[action] = (this.loseAfterApply[action] ?? 0) - 1;
      throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    }
    const text = JSON.stringify(answer);
    const ts = nowSeconds();
    const sig = this.badSignatures-- > 0 ? signature('wrong', ts, text) : signature(SECRET, ts, text);
    return new Response(text, {
      status: 200,
      headers: { 'content-type': 'application/json', 'x-beacon-timestamp': ts, 'x-beacon-signature': sig },
    });
  }) as typeof fetch;

  bodies(action: string): Body[] {
    return this.received.filter((r) => r.action === action).map((r) => JSON.parse(r.raw) as Body);
  }

  private apply(action: string, raw: string): Body {
    const body = JSON.parse(raw) as Body;
    if (action === 'authenticate')
      return body.token === 'launch-ok'
        ? {
            status: 'OK',
            sessionToken: 'beacon-session',
            playerId: 'p1',
            currency: 'PHP',
            balance: this.balance,
            lang: 'en-US',
          }
        : { status: 'INVALID_TOKEN' };
    const id = String(body.transactionId);
    const seen = this.done.get(id);
    if (seen)
      return seen.raw === raw && seen.action === action
        ? seen.answer
        : { status: 'DUPLICATE_TRANSACTION', balance: this.balance };
    const answer = this.move(action, body, id);
    this.done.set(id, { action, raw, answer });
    return answer;
  }

  private move(action: string, body: Body, id: string): Body {
    const roundId = String(body.roundId);
    const amount = Number(body.amount ?? 0);
    if (action === 'bet') {
      if (this.rolledBack.has(id)) return { status: 'DUPLICATE_TRANSACTION', balance: this.balance };
      if (amount > this.balance) return { status: 'INSUFFICIENT_FUNDS', balance: this.balance };
      this.balance -= amount;
      this.bets.set(id, { roundId, amount });
      this.rounds.set(roundId, 'open');
      return { status: 'OK', balance: this.balance, transactionId: `b-${id}` };
    }
    if (action === 'win') {
      if (!this.rounds.has(roundId)) return { status: 'TRANSACTION_NOT_FOUND', balance: this.balance };
      if (this.rounds.get(roundId) !== 'open') return { status: 'ROUND_CLOSED', balance: this.balance };
      this.balance += amount;
      if (body.roundClosed) this.rounds.set(roundId, 'settled');
      return { status: 'OK', balance: this.balance, transactionId: `b-${id}` };
    }
    const ref = String(body.referenceTransactionId);
    const bet = this.bets.get(ref);
    if (bet) {
      if (this.rounds.get(roundId) === 'settled') return { status: 'ROUND_CLOSED', balance: this.balance };
      this.balance += bet.amount;
      this.rounds.set(roundId, 'cancelled');
    } else this.rolledBack.add(ref);
    return { status: 'OK', balance: this.balance, transactionId: `b-${id}` };
  }
}

/** Reels that always stop on the given symbols (tickets at each symbol's first stop). */
function reelsStoppingOn(...symbols: (typeof REEL_SYMBOLS)[number][]): RandomInt {
  let reel = 0;
  return () => {
    const strip = REEL_STRIPS[reel % 3] ?? [];
    const symbol = symbols[reel % 3] ?? 'blank';
    reel++;
    return strip.slice(0, REEL_SYMBOLS.indexOf(symbol)).reduce((a, b) => a + b, 0);
  };
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function build(
  platform: FakePlatform,
  options: { db?: ProviderDb; random?: RandomInt; betRetryMs?: number } = {},
): App {
  const app = buildProviderApp({
    db: options.db ?? openProviderDb(':memory:'),
    platformUrl: 'http://platform.test',
    publicUrl: () => 'http://provider.test',
    seamless: { code: 'demo-seamless', secret: SECRET },
    transfer: { code: 'demo-transfer', secret: 'transfer-secret' },
    faults: true,
    logLevel: 'silent',
    fetch: platform.fetch,
    random: options.random,
    betRetryMs: options.betRetryMs,
  });
  cleanups.push(() => app.close());
  return app;
}

// biome-ignore lint/suspicious/noExplicitAny: answers are read loosely in tests
async function post(app: App, url: string, body: unknown): Promise<any> {
  const res = await app.inject({ method: 'POST', url, payload: body as object });
  return res.json();
}

async function session(app: App): Promise<string> {
  const auth = await post(app, '/control/authenticate', { token: 'launch-ok' });
  expect(auth).toMatchObject({ balance: 10_000, playerId: 'p1' });
  return auth.session;
}

describe('seamless rounds', () => {
  it('authenticates, then sends a signed bet and a closing win with the same round', async () => {
    const platform = new FakePlatform();
    const app = build(platform, { random: reelsStoppingOn('bell', 'bell', 'bell') });
    const played = await post(app, '/control/play', {
      session: await session(app),
      gameCode: 'lucky-reels',
      stake: 200,
    });
    const [round] = played.rounds;
    expect(round).toMatchObject({
      state: 'settled',
      payout: 8000,
      outcome: { engine: 'reels', symbols: ['bell', 'bell', 'bell'] },
      bet: { status: 'OK', balance: 9800 },
      win: { status: 'OK', balance: 17_800 },
      rollback: null,
    });
    const [bet] = platform.bodies('bet');
    const [win] = platform.bodies('win');
    expect(bet).toEqual({
      sessionToken: 'beacon-session',
      playerId: 'p1',
      transactionId: round.bet.transactionId,
      roundId: round.roundId,
      gameCode: 'lucky-reels',
      amount: 200,
    });
    expect(win).toMatchObject({ roundId: round.roundId, amount: 8000, roundClosed: true });
    expect(win?.transactionId).not.toBe(bet?.transactionId);
    expect(platform.balance).toBe(17_800);
  });

  it('closes a lost round with a win of 0', async () => {
    const platform = new FakePlatform();
    const app = build(platform, { random: reelsStoppingOn('lemon', 'bell', 'seven') });
    const played = await post(app, '/control/play', {
      session: await session(app),
      gameCode: 'lucky-reels',
      stake: 500,
      rounds: 2,
    });
    expect(played.rounds).toHaveLength(2);
    expect(platform.bodies('win').map((w) => [w.amount, w.roundClosed])).toEqual([
      [0, true],
      [0, true],
    ]);
    expect(platform.balance).toBe(9000);
  });

  it('shows the platform refusal in words and sends no win', async () => {
    const platform = new FakePlatform();
    const app = build(platform);
    const sessionId = await session(app);
    const res = await app.inject({
      method: 'POST',
      url: '/play/lucky-dice/rounds',
      payload: { session: sessionId, stake: 20_000, choice: 51 },
    });
    expect(res.json()).toMatchObject({
      done: true,
      outcome: null,
      balance: 10_000,
      message: 'Not enough balance for this stake.',
    });
    expect(platform.bodies('win')).toHaveLength(0);
  });

  it('sends a bet whose answer was lost again with the same bytes, and the platform moves it once', async () => {
    const platform = new FakePlatform();
    platform.loseAfterApply = { bet: 2, win: 1 };
    platform.badSignatures = 0;
    const app = build(platform, { random: reelsStoppingOn('cherry', 'lemon', 'lemon') });
    const started = Date.now();
    const played = await post(app, '/control/play', {
      session: await session(app),
      gameCode: 'lucky-reels',
      stake: 300,
    });
    const bets = platform.received.filter((r) => r.action === 'bet');
    const wins = platform.received.filter((r) => r.action === 'win');
    expect(bets).toHaveLength(3);
    expect(new Set(bets.map((b) => b.raw)).size).toBe(1);
    expect(wins).toHaveLength(2);
    expect(new Set(wins.map((w) => w.raw)).size).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(backoffMs(1) + backoffMs(2) + backoffMs(1) - 20);
    expect(played.rounds[0]).toMatchObject({
      state: 'settled',
      bet: { status: 'OK' },
      win: { status: 'OK', balance: 10_000 },
    });
    expect(platform.balance).toBe(10_000); // one cherry returns the 300 stake
    const calls = (await app.inject({ method: 'GET', url: '/control/calls' })).json().calls;
    const bet = calls.find((c: { action: string }) => c.action === 'bet');
    expect(bet).toMatchObject({ attempts: 3, state: 'answered' });
    expect(bet.answers.slice(0, 2).map((a: { error?: string }) => a.error)).toEqual([
      expect.stringContaining('5000 ms'),
      expect.stringContaining('5000 ms'),
    ]);
  });

  it('counts an answer whose signature does not check as lost', async () => {
    const platform = new FakePlatform();
    const app = build(platform);
    const sessionId = await session(app);
    platform.badSignatures = 1;
    const played = await post(app, '/control/play', {
      session: sessionId,
      gameCode: 'lucky-dice',
      stake: 100,
    });
    expect(platform.received.filter((r) => r.action === 'bet')).toHaveLength(2);
    expect(played.rounds[0].state).toBe('settled');
    expect(platform.balance).toBe(10_000 - 100 + played.rounds[0].payout);
  });

  it('rolls back a bet the platform never decided on, and retries the rollback until it does', async () => {
    const platform = new FakePlatform();
    const app = build(platform, { betRetryMs: 700 });
    const sessionId = await session(app);
    platform.down.add('bet');
    platform.loseAfterApply = { rollback: 1 };
    const played = await post(app, '/control/play', {
      session: sessionId,
      gameCode: 'lucky-reels',
      stake: 100,
    });
    const [round] = played.rounds;
    expect(round.state).toBe('cancelled');
    expect(round.bet).toMatchObject({ state: 'abandoned', status: null });
    expect(round.rollback).toMatchObject({ state: 'answered', status: 'OK' });
    expect(round.win).toBeNull();
    const rollbacks = platform.bodies('rollback');
    expect(rollbacks).toHaveLength(2);
    expect(rollbacks[0]).toEqual(rollbacks[1]);
    expect(rollbacks[0]).toMatchObject({
      referenceTransactionId: round.bet.transactionId,
      roundId: round.roundId,
    });
    // Sent again (200, 400 ms...) until the retry window closed, always the same bytes.
    const bets = platform.received.filter((r) => r.action === 'bet');
    expect(bets.length).toBeGreaterThanOrEqual(3);
    expect(new Set(bets.map((b) => b.raw)).size).toBe(1);
    expect(platform.balance).toBe(10_000);
  });

  it('carries on after a restart: a win that had not been answered is sent again with the same body', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'demo-provider-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const platform = new FakePlatform();
    const db1 = openProviderDb(dir);
    const first = build(platform, { db: db1, random: reelsStoppingOn('seven', 'seven', 'seven') });
    const sessionId = await session(first);
    platform.down.add('win');
    const playing = post(first, '/control/play', { session: sessionId, gameCode: 'lucky-reels', stake: 100 });
    while (platform.bodies('win').length < 2) await new Promise((r) => setTimeout(r, 20));
    await first.close();
    const stopped = await playing;
    expect(stopped.rounds[0]).toMatchObject({ state: 'settling', win: { state: 'pending' } });
    db1.close();

    platform.down.clear();
    const second = build(platform, { db: openProviderDb(dir) });
    await second.ready();
    const roundId = stopped.rounds[0].roundId;
    while (platform.balance !== 10_000 - 100 + 50_000) await new Promise((r) => setTimeout(r, 20));
    const wins = platform.received.filter((r) => r.action === 'win');
    expect(new Set(wins.map((w) => w.raw)).size).toBe(1);
    expect(JSON.parse(wins[0]?.raw ?? '{}')).toMatchObject({ roundId, amount: 50_000 });
    const calls = (await second.inject({ method: 'GET', url: '/control/calls' })).json().calls;
    expect(calls.find((c: { action: string }) => c.action === 'win')).toMatchObject({ state: 'answered' });
  });
});

describe('seamless faults', () => {
  it('replay sends the next such call twice with the same body; the platform answers it the same', async () => {
    const platform = new FakePlatform();
    const app = build(platform);
    const sessionId = await session(app);
    await post(app, '/control/faults', { faults: [{ kind: 'replay', action: 'bet' }] });
    const played = await post(app, '/control/play', {
      session: sessionId,
      gameCode: 'lucky-dice',
      stake: 100,
      rounds: 2,
    });
    const bets = platform.received.filter((r) => r.action === 'bet');
    expect(bets).toHaveLength(3);
    expect(bets[0]?.raw).toBe(bets[1]?.raw);
    const calls = (await app.inject({ method: 'GET', url: '/control/calls' })).json().calls;
    const firstBet = calls.find((c: { action: string }) => c.action === 'bet');
    expect(firstBet.attempts).toBe(2);
    expect(firstBet.answers[0].answer).toEqual(firstBet.answers[1].answer);
    expect(platform.balance).toBe(10_000 - 200 + played.rounds[0].payout + played.rounds[1].payout);
  });

  it('rollback-before-bet sends the rollback of the bet first; the platform then refuses the bet', async () => {
    const platform = new FakePlatform();
    const app = build(platform);
    const sessionId = await session(app);
    await post(app, '/control/faults', { faults: [{ kind: 'rollback-before-bet' }] });
    const played = await post(app, '/control/play', {
      session: sessionId,
      gameCode: 'lucky-reels',
      stake: 100,
    });
    expect(platform.received.map((r) => r.action)).toEqual(['authenticate', 'rollback', 'bet']);
    const [round] = played.rounds;
    expect(round).toMatchObject({
      state: 'refused',
      bet: { status: 'DUPLICATE_TRANSACTION' },
      rollback: { status: 'OK' },
      win: null,
    });
    expect(platform.bodies('rollback')[0]?.referenceTransactionId).toBe(round.bet.transactionId);
    expect(platform.balance).toBe(10_000);
  });

  it('win-after-expiry holds the next win for the delay', async () => {
    const platform = new FakePlatform();
    const app = build(platform);
    const sessionId = await session(app);
    await post(app, '/control/faults', { faults: [{ kind: 'win-after-expiry', delayMs: 600 }] });
    const played = post(app, '/control/play', { session: sessionId, gameCode: 'lucky-dice', stake: 100 });
    while (platform.bodies('bet').length < 1) await new Promise((r) => setTimeout(r, 10));
    const betAt = Date.now();
    await new Promise((r) => setTimeout(r, 300));
    expect(platform.bodies('win')).toHaveLength(0);
    expect((await played).rounds[0].state).toBe('settled');
    expect(Date.now() - betAt).toBeGreaterThanOrEqual(590);
  });

  it('refuses faults it does not know', async () => {
    const app = build(new FakePlatform());
    const res = await app.inject({
      method: 'POST',
      url: '/control/faults',
      payload: { faults: [{ kind: 'explode' }] },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('seamless game page', () => {
  it('exchanges the launch token and shows balance, rules, odds and RTP', async () => {
    const platform = new FakePlatform();
    const app = build(platform);
    const page = await app.inject({ method: 'GET', url: '/play/lucky-reels?token=launch-ok&lang=zh-CN' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="zh-CN">');
    expect(page.body).toContain('玩家返还率：<strong>95.90%</strong>');
    expect(page.body).toContain('<label for="stake">');
    expect(page.body).not.toContain('beacon-session'); // the platform's session stays on our server
    const boot = JSON.parse(
      /<script type="application\/json" id="boot">(.*?)<\/script>/s.exec(page.body)?.[1] ?? '{}',
    );
    expect(boot).toMatchObject({ balance: 10_000, currency: 'PHP', engine: 'reels' });
    expect(boot.session).toMatch(/^ss-/);
    const nonce = /script-src 'nonce-([^']+)'/.exec(String(page.headers['content-security-policy']))?.[1];
    expect(page.body).toContain(`<script nonce="${nonce}">`);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
  });

  it('explains a used launch token and an unreachable platform', async () => {
    const platform = new FakePlatform();
    const app = build(platform);
    const used = await app.inject({ method: 'GET', url: '/play/lucky-dice?token=used' });
    expect(used.statusCode).toBe(403);
    expect(used.body).toContain('already used or is not valid');
    platform.down.add('authenticate');
    const down = await app.inject({ method: 'GET', url: '/play/lucky-dice?token=launch-ok' });
    expect(down.statusCode).toBe(502);
    expect(platform.bodies('authenticate')).toHaveLength(2); // sent once each: a launch token is single-use
  });

  it('plays a round from the page with whole-unit stakes within the limits', async () => {
    const platform = new FakePlatform();
    const app = build(platform);
    const sessionId = await session(app);
    const bad = [
      { stake: 50, choice: 51 },
      { stake: 150, choice: 51 },
      { stake: 100_100, choice: 51 },
      { stake: 100, choice: 50 },
    ];
    for (const input of bad) {
      const res = await app.inject({
        method: 'POST',
        url: '/play/lucky-dice/rounds',
        payload: { session: sessionId, ...input },
      });
      expect(res.statusCode).toBe(400);
    }
    const res = await app.inject({
      method: 'POST',
      url: '/play/lucky-dice/rounds',
      payload: { session: sessionId, stake: 1000, choice: 91 },
    });
    const round = res.json();
    expect(round.done).toBe(true);
    expect(round.outcome).toMatchObject({ engine: 'dice', target: 91 });
    expect(round.payout).toBe(round.outcome.roll < 91 ? 1100 : 0);
    expect(round.balance).toBe(10_000 - 1000 + round.payout);
    const again = await app.inject({
      method: 'GET',
      url: `/play/rounds/${round.roundId}?session=${sessionId}`,
    });
    expect(again.json()).toEqual(round);
    const stranger = await app.inject({ method: 'GET', url: `/play/rounds/${round.roundId}?session=other` });
    expect(stranger.statusCode).toBe(404);
    expect(platform.bodies('bet')).toHaveLength(1);
  });
});
