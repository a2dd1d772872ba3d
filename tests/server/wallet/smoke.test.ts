import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../harness';
import { deposit, expectLedgerSound, newUser, secondary, seedSites } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
  await seedSites(server);
});
afterAll(async () => {
  await server.close();
});

describe('smoke', () => {
  it('deposits', async () => {
    const u = await newUser(server);
    await deposit(server, u, 123.45);
    expect(await secondary(server, u)).toMatchObject({ totalCoin: 123.45, canWithdrawCoin: 123.45 });
    await expectLedgerSound(server);
  });
});
