import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, ENV_VARS, envSchema, loadConfig } from '../../../server/config';
import { migrateToLatest } from '../../../server/db/migrate';
import { createTestDb, PRODUCTION_SMS_ENV, startServer } from '../harness';

describe('graceful shutdown', () => {
  it('lets an in-flight request finish when the app closes, then refuses new connections', async () => {
    let started!: () => void;
    const inFlight = new Promise<void>((resolve) => {
      started = resolve;
    });
    const server = await startServer({
      extraApiRoutes: (api) => {
        api.post('/test/slow', async () => {
          started();
          await new Promise((r) => setTimeout(r, 300));
          return { status: 200, message: 'success', data: 'done' };
        });
      },
    });
    const slow = fetch(`${server.url}/api/test/slow`, { method: 'POST' });
    await inFlight;
    const closing = server.app.close();
    const res = await slow;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 200, message: 'success', data: 'done' });
    await closing;
    await expect(fetch(`${server.url}/api/mainview/sites`, { method: 'POST' })).rejects.toThrow();
    await server.close().catch(() => undefined);
  });
});

describe('migrations', () => {
  const dbs: Awaited<ReturnType<typeof createTestDb>>[] = [];
  afterAll(async () => {
    for (const d of dbs) await d.drop();
  });

  it('run once, then are a no-op', async () => {
    const testDb = await createTestDb();
    dbs.push(testDb);
    // Every migration, in name order (later issues add theirs after these).
    const applied = await migrateToLatest(testDb.db);
    expect(applied.slice(0, 3)).toEqual(['0001_accounts', '0002_sites', '0003_portal']);
    expect(applied).toEqual([...applied].sort());
    expect(await migrateToLatest(testDb.db)).toEqual([]);
    const tables = (await testDb.db.introspection.getTables()).map((t) => t.name).sort();
    expect(tables).toEqual(
      expect.arrayContaining(['dev_sms_outbox', 'rate_events', 'sessions', 'sites', 'sms_codes', 'users']),
    );
  });

  it('store epoch-ms timestamps as numbers on this dialect', async () => {
    const testDb = await createTestDb();
    dbs.push(testDb);
    await migrateToLatest(testDb.db);
    const big = Date.UTC(2099, 0, 1);
    await testDb.db.insertInto('rate_events').values({ bucket: 'b', key: 'k', created_at: big }).execute();
    const row = await testDb.db.selectFrom('rate_events').selectAll().executeTakeFirstOrThrow();
    expect(row.created_at).toBe(big);
    expect(typeof row.id).toBe('number');
  });
});

describe('config', () => {
  it('has defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: './data',
      databaseUrl: undefined,
      demo: true,
      staticDir: './dist',
      logLevel: 'info',
      trustProxy: false,
      sessionTtlDays: 30,
      sms: { provider: 'dev' },
    });
  });

  it('turns demo off by default with PostgreSQL, and parses flags', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', ...PRODUCTION_SMS_ENV }).demo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', DEMO: '1' }).demo).toBe(true);
    expect(loadConfig({ DEMO: 'false', ...PRODUCTION_SMS_ENV }).demo).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1,10.0.0.2' }).trustProxy).toBe('10.0.0.1,10.0.0.2');
  });

  it('refuses bad values and an http SMS provider without URL and token', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ DEMO: 'maybe' })).toThrow(/DEMO/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SMS_PROVIDER: 'http' })).toThrow(/SMS_HTTP_URL[\s\S]*SMS_HTTP_TOKEN/);
    expect(
      loadConfig({ SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms.example/send', SMS_HTTP_TOKEN: 't' }).sms,
    ).toEqual({ provider: 'http', url: 'https://sms.example/send', token: 't' });
  });

  it('refuses to run outside demo mode without a real SMS provider, saying what is missing', () => {
    for (const env of [
      { DEMO: '0' },
      { DEMO: 'false', SMS_PROVIDER: 'dev' },
      { DATABASE_URL: 'postgres://u@h/db' },
    ]) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(
        /SMS_PROVIDER: the dev provider sends no SMS and is for demo mode only: set SMS_PROVIDER=http with SMS_HTTP_URL and SMS_HTTP_TOKEN, or DEMO=1/,
      );
    }
    expect(loadConfig({ DEMO: '1' }).sms).toEqual({ provider: 'dev' });
  });

  it('documents every variable it reads', () => {
    // ENV_VARS feeds the README table (checked by a unit test); it must list exactly what the schema reads.
    expect(ENV_VARS.map((v) => v.name).sort()).toEqual(Object.keys(envSchema.shape).sort());
    expect(ENV_VARS.length).toBeGreaterThanOrEqual(12);
  });
});
