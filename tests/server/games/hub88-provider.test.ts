// Hub88's wire spoken by a separate process (the demo provider in Hub88 mode, decision 0054) over HTTP, on
// SQLite and PostgreSQL: Beacon launches through the peer's game/url (signed with Beacon's key, which the
// peer checks), the peer signs every wallet call with Hub88's key and plays full rounds; a replayed call,
// a rollback sent before its bet and a win held past the session's life are the peer's own faults. The
// adapter's finer rules are in hub88.test.ts.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../harness';
import { seedSites } from '../wallet/helpers';
import { addHub88Provider, type Hub88Provider, rsaPair } from './hub88-fixtures';
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
let provider: Hub88Provider;

beforeAll(async () => {
  server = await startServer();
  await seedSites(server);
  const hub88 = rsaPair();
  const beacon = rsaPair();
  const code = `h88p-${randomUUID().slice(0, 8)}`;
  peer = await startDemoProvider({
    platformUrl: server.url,
    seamless: { code: 'unused-seamless', secret: `s-${randomUUID()}` },
    transfer: { code: 'unused-transfer', secret: `t-${randomUUID()}` },
    env: {
      BET_RETRY_MS: '5000',
      HUB88_CODE: code,
      HUB88_OPERATOR_ID: '7',
      HUB88_PRIVATE_KEY: hub88.privateKey,
      HUB88_BEACON_PUBLIC_KEY: beacon.publicKey,
    },
  });
  provider = await addHub88Provider(server, {
    code,
    baseUrl: `${peer.url}/hub88`,
    hub88,
    beacon,
    gameCode: 'lucky-reels',
  });
}, 60_000);

afterAll(async () => {
  await peer?.cleanup();
  await server?.close();
});

const control = peerControl(() => `${peer.url}/hub88`);
const playerAt = () => playerAtPeer(server, control, provider.gameId, '/hub88/play/lucky-reels');

describe('the demo provider in Hub88 mode', () => {
  it('plays full rounds: each bet and win applied once, the balance and the betting record agree', async () => {
    await expectFullRounds(server, control, provider.code, await playerAt());
  });

  it('a replayed bet is answered as the first and moves the money once', async () => {
    const p = await playerAt();
    await control('/control/faults', { faults: [{ kind: 'replay', action: 'bet' }] });
    const [round] = await playAtPeer(control, p.session, 300);
    expect(round?.bet?.status).toBe('OK');
    const { data } = await control<{ calls: { transactionId: string; attempts: number }[] }>(
      '/control/calls',
    );
    const sent = data.calls.find((c) => c.transactionId === round?.bet?.transactionId);
    expect(sent?.attempts).toBe(2);
    expect(await postingsOf(server, provider.code, round?.bet?.transactionId ?? '')).toHaveLength(1);
    expect(await mainBalance(server, p.user)).toBe(10_000 - 300 + (round?.payout ?? 0));
  });

  it('a rollback sent before its bet: Hub88 is told RS_OK, and the bet after it is refused as rolled back', async () => {
    const p = await playerAt();
    await control('/control/faults', { faults: [{ kind: 'rollback-before-bet' }] });
    const [round] = await playAtPeer(control, p.session, 400);
    expect(round?.rollback?.status).toBe('OK');
    // The peer reads RS_ERROR_TRANSACTION_ROLLED_BACK in Beacon's words.
    expect(round?.bet?.status).toBe('DUPLICATE_TRANSACTION');
    expect(round?.win).toBeNull();
    expect(await postingsOf(server, provider.code, round?.bet?.transactionId ?? '')).toHaveLength(0);
    expect(await mainBalance(server, p.user)).toBe(10_000);
  });

  it('a win held past the session’s life is still paid', async () => {
    await expectHeldWinPaid(server, control, await playerAt());
  });

  it('the peer refuses a Games API call Beacon did not sign', async () => {
    const res = await fetch(`${peer.url}/hub88/operator/generic/v2/game/list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Hub88-Signature': 'bm8=' },
      body: JSON.stringify({ operator_id: 7 }),
    });
    expect(res.status).toBe(401);
  });
});
