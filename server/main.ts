import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { offsetClock } from './context';
import { createDb } from './db/create-db';
import { migrateToLatest } from './db/migrate';
import { type ModuleWorker, SERVER_MODULES } from './modules/registry';
import { DEMO_ACCOUNTS, seedDemo } from './seed/demo';
import { type DemoProviderProcess, startDemoProvider } from './seed/demo-provider';

async function main(): Promise<void> {
  const config = loadConfig();
  const db = createDb(config);
  const applied = await migrateToLatest(db);
  // Demo mode's clock can be moved forward by the end-to-end tests (/api/dev/clock: the next business day).
  const app = await buildApp(config, { db, ...(config.demo ? { clock: offsetClock() } : {}) });
  if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
  if (config.push.testHosts.length > 0)
    app.log.warn(
      { hosts: config.push.testHosts },
      'PUSH_TEST_HOSTS is set: web push may reach these hosts at any address (for tests only)',
    );
  if (config.demo) {
    const seeded = await seedDemo(db, Date.now());
    if (seeded.sites + seeded.users > 0) app.log.info(seeded, 'demo data seeded');
  }

  const workers: ModuleWorker[] = [];
  for (const m of SERVER_MODULES) {
    const worker = await m.worker?.({ ctx: app.ctx, push: app.push });
    if (worker) workers.push(worker);
  }
  for (const worker of workers) worker.start();

  let demoProvider: DemoProviderProcess | null = null;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long, exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    try {
      await Promise.all(workers.map((w) => w.stop()));
      await demoProvider?.stop();
      await app.close();
      await db.destroy();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const port = (app.server.address() as { port: number } | null)?.port ?? config.port;
  if (config.demo && config.games.demoProvider) {
    const loopback = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
    demoProvider = await startDemoProvider(app.ctx, config, db, `http://${loopback}:${port}`, app.log);
  }
  const lines = [
    '',
    `Beacon is running at http://${shownHost}:${port}/`,
    `Database: ${config.databaseUrl ? 'PostgreSQL' : `SQLite (${config.dataDir}/beacon.db)`}`,
  ];
  if (config.demo) {
    lines.push(
      'Demo mode: SMS codes are logged and readable at POST /api/dev/sms-outbox',
      `Demo game provider: ${demoProvider?.url ?? '(not started)'}`,
      'Demo accounts:',
    );
    for (const a of DEMO_ACCOUNTS)
      lines.push(`  ${a.label.padEnd(22)} +${a.areaCode} ${a.phone}  password ${a.password}`);
  }
  console.log(`${lines.join('\n')}\n`);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
