// Crash test (issue 6): the real server process under load is killed with SIGKILL at random points and
// restarted; afterwards the books are sound, every acknowledged money call is present (its key
// replays the same answer and moves nothing), and every call cut off mid-flight retried with its key
// is applied at most once. SQLite always; PostgreSQL too with TEST_DIALECT=postgres.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { auditLedger } from '../../../server/modules/ledger/repository';
import { DEMO_ACCOUNTS } from '../../../server/seed/demo';
import { DEMO_SAFE_PASSWORD } from '../../../server/seed/wallet';
import { usingPostgres } from '../harness';
import { moneyAt, processEnvForSuite, startServerProcess } from '../processes';
import { signedCallback } from './helpers';

const CYCLES = Number(process.env.WALLET_CRASH_CYCLES ?? 2);
const WORKERS = 8;

interface Call {
  path: string;
  body: Record<string, unknown>;
  key: string;
  token: string;
  data?: unknown;
}

const proc = processEnvForSuite();

const post = (url: string, call: Call) => moneyAt(url, call.path, call.body, call.token, call.key);

async function login(url: string, label: string): Promise<{ token: string; uid: number }> {
  const a = DEMO_ACCOUNTS.find((x) => x.label === label);
  const res = await fetch(`${url}/api/cplogin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ areaCode: a?.areaCode, phone: a?.phone, password: a?.password }),
  });
  const json = (await res.json()) as { data: { token: string; user: { uid: number } } };
  return { token: json.data.token, uid: json.data.user.uid };
}

async function expectSound(): Promise<void> {
  const db = proc.openDb();
  try {
    expect(await auditLedger(db)).toEqual({
      entriesTotal: 0,
      unbalancedTransactions: 0,
      driftedAccounts: 0,
      negativeUserAccounts: 0,
    });
  } finally {
    await db.destroy();
  }
}

describe(`crash safety (${usingPostgres() ? 'PostgreSQL' : 'SQLite'})`, () => {
  it(`survives ${CYCLES} SIGKILLs under load with every acknowledged call present`, async () => {
    let server = await startServerProcess(proc.env);
    let url = server.url;
    const player = await login(url, 'player');
    const agent = await login(url, 'agent (job 1)');
    const acknowledged: Call[] = [];
    const cutOff: Call[] = [];
    const paidDeposits: string[] = [];

    const transfer = (from: typeof player, to: typeof player, amount: number, key: string): Call => ({
      path: '/wallet/transfer',
      body: { receiverUid: to.uid, amount, safePassword: DEMO_SAFE_PASSWORD },
      key,
      token: from.token,
    });
    const nextCall = (n: number): Call => {
      const key = randomUUID();
      switch (n % 4) {
        case 0:
          return { path: '/wallet/safe/deposit', body: { amount: 1.01 }, key, token: player.token };
        case 1:
          return transfer(player, agent, 10.5, key);
        case 2:
          return transfer(agent, player, 10.25, key);
        default:
          return { path: '/wallet/deposit/create', body: { amount: 20 }, key, token: agent.token };
      }
    };

    for (let cycle = 0; cycle < CYCLES; cycle++) {
      let stop = false;
      const workers = Array.from({ length: WORKERS }, async (_, w) => {
        for (let n = w; !stop; n += WORKERS) {
          const call = nextCall(n);
          try {
            const res = await post(url, call);
            if (res.status === 200) {
              acknowledged.push({ ...call, data: res.data });
              if (call.path === '/wallet/deposit/create') {
                const orderNo = (res.data as { orderNo: string }).orderNo;
                const cb = await fetch(`${url}/api/wallet/sandbox/callback`, {
                  method: 'POST',
                  headers: { 'content-type': 'application/json' },
                  body: JSON.stringify(signedCallback(orderNo, 20)),
                });
                if (cb.ok) paidDeposits.push(orderNo);
              }
            }
          } catch {
            cutOff.push(call);
            return;
          }
        }
      });
      await new Promise((r) => setTimeout(r, 300 + Math.random() * 1200));
      await server.kill('SIGKILL');
      stop = true;
      await Promise.all(workers);
      server = await startServerProcess(proc.env);
      url = server.url;
      await expectSound();
    }

    try {
      expect(acknowledged.length).toBeGreaterThan(0);
      // Every kill caught calls in flight (8 workers are always mid-call).
      expect(cutOff.length).toBeGreaterThan(0);
      // Every acknowledged call is present: its key replays the same answer.
      for (const call of acknowledged) {
        const res = await post(url, call);
        expect(res.status).toBe(200);
        expect(res.replayed).toBe(true);
        expect(res.data).toEqual(call.data);
      }
      for (const orderNo of paidDeposits) {
        const call: Call = {
          path: '/wallet/deposit/detail',
          body: { orderNo },
          key: 'x',
          token: agent.token,
        };
        expect((await post(url, call)).data).toMatchObject({ state: 'Success' });
      }
      // A call cut off by the crash, retried with its key, is applied at most once.
      for (const call of cutOff) {
        const first = await post(url, call);
        const again = await post(url, call);
        if (first.status === 200) {
          expect(again.replayed).toBe(true);
          expect(again.data).toEqual(first.data);
        }
      }
      await expectSound();
    } finally {
      await server.kill('SIGTERM');
    }
  }, 120_000);
});
