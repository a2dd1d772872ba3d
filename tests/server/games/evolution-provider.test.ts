// Evolution's One Wallet spoken by a separate process (the demo provider in Evolution mode, decision 0054)
// over HTTP, on SQLite and PostgreSQL: Beacon launches through the peer's User Authentication (with the
// casino key and API token, which the peer checks), the peer sends every wallet call with the authToken and
// plays full rounds; a repeated debit, a cancel sent before its debit and a credit held past the session's
// life are the peer's own faults. The adapter's finer rules are in evolution.test.ts.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../harness';
import { seedSites } from '../wallet/helpers';
import { addEvolutionProvider, type EvolutionProvider, evolutionToken } from './evolution-fixtures';
import {
  expectFullRounds,
  expectHeldWinPaid,
  mainBalance,
  peerControl,
  playAtPeer,
  playerAtPeer,
  postingsOf,
} from './peer-fixtures';
import { type DemoProvider, startDemoProvider } from './provider-process';

let server: TestServer;
let peer: DemoProvider;
let provider: EvolutionProvider;

beforeAll(async () => {
  server = await startServer();
  await seedSites(server);
  const authToken = evolutionToken();
  const apiToken = evolutionToken();
  const code = `evop-${randomUUID().slice(0, 8)}`;
  peer = await startDemoProvider({
    platformUrl: server.url,
    seamless: { code: 'unused-seamless', secret: `s-${randomUUID()}` },
    transfer: { code: 'unused-transfer', secret: `t-${randomUUID()}` },
    env: {
      BET_RETRY_MS: '5000',
      EVOLUTION_CODE: code,
      EVOLUTION_CASINO_KEY: 'testcasino',
      EVOLUTION_AUTH_TOKEN: authToken,
      EVOLUTION_API_TOKEN: apiToken,
    },
  });
  provider = await addEvolutionProvider(server, {
    code,
    baseUrl: `${peer.url}/evolution`,
    apiToken,
    authToken,
    gameCode: 'lucky-reels',
  });
}, 60_000);

afterAll(async () => {
  await peer?.cleanup();
  await server?.close();
});

const control = peerControl(() => `${peer.url}/evolution`);
const playerAt = () => playerAtPeer(server, control, provider.gameId, '/evolution/play/lucky-reels');

/** The One Wallet statuses the peer was answered for one of its calls, attempt by attempt. */
async function evolutionStatuses(transactionId: string | undefined): Promise<(string | undefined)[]> {
  const { data } = await control<{
    calls: { transactionId: string; answers: { answer?: { message?: string } }[] }[];
  }>('/control/calls');
  const sent = data.calls.find((c) => c.transactionId === transactionId);
  return sent?.answers.map((a) => a.answer?.message) ?? [];
}

describe('the demo provider in Evolution mode', () => {
  it('plays full rounds: each debit and credit applied once, the balance and the betting record agree', async () => {
    await expectFullRounds(server, control, provider.code, await playerAt());
  });

  it('a repeated debit is answered BET_ALREADY_EXIST and moves the money once', async () => {
    const p = await playerAt();
    await control('/control/faults', { faults: [{ kind: 'replay', action: 'bet' }] });
    const [round] = await playAtPeer(control, p.session, 300);
    expect(await evolutionStatuses(round?.bet?.transactionId)).toEqual(['OK', 'BET_ALREADY_EXIST']);
    expect(round?.win?.status).toBe('OK');
    expect(await postingsOf(server, provider.code, round?.bet?.transactionId ?? '')).toHaveLength(1);
    expect(await mainBalance(server, p.user)).toBe(10_000 - 300 + (round?.payout ?? 0));
  });

  it('a cancel sent before its debit: Evolution is told BET_DOES_NOT_EXIST, and the debit after it fails for good', async () => {
    const p = await playerAt();
    await control('/control/faults', { faults: [{ kind: 'rollback-before-bet' }] });
    const [round] = await playAtPeer(control, p.session, 400);
    // The peer reads BET_DOES_NOT_EXIST and FINAL_ERROR_ACTION_FAILED in Beacon's words.
    expect(round?.rollback?.status).toBe('TRANSACTION_NOT_FOUND');
    expect(round?.bet?.status).toBe('DUPLICATE_TRANSACTION');
    expect(await evolutionStatuses(round?.rollback?.transactionId)).toEqual(['BET_DOES_NOT_EXIST']);
    expect(await evolutionStatuses(round?.bet?.transactionId)).toEqual(['FINAL_ERROR_ACTION_FAILED']);
    expect(round?.win).toBeNull();
    expect(await postingsOf(server, provider.code, round?.bet?.transactionId ?? '')).toHaveLength(0);
    expect(await mainBalance(server, p.user)).toBe(10_000);
  });

  it('a credit held past the session’s life is still paid', async () => {
    await expectHeldWinPaid(server, control, await playerAt());
  });

  it('the peer refuses a launch or a lobby read without Beacon’s API token', async () => {
    const launch = await fetch(`${peer.url}/evolution/ua/v1/testcasino/not-the-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(launch.status).toBe(401);
    const lobby = await fetch(`${peer.url}/evolution/api/lobby/v1/testcasino/state`);
    expect(lobby.status).toBe(401);
  });
});
