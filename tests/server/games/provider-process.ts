// The demo game provider as a real process (node --import tsx demo-provider/main.ts), for the games
// tests: its own port and data folder, stopped, killed and restarted like a third party's server.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { START_DEADLINE_MS } from '../processes';

export interface DemoProviderOptions {
  platformUrl: string;
  seamless: { code: string; secret: string };
  transfer: { code: string; secret: string };
  /** Default: a new temp folder, removed by cleanup(). */
  dataDir?: string;
  /** Default 0 (any free port); a restart keeps the port it got, so the platform's base URL stays right. */
  port?: number;
  /** More environment (FAULTS defaults to 1 here; e.g. BET_RETRY_MS, LOG_LEVEL). */
  env?: Record<string, string>;
}

export interface DemoProvider {
  url: string;
  dataDir: string;
  /** Everything the process wrote (stdout and stderr), for failure messages. */
  output(): string;
  /** SIGTERM, then wait for the exit. */
  stop(): Promise<void>;
  /** SIGKILL, then wait for the exit: no chance to finish anything. */
  kill(): Promise<void>;
  /** Stops (if running) and starts again on the same port and data. */
  restart(): Promise<void>;
  /** Stops and removes the data folder when it was made here. */
  cleanup(): Promise<void>;
}

interface Running {
  child: ChildProcess;
  exited: Promise<void>;
  url: string;
}

function spawnProvider(env: Record<string, string>, log: { text: string }): Promise<Running> {
  return new Promise((resolve, reject) => {
    // One process, so SIGKILL reaches the provider itself (no npm or tsx wrapper in between).
    const child = spawn(process.execPath, ['--import', 'tsx', 'demo-provider/main.ts'], {
      cwd: process.cwd(),
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    let stdout = '';
    let started = false;
    const timer = setTimeout(
      () => reject(new Error(`demo provider did not start: ${log.text}`)),
      START_DEADLINE_MS,
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      log.text += chunk.toString();
      stdout += chunk.toString();
      const line = stdout.split('\n').find((l) => l.startsWith('{"demoProvider"'));
      if (!line || started) return;
      started = true;
      clearTimeout(timer);
      resolve({ child, exited, url: (JSON.parse(line) as { demoProvider: string }).demoProvider });
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      log.text += chunk.toString();
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (!started) reject(new Error(`demo provider exited (${code}): ${log.text}`));
    });
  });
}

export async function startDemoProvider(options: DemoProviderOptions): Promise<DemoProvider> {
  const madeDir = options.dataDir ? undefined : await mkdtemp(path.join(tmpdir(), 'demo-provider-'));
  const dataDir = options.dataDir ?? (madeDir as string);
  const log = { text: '' };
  const env: Record<string, string> = {
    PORT: String(options.port ?? 0),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PLATFORM_URL: options.platformUrl,
    SEAMLESS_CODE: options.seamless.code,
    SEAMLESS_SECRET: options.seamless.secret,
    TRANSFER_CODE: options.transfer.code,
    TRANSFER_SECRET: options.transfer.secret,
    FAULTS: '1',
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  let running: Running | undefined = await spawnProvider(env, log);
  env.PORT = new URL(running.url).port;

  async function end(signal: NodeJS.Signals) {
    const current = running;
    running = undefined;
    if (!current) return;
    if (current.child.exitCode === null && current.child.signalCode === null) current.child.kill(signal);
    await current.exited;
  }

  const provider: DemoProvider = {
    url: running.url,
    dataDir,
    output: () => log.text,
    stop: () => end('SIGTERM'),
    kill: () => end('SIGKILL'),
    async restart() {
      await end('SIGTERM');
      running = await spawnProvider(env, log);
      provider.url = running.url;
    },
    async cleanup() {
      await end('SIGTERM');
      if (madeDir) await rm(madeDir, { recursive: true, force: true });
    },
  };
  return provider;
}
