// `npm run notice -- --site <domain> "text"` publishes now and queues one delivery per subscription of
// that site; the running server's worker sends them.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  demoLogin,
  type ProcessEnv,
  type ServerProcess,
  startServerProcess,
  waitFor,
} from '../processes';
import type { FakePushService } from './fake-push-service';
import { pushProcessEnvironment } from './helpers';

const run = promisify(execFile);
let fake: FakePushService;
let proc: ProcessEnv;
let server: ServerProcess | undefined;

beforeAll(async () => {
  ({ fake, proc } = await pushProcessEnvironment());
});
afterAll(async () => {
  await server?.kill('SIGTERM');
  await fake?.close();
  await proc?.cleanup();
});

const notice = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'server/cli/notice.ts', ...args], {
    cwd: process.cwd(),
    env: { ...process.env, ...proc.env },
  });

describe('npm run notice', () => {
  it('publishes to a site now and the server pushes it', async () => {
    server = await startServerProcess(proc.env);
    const player = await demoLogin(server.url, 'player');
    const devices = [fake.subscriber(), fake.subscriber()];
    // Subscribed through 127.0.0.1: the demo site of that domain.
    for (const s of devices)
      await call(server.url, '/push/subscribe', { endpoint: s.endpoint, keys: s.keys }, player);

    const other = await notice('--site', 'localhost', 'Only for localhost');
    expect(other.stdout).toMatch(/^notice \d+ published to localhost: 0 push deliveries queued$/m);

    const { stdout } = await notice('--site', '127.0.0.1', '--title', 'Ops', 'Servers restart at 2am');
    const m = /^notice (\d+) published to 127\.0\.0\.1: 2 push deliveries queued$/m.exec(stdout);
    expect(m, stdout).not.toBeNull();
    await waitFor(() => fake.received.length >= 2, 10_000, 'the pushes');
    expect(fake.errors).toEqual([]);
    expect(fake.received.map((r) => r.payload)).toEqual([
      { title: 'Ops', body: 'Servers restart at 2am', noticeId: Number(m?.[1]), url: `/notices/${m?.[1]}` },
      { title: 'Ops', body: 'Servers restart at 2am', noticeId: Number(m?.[1]), url: `/notices/${m?.[1]}` },
    ]);
    const ticker = await call(server.url, '/cp/mainview/notice', {}, player);
    expect(ticker[0].content).toBe('Servers restart at 2am');
    // A server and two CLI processes, each compiling the server's modules through tsx: past 60 s once on a
    // busy 2-core host.
  }, 120_000);

  it('refuses an unknown site and an empty text', async () => {
    await expect(notice('--site', 'nowhere.example', 'x')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('site: No such site'),
    });
    await expect(notice('--site', '127.0.0.1')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('usage: npm run notice'),
    });
    // Two CLI processes, each loading the server's modules through tsx: about 10 s each on a busy 2-core
    // host (a CI run of 2026-11-29 took over 20 s for the pair), like the two calls of the test above.
  }, 120_000);
});
