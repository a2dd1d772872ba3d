import path from 'node:path';
import { buildProviderApp } from './app';
import { loadProviderConfig, ProviderConfigError } from './config';
import { openProviderDb } from './store';

/**
 * The demo game provider's process: its own port, its own SQLite file, the platform reached only over
 * the wire. When listening it prints exactly one line to stdout, `{"demoProvider":"<origin>"}`.
 */
async function main(): Promise<void> {
  const config = loadProviderConfig();
  const db = openProviderDb(config.dataDir);
  const hub88Db = config.hub88 ? openProviderDb(path.join(config.dataDir, 'hub88')) : undefined;
  const evolutionDb = config.evolution ? openProviderDb(path.join(config.dataDir, 'evolution')) : undefined;
  let publicUrl = config.publicUrl ?? '';
  const app = buildProviderApp({
    db,
    platformUrl: config.platformUrl,
    publicUrl: () => publicUrl,
    seamless: config.seamless,
    transfer: config.transfer,
    faults: config.faults,
    betRetryMs: config.betRetryMs,
    logLevel: config.logLevel,
    ...(config.hub88 && hub88Db ? { hub88: { ...config.hub88, db: hub88Db } } : {}),
    ...(config.evolution && evolutionDb ? { evolution: { ...config.evolution, db: evolutionDb } } : {}),
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'demo provider shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      db.close();
      hub88Db?.close();
      evolutionDb?.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  // Started by the platform in demo mode with an IPC channel: if the platform dies (even SIGKILL), go too.
  if (process.send) process.on('disconnect', () => void shutdown('platform gone'));

  await app.listen({ port: config.port, host: config.host });
  const port = (app.server.address() as { port: number } | null)?.port ?? config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  if (!config.publicUrl) publicUrl = origin;
  if (config.faults) app.log.warn('FAULTS=1: the unsigned /control endpoints are open (for tests only)');
  process.stdout.write(`${JSON.stringify({ demoProvider: origin })}\n`);
}

main().catch((err: unknown) => {
  console.error(err instanceof ProviderConfigError ? err.message : err);
  process.exit(1);
});
