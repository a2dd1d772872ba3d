// The loop of every module worker (server/periodic.ts): a turn, a pause, a turn; a failed turn is reported
// and the loop goes on; a turn with more to do goes on without a pause; wake() ends a pause; stop() waits
// for the turn in flight and runs no other.
import { describe, expect, it } from 'vitest';
import { periodic } from '../../server/periodic';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('periodic', () => {
  it('runs a turn at once, then one a pause later, until stopped', async () => {
    let turns = 0;
    const loop = periodic(
      async () => {
        turns++;
      },
      { intervalMs: 40, onError: () => undefined },
    );
    loop.start();
    await sleep(10);
    expect(turns).toBe(1);
    await sleep(60);
    expect(turns).toBe(2);
    await loop.stop();
    const after = turns;
    await sleep(100);
    expect(turns).toBe(after);
  });

  it('reports a failed turn and goes on', async () => {
    const errors: unknown[] = [];
    let turns = 0;
    const loop = periodic(
      async () => {
        turns++;
        if (turns === 1) throw new Error('lost connection');
      },
      { intervalMs: 5, onError: (err) => errors.push(err) },
    );
    loop.start();
    await sleep(40);
    await loop.stop();
    expect(errors.map((e) => (e as Error).message)).toEqual(['lost connection']);
    expect(turns).toBeGreaterThan(1);
  });

  it('skips the pause while a turn says there is more, and wake() ends a pause', async () => {
    const backlog = [3, 2, 1, 0];
    let turns = 0;
    const loop = periodic(
      async () => {
        turns++;
        return backlog.shift() ?? 0;
      },
      { intervalMs: 10_000, onError: () => undefined, again: (left) => left > 0 },
    );
    loop.start();
    await sleep(20);
    // 3, 2, 1 went on at once; 0 paused.
    expect(turns).toBe(4);
    loop.wake();
    await sleep(20);
    expect(turns).toBe(5);
    const started = Date.now();
    await loop.stop();
    // Stopping ends the pause at once rather than waiting out the interval.
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('waits for the turn in flight when stopped, and starts once however often start() is called', async () => {
    let inFlight = 0;
    let most = 0;
    let finished = 0;
    const loop = periodic(
      async () => {
        inFlight++;
        most = Math.max(most, inFlight);
        await sleep(30);
        inFlight--;
        finished++;
      },
      { intervalMs: 5, onError: () => undefined },
    );
    loop.start();
    loop.start();
    await sleep(10);
    await loop.stop();
    expect(inFlight).toBe(0);
    expect(finished).toBe(1);
    expect(most).toBe(1);
  });
});
