import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildProviderApp } from '../../demo-provider/app';
import { nowSeconds, signature, verifySignature } from '../../demo-provider/signing';
import { openProviderDb } from '../../demo-provider/store';

const SECRET = 'transfer-secret-for-tests';
type App = ReturnType<typeof buildProviderApp>;

function build(): App {
  return buildProviderApp({
    db: openProviderDb(':memory:'),
    platformUrl: 'http://platform.invalid',
    publicUrl: () => 'http://provider.test:4010',
    seamless: { code: 'demo-seamless', secret: 'seamless-secret' },
    transfer: { code: 'demo-transfer', secret: SECRET },
    faults: true,
    logLevel: 'silent',
  });
}

// biome-ignore lint/suspicious/noExplicitAny: answers are read loosely in tests
async function call(app: App, action: string, body: unknown): Promise<{ http: number; answer: any }> {
  const raw = JSON.stringify(body);
  const ts = nowSeconds();
  const res = await app.inject({
    method: 'POST',
    url: `/transfer/${action}`,
    headers: {
      'content-type': 'application/json',
      'x-beacon-timestamp': ts,
      'x-beacon-signature': signature(SECRET, ts, raw),
    },
    payload: raw,
  });
  const ok = verifySignature(
    SECRET,
    res.headers['x-beacon-timestamp'] as string,
    res.headers['x-beacon-signature'] as string,
    res.rawPayload,
  );
  expect(ok, `answer to ${action} is signed`).toBeNull();
  return { http: res.statusCode, answer: res.json() };
}

async function control(app: App, method: 'GET' | 'POST', url: string, body?: unknown) {
  const res = await app.inject({ method, url, ...(body === undefined ? {} : { payload: body as object }) });
  return res.json();
}

describe('transfer wallet', () => {
  let app: App;
  beforeEach(() => {
    app = build();
  });
  afterEach(() => app.close());

  it('moves money in and out and answers the balance', async () => {
    expect((await call(app, 'balance', { playerId: 'p1' })).answer).toEqual({ status: 'OK', balance: 0 });
    expect(
      (await call(app, 'deposit', { playerId: 'p1', transactionId: 'd1', amount: 1000 })).answer,
    ).toEqual({
      status: 'OK',
      balance: 1000,
    });
    expect(
      (await call(app, 'withdraw', { playerId: 'p1', transactionId: 'w1', amount: 400 })).answer,
    ).toEqual({
      status: 'OK',
      balance: 600,
    });
    expect((await call(app, 'balance', { playerId: 'p1' })).answer).toEqual({ status: 'OK', balance: 600 });
    expect((await call(app, 'balance', { playerId: 'p2' })).answer).toEqual({ status: 'OK', balance: 0 });
  });

  it('applies an id at most once: a replay answers the first answer, another body is a duplicate', async () => {
    const deposit = { playerId: 'p1', transactionId: 'd1', amount: 1000 };
    const first = await call(app, 'deposit', deposit);
    await call(app, 'deposit', { playerId: 'p1', transactionId: 'd2', amount: 50 });
    const replay = await call(app, 'deposit', deposit);
    expect(replay.answer).toEqual(first.answer); // balance as it was then: 1000, not 1050
    const others = [
      { ...deposit, amount: 999 },
      { ...deposit, playerId: 'p2' },
    ];
    for (const body of others)
      expect((await call(app, 'deposit', body)).answer.status).toBe('DUPLICATE_TRANSACTION');
    const asWithdraw = await call(app, 'withdraw', deposit);
    expect(asWithdraw.answer).toEqual({ status: 'DUPLICATE_TRANSACTION', balance: 1050 });
    expect(await control(app, 'GET', '/control/wallet/p1')).toEqual({ balance: 1050 });
    expect(await control(app, 'GET', '/control/wallet/p2')).toEqual({ balance: 0 });
  });

  it('never goes negative: a short withdraw is refused, and its replay stays refused', async () => {
    await call(app, 'deposit', { playerId: 'p1', transactionId: 'd1', amount: 300 });
    const short = { playerId: 'p1', transactionId: 'w1', amount: 301 };
    expect((await call(app, 'withdraw', short)).answer).toEqual({
      status: 'INSUFFICIENT_FUNDS',
      balance: 300,
    });
    await call(app, 'deposit', { playerId: 'p1', transactionId: 'd2', amount: 100 });
    expect((await call(app, 'withdraw', short)).answer).toEqual({
      status: 'INSUFFICIENT_FUNDS',
      balance: 300,
    });
    expect((await call(app, 'status', { transactionId: 'w1' })).answer).toEqual({
      status: 'OK',
      state: 'refused',
      balance: 400,
    });
    expect(await control(app, 'GET', '/control/wallet/p1')).toEqual({ balance: 400 });
  });

  it('status tells applied ids, and closes unknown ones for good', async () => {
    await call(app, 'deposit', { playerId: 'p1', transactionId: 'd1', amount: 500 });
    expect((await call(app, 'status', { transactionId: 'd1' })).answer).toEqual({
      status: 'OK',
      state: 'applied',
      balance: 500,
    });
    expect((await call(app, 'status', { transactionId: 'late' })).answer).toEqual({
      status: 'OK',
      state: 'unknown',
    });
    const late = await call(app, 'deposit', { playerId: 'p1', transactionId: 'late', amount: 200 });
    expect(late.answer).toEqual({ status: 'DUPLICATE_TRANSACTION', balance: 500 });
    const lateOut = await call(app, 'withdraw', { playerId: 'p1', transactionId: 'late', amount: 200 });
    expect(lateOut.answer.status).toBe('DUPLICATE_TRANSACTION');
    expect((await call(app, 'status', { transactionId: 'late' })).answer).toEqual({
      status: 'OK',
      state: 'unknown',
    });
    expect(await control(app, 'GET', '/control/wallet/p1')).toEqual({ balance: 500 });
  });

  it('refuses malformed bodies with 400 INVALID_REQUEST', async () => {
    const bad = [
      { playerId: 'p1', transactionId: 'd1', amount: -5 },
      { playerId: 'p1', transactionId: 'd1', amount: 1.5 },
      { playerId: 'p1', transactionId: 'has space', amount: 5 },
      { playerId: 'p1', transactionId: 'd1', amount: 5, extra: true },
      { playerId: 'p1', amount: 5 },
    ];
    for (const body of bad) {
      const res = await call(app, 'deposit', body);
      expect(res.http).toBe(400);
      expect(res.answer.status).toBe('INVALID_REQUEST');
    }
    expect(await control(app, 'GET', '/control/wallet/p1')).toEqual({ balance: 0 });
  });

  it('launch answers our page for a transfer game, and the page opens with that session', async () => {
    const launched = await call(app, 'launch', { playerId: 'p1', gameCode: 'table-dice', lang: 'ko-KR' });
    expect(launched.answer.status).toBe('OK');
    const url = new URL(launched.answer.url);
    expect(url.origin + url.pathname).toBe('http://provider.test:4010/tplay/table-dice');
    const page = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="ko-KR">');
    expect(page.body).toContain('Table Dice');
    expect(page.body).toContain('99.00%');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    const notOurs = await call(app, 'launch', { playerId: 'p1', gameCode: 'lucky-reels', lang: 'en' });
    expect(notOurs.http).toBe(400);
    const expired = await app.inject({ method: 'GET', url: '/tplay/table-dice?session=nope' });
    expect(expired.statusCode).toBe(403);
  });

  it('plays rounds on the wallet from the page, each making a record', async () => {
    await call(app, 'deposit', { playerId: 'p1', transactionId: 'd1', amount: 10_000 });
    const launched = await call(app, 'launch', { playerId: 'p1', gameCode: 'table-dice', lang: 'en' });
    const session = new URL(launched.answer.url).searchParams.get('session');
    const res = await app.inject({
      method: 'POST',
      url: '/tplay/table-dice/rounds',
      payload: { session, stake: 1000, choice: 51 },
    });
    const round = res.json();
    expect(round.done).toBe(true);
    expect(round.outcome.engine).toBe('dice');
    expect(round.payout).toBe(round.outcome.win ? 1980 : 0);
    expect(round.balance).toBe(10_000 - 1000 + round.payout);
    const tooBig = await app.inject({
      method: 'POST',
      url: '/tplay/table-dice/rounds',
      payload: { session, stake: 100_100 },
    });
    expect(tooBig.statusCode).toBe(400);
    const short = await app.inject({
      method: 'POST',
      url: '/tplay/table-dice/rounds',
      payload: { session, stake: 100_000 },
    });
    expect(short.json()).toMatchObject({ done: true, outcome: null, balance: round.balance });
    const records = await call(app, 'records', { cursor: '', limit: 10 });
    expect(records.answer.records).toHaveLength(1);
    expect(records.answer.records[0]).toMatchObject({
      playerId: 'p1',
      gameCode: 'table-dice',
      bet: 1000,
      win: round.payout,
      status: 'settled',
    });
  });

  it('end-sessions ends every page of the player: their next round is refused, no record is made', async () => {
    const open = async (playerId: string) => {
      await call(app, 'deposit', { playerId, transactionId: `d-${playerId}`, amount: 10_000 });
      const launched = await call(app, 'launch', { playerId, gameCode: 'table-dice', lang: 'en' });
      return new URL(launched.answer.url).searchParams.get('session');
    };
    const play = (session: string | null) =>
      app.inject({ method: 'POST', url: '/tplay/table-dice/rounds', payload: { session, stake: 1000 } });
    const mine = [await open('p1'), await open('p1')];
    const theirs = await open('p2');

    expect(await call(app, 'end-sessions', { playerId: 'p1' })).toEqual({
      http: 200,
      answer: { status: 'OK', ended: 2 },
    });
    for (const session of mine) expect((await play(session)).statusCode).toBe(401);
    const page = await app.inject({ method: 'GET', url: `/tplay/table-dice?session=${mine[0]}` });
    expect(page.statusCode).toBe(403);
    expect((await play(theirs)).statusCode).toBe(200);
    expect((await call(app, 'records', { cursor: '', limit: 10 })).answer.records).toMatchObject([
      { playerId: 'p2' },
    ]);
    expect((await call(app, 'balance', { playerId: 'p1' })).answer.balance).toBe(10_000);
    // Idempotent; a malformed body is refused like any other call's.
    expect((await call(app, 'end-sessions', { playerId: 'p1' })).answer).toEqual({ status: 'OK', ended: 0 });
    expect((await call(app, 'end-sessions', { player: 'p1' })).http).toBe(400);
  });

  it('pages records after the cursor in settlement order', async () => {
    await call(app, 'deposit', { playerId: 'p1', transactionId: 'd1', amount: 100_000 });
    const played = await control(app, 'POST', '/control/transfer-play', {
      playerId: 'p1',
      gameCode: 'table-dice',
      stake: 100,
      rounds: 5,
    });
    expect(played.rounds).toHaveLength(5);
    const first = await call(app, 'records', { cursor: '', limit: 2 });
    expect(first.answer.records.map((r: { recordId: string }) => r.recordId)).toEqual(
      played.rounds.slice(0, 2).map((r: { recordId: string }) => r.recordId),
    );
    const second = await call(app, 'records', { cursor: first.answer.nextCursor, limit: 2 });
    const third = await call(app, 'records', { cursor: second.answer.nextCursor, limit: 2 });
    const last = await call(app, 'records', { cursor: third.answer.nextCursor, limit: 2 });
    const ids = [...second.answer.records, ...third.answer.records].map(
      (r: { recordId: string }) => r.recordId,
    );
    expect(ids).toEqual(played.rounds.slice(2).map((r: { recordId: string }) => r.recordId));
    expect(last.answer).toEqual({ status: 'OK', records: [], nextCursor: third.answer.nextCursor });
    for (const r of played.rounds) expect(r.bet).toBe(100);
    const balance = 100_000 - 500 + played.rounds.reduce((sum: number, r: { win: number }) => sum + r.win, 0);
    expect(await control(app, 'GET', '/control/wallet/p1')).toEqual({ balance });
    const requests = await control(app, 'GET', '/control/records-requests');
    expect(requests.requests.map((r: { cursor: string }) => r.cursor)).toEqual([
      '',
      first.answer.nextCursor,
      second.answer.nextCursor,
      third.answer.nextCursor,
    ]);
    expect((await call(app, 'records', { cursor: 'x1', limit: 2 })).http).toBe(400);
  });
});

describe('transfer faults (over a real socket)', () => {
  let app: App;
  let origin: string;
  beforeEach(async () => {
    app = build();
    await app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterEach(() => app.close());

  function post(action: string, body: unknown) {
    const raw = JSON.stringify(body);
    const ts = nowSeconds();
    return fetch(`${origin}/transfer/${action}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-beacon-timestamp': ts,
        'x-beacon-signature': signature(SECRET, ts, raw),
      },
      body: raw,
    });
  }
  const faults = (list: unknown[]) =>
    fetch(`${origin}/control/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ faults: list }),
    });
  const balance = async () => (await (await fetch(`${origin}/control/wallet/p1`)).json()).balance;

  it('drop-answer applies the move and closes the connection without answering', async () => {
    await faults([{ kind: 'drop-answer', action: 'deposit' }]);
    await expect(post('deposit', { playerId: 'p1', transactionId: 'd1', amount: 800 })).rejects.toThrow();
    expect(await balance()).toBe(800);
    // The fault was used once: the replay answers, and applies nothing more.
    const replay = await post('deposit', { playerId: 'p1', transactionId: 'd1', amount: 800 });
    expect(await replay.json()).toEqual({ status: 'OK', balance: 800 });
    expect(await balance()).toBe(800);
  });

  it('refuse-before-apply closes the connection and moves nothing', async () => {
    await post('deposit', { playerId: 'p1', transactionId: 'd1', amount: 800 });
    await faults([{ kind: 'refuse-before-apply', action: 'withdraw' }]);
    await expect(post('withdraw', { playerId: 'p1', transactionId: 'w1', amount: 300 })).rejects.toThrow();
    expect(await balance()).toBe(800);
    const status = await post('status', { transactionId: 'w1' });
    expect(await status.json()).toEqual({ status: 'OK', state: 'unknown' });
  });

  it('late-answer applies at once and answers after the delay; faults are used in order, per action', async () => {
    await faults([
      { kind: 'late-answer', action: 'deposit', delayMs: 400 },
      { kind: 'drop-answer', action: 'deposit' },
    ]);
    const started = Date.now();
    const pending = post('deposit', { playerId: 'p1', transactionId: 'd1', amount: 100 });
    await new Promise((r) => setTimeout(r, 150));
    expect(await balance()).toBe(100);
    expect(await (await pending).json()).toEqual({ status: 'OK', balance: 100 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    await expect(post('deposit', { playerId: 'p1', transactionId: 'd2', amount: 100 })).rejects.toThrow();
    expect(
      await (await post('deposit', { playerId: 'p1', transactionId: 'd3', amount: 100 })).json(),
    ).toEqual({
      status: 'OK',
      balance: 300,
    });
  });
});
