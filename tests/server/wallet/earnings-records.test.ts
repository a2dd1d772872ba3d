import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountBalance, userAccount } from '../../../server/modules/ledger/service';
import { agentWithSettledDay } from '../agent/settle-fixtures';
import { startServer, type TestServer } from '../harness';
import { deposit, expectLedgerSound, money, newKey, type WalletUser } from './helpers';

// The Records page lists agent earnings moved into the main balance (decision 0047): commission and rake back
// claimed through `/agent/withdraw` are rows of their own type, read from the ledger with the other records.

let server: TestServer;
let agent: WalletUser;
let player: WalletUser;

interface Listed {
  id: number;
  type: string;
  amount: number;
  state: string;
  game: unknown;
}

const list = async (user: WalletUser, body: Record<string, unknown> = {}) => {
  const res = await server.post('/wallet/records', body, user.token);
  expect(res.status).toBe(200);
  return res.data as { content: Listed[]; totalElements: number };
};
const claim = async (user: WalletUser, from: 'commission' | 'rakeback', amount: number) => {
  const res = await money(server, '/agent/withdraw', { from, amount }, user.token, newKey());
  expect(res.http).toBe(200);
};
const main = (user: WalletUser) => accountBalance(server.db, userAccount(user.id, 'main'));
const later = () => server.clock.advance(1000);

beforeAll(async () => {
  server = await startServer({ env: { AGENT_SETTLE_DELAY_SECONDS: '0' } });
  ({ agent, player } = await agentWithSettledDay(server));
}, 60_000);
afterAll(() => server?.close());

describe('records of agent earnings', () => {
  it('lists commission moved into the main balance as a commission row, summing to the balance', async () => {
    await deposit(server, agent, 20);
    later();
    await claim(agent, 'commission', 150);
    later();
    await claim(agent, 'commission', 100.25);

    const all = await list(agent);
    expect(all.totalElements).toBe(3);
    expect(all.content.map(({ type, amount, state, game }) => ({ type, amount, state, game }))).toEqual([
      { type: 'commission', amount: 100.25, state: 'Success', game: null },
      { type: 'commission', amount: 150, state: 'Success', game: null },
      { type: 'deposit', amount: 20, state: 'Success', game: null },
    ]);
    expect(new Set(all.content.map((r) => r.id)).size).toBe(3);
    const listed = all.content.reduce((sum, r) => sum + Math.round(r.amount * 100), 0);
    expect(listed).toBe(await main(agent));
    expect(listed).toBe(270_25);

    const commission = await list(agent, { type: 'commission' });
    expect(commission.content.map((r) => r.amount)).toEqual([100.25, 150]);
    expect((await list(agent, { type: 'rakeBack' })).totalElements).toBe(0);
    expect((await list(agent, { type: 'deposit' })).content.map((r) => r.amount)).toEqual([20]);
    expect((await list(agent, { type: 'game' })).totalElements).toBe(0);
  });

  it('lists rake back moved into the main balance as a rake back row', async () => {
    await claim(player, 'rakeback', 12.34);
    later();
    await claim(player, 'rakeback', 0.66);
    const all = await list(player);
    expect(all.content.map(({ type, amount }) => ({ type, amount }))).toEqual([
      { type: 'rakeBack', amount: 0.66 },
      { type: 'rakeBack', amount: 12.34 },
    ]);
    expect((await list(player, { type: 'rakeBack' })).totalElements).toBe(2);
    expect((await list(player, { type: 'commission' })).totalElements).toBe(0);
    const listed = all.content.reduce((sum, r) => sum + Math.round(r.amount * 100), 0);
    expect(listed).toBe(await main(player));
    await expectLedgerSound(server);
  });

  it('keeps the type filter closed to unknown types', async () => {
    const res = await server.post('/wallet/records', { type: 'earnings' }, player.token);
    expect(res.status).toBe(400);
  });
});
