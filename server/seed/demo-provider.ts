import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config';
import type { AppContext } from '../context';
import type { Db } from '../db/create-db';
import { prepareDemoEvolution } from './demo-evolution';
import { prepareDemoHub88 } from './demo-hub88';
import {
  type CatalogueGame,
  DEMO_SEAMLESS,
  DEMO_TRANSFER,
  demoProviderSecrets,
  seedDemoGames,
} from './games';

/*
 * Demo mode starts the demo game provider beside the server, as its own process (a third party would
 * be one), then configures it from its own catalogue. `npm start` stays one command.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface DemoProviderProcess {
  url: string;
  stop(): Promise<void>;
}

export async function startDemoProvider(
  ctx: AppContext,
  config: Config,
  db: Db,
  platformUrl: string,
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void },
): Promise<DemoProviderProcess> {
  const secrets = await demoProviderSecrets(db);
  const hub88 = await prepareDemoHub88(ctx, config);
  const evolution = await prepareDemoEvolution(ctx);
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'demo-provider/main.ts')],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(config.games.demoProviderPort),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(config.dataDir, 'demo-provider'),
        PLATFORM_URL: platformUrl,
        SEAMLESS_CODE: DEMO_SEAMLESS,
        SEAMLESS_SECRET: secrets.seamless,
        TRANSFER_CODE: DEMO_TRANSFER,
        TRANSFER_SECRET: secrets.transfer,
        FAULTS: '0',
        LOG_LEVEL: 'warn',
        ...hub88.env,
        ...evolution.env,
      },
      // The IPC channel only tells the provider when this process is gone, so it never outlives it.
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on('line', (line) => {
      try {
        const origin = (JSON.parse(line) as { demoProvider?: string }).demoProvider;
        if (origin) resolve(origin);
      } catch {
        // another line of output
      }
    });
    child.once('exit', (code) => reject(new Error(`the demo provider exited (${code}) before listening`)));
  });
  child.once('exit', (code, signal) => log.error({ code, signal }, 'the demo game provider stopped'));
  const catalogue = (await (await fetch(`${url}/games`)).json()) as CatalogueGame[];
  const games = await seedDemoGames(db, Date.now(), { url, secrets, catalogue });
  const hub88Games = await hub88.started(url);
  const evolutionGames = await evolution.started(url);
  log.info({ url, games, hub88Games, evolutionGames }, 'demo game provider started');
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
