// The real server (scripts/e2e-server.mjs) on a built app in a folder of the caller's: the web bench adds a
// reference page to its copy, the update spec deploys a second build into its own.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

export interface RunningServer {
  origin: string;
  stop: () => void;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

export async function startServer(staticDir: string): Promise<RunningServer> {
  const port = await freePort();
  const child: ChildProcess = spawn('node', ['scripts/e2e-server.mjs'], {
    env: { ...process.env, PORT: String(port), STATIC_DIR: staticDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const status = await fetch(`${origin}/`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) break;
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error('the server did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { origin, stop: () => child.kill('SIGTERM') };
}
