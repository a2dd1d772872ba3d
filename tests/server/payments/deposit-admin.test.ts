// Issue 16: the console's deposits. Every deposit order of the operator's sites, newest first, by state, found
// by order number or UID; phones masked; another site's orders never shown to a site operator; read only.
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminDeposit } from '#contract/admin/deposit';
import { quickUser } from '../agent/team-fixtures';
import { serverForSuite } from '../harness';
import { operatorsOfTwoSitesForSuite } from '../operators/helpers';
import { deposit, money, newUser, type WalletUser } from '../wallet/helpers';

const server = serverForSuite();
let here: WalletUser;
let there: WalletUser;
let paid: string;
let pending: string;
let elsewhere: string;

const operators = operatorsOfTwoSitesForSuite(server, 'payments_reviewer');
beforeAll(async () => {
  here = await newUser(server);
  there = await newUser(server);
  // As if `there` had registered through the second site.
  await server.db
    .updateTable('users')
    .set({ site_id: operators.second.id })
    .where('id', '=', there.id)
    .execute();
  await server.db
    .updateTable('users')
    .set({ site_id: operators.first.id })
    .where('id', '=', here.id)
    .execute();
  paid = await deposit(server, here, 120.5);
  server.clock.advance(1000);
  const created = await money(server, '/wallet/deposit/create', { amount: 75 }, here.token);
  pending = created.data.orderNo;
  server.clock.advance(1000);
  elsewhere = await deposit(server, there, 300);
});

async function list(token: string, body: Record<string, unknown> = {}) {
  return server.post('/admin/deposits/list', body, token);
}

describe('the console lists deposits', () => {
  it('newest first with the player, masked phone, site, amount and state', async () => {
    const res = await list(operators.everyAdmin.token);
    expect(res.http, res.message).toBe(200);
    const orders = res.data.content.map((d: AdminDeposit) => d.orderNo);
    expect(orders.indexOf(elsewhere)).toBeLessThan(orders.indexOf(pending));
    expect(orders.indexOf(pending)).toBeLessThan(orders.indexOf(paid));
    const row = res.data.content.find((d: AdminDeposit) => d.orderNo === paid);
    expect(row).toMatchObject({
      userUid: here.uid,
      site: operators.first.domain,
      amount: 120.5,
      state: 'Success',
      provider: 'sandbox',
    });
    expect(row?.completedAt).not.toBeNull();
    expect(row?.phone).toMatch(/^\+63 \d{3}\*+\d{2}$/);
    expect(row?.phone).not.toContain(here.phone.slice(3, -2));
    expect(res.data.content.find((d: AdminDeposit) => d.orderNo === pending)).toMatchObject({
      state: 'Prepare',
      completedAt: null,
    });
  });

  it('sorted as asked: oldest first, largest amount first (the newest first among equals)', async () => {
    const ours = (res: { data: { content: AdminDeposit[] } }) =>
      res.data.content.map((d) => d.orderNo).filter((o) => [paid, pending, elsewhere].includes(o));
    expect(ours(await list(operators.everyAdmin.token, { sort: 'oldest' }))).toEqual([
      paid,
      pending,
      elsewhere,
    ]);
    expect(ours(await list(operators.everyAdmin.token, { sort: 'largest' }))).toEqual([
      elsewhere,
      paid,
      pending,
    ]);
    expect(ours(await list(operators.everyAdmin.token, { sort: 'newest' }))).toEqual([
      elsewhere,
      pending,
      paid,
    ]);
    const wrong = await list(operators.everyAdmin.token, { sort: 'cheapest' });
    expect(wrong.data).toMatchObject({ issues: [{ path: 'sort', code: 'invalid_type' }] });
  });

  it('by state, by order number (any case), by UID', async () => {
    const prepared = await list(operators.everyAdmin.token, { state: 'Prepare' });
    expect(prepared.data.content.every((d: AdminDeposit) => d.state === 'Prepare')).toBe(true);
    expect(prepared.data.content.map((d: AdminDeposit) => d.orderNo)).toContain(pending);
    const byOrder = await list(operators.everyAdmin.token, { query: paid.toLowerCase() });
    expect(byOrder.data.content.map((d: AdminDeposit) => d.orderNo)).toEqual([paid]);
    const byUid = await list(operators.everyAdmin.token, { query: String(here.uid) });
    expect(byUid.data.content.map((d: AdminDeposit) => d.orderNo).sort()).toEqual([paid, pending].sort());
    expect(byUid.data.totalElements).toBe(2);
    const none = await list(operators.everyAdmin.token, { query: 'D0000NOSUCH' });
    expect(none.data).toMatchObject({ content: [], totalElements: 0 });
  });

  it('a site operator sees only their site’s players’ deposits; a viewer reads all', async () => {
    const mine = await list(operators.siteOperator.token);
    expect(mine.http).toBe(200);
    expect(mine.data.content.map((d: AdminDeposit) => d.orderNo)).not.toContain(elsewhere);
    expect(mine.data.content.every((d: AdminDeposit) => d.site === operators.first.domain)).toBe(true);
    const byUid = await list(operators.siteOperator.token, { query: String(there.uid) });
    expect(byUid.data.content).toEqual([]);
    expect((await list(operators.viewer.token)).data.content.map((d: AdminDeposit) => d.orderNo)).toContain(
      elsewhere,
    );
  });

  it('a player and a visitor are refused', async () => {
    const player = await quickUser(server);
    expect(await list(player.token)).toMatchObject({ http: 403, data: { code: 'operator_only' } });
    expect((await list('')).http).toBe(401);
  });

  it('a wrong query, state or page is refused by field', async () => {
    const query = await list(operators.everyAdmin.token, { query: "x' OR 1=1 --" });
    expect(query.http).toBe(400);
    expect(query.data).toMatchObject({ issues: [{ path: 'query', code: 'deposit_query_invalid' }] });
    const long = await list(operators.everyAdmin.token, { query: '9'.repeat(41) });
    expect(long.data).toMatchObject({ issues: [{ path: 'query', code: 'too_long' }] });
    const state = await list(operators.everyAdmin.token, { state: 'Paid' });
    expect(state.data).toMatchObject({ issues: [{ path: 'state', code: 'invalid_type' }] });
    const page = await list(operators.everyAdmin.token, { number: -1 });
    expect(page.data).toMatchObject({ issues: [{ path: 'number', code: 'invalid_type' }] });
  });
});
