import { describe, expect, it } from 'vitest';
import { serverForSuite } from '../harness';
import { deposit, expectLedgerSound, newUser, secondary } from './helpers';

const server = serverForSuite({ demoSeed: true });

describe('smoke', () => {
  it('deposits', async () => {
    const u = await newUser(server);
    await deposit(server, u, 123.45);
    expect(await secondary(server, u)).toMatchObject({ totalCoin: 123.45, canWithdrawCoin: 123.45 });
    await expectLedgerSound(server);
  });
});
