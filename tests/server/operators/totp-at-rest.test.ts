// Issue 16: operators' TOTP secrets encrypted at rest (server/modules/operators/totp-secrets.ts). The column
// never holds the secret; an altered, moved or foreign-key value fails as a wrong code (never a 500); clear
// secrets from before are converted when the app is built, once; the key comes from OPERATOR_SECRET_KEY or a
// file generated once into DATA_DIR, and a bad or mismatched key stops the start.
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { type Config, ConfigError, loadConfig } from '../../../server/config';
import { decodeSecretKey, open, type SecretKey, seal } from '../../../server/modules/operators/secret-box';
import {
  OPERATOR_KEY_FILE,
  OperatorKeyError,
  prepareTotpSecrets,
} from '../../../server/modules/operators/totp-secrets';
import { quickUser, type TeamUser } from '../agent/team-fixtures';
import {
  serverForSuite,
  startServer,
  TEST_OPERATOR_SECRET_KEY,
  type TestServer,
  wrongCode,
} from '../harness';
import { processEnvironment, startServerProcess } from '../processes';
import { TEST_TOTP_SECRET, totpCode } from './helpers';

const keyOf = (text: string): SecretKey => {
  const key = decodeSecretKey(text);
  if (!key) throw new Error('not a key');
  return key;
};
const TEST_KEY = keyOf(TEST_OPERATOR_SECRET_KEY);
const OTHER_KEY = keyOf(Buffer.alloc(32, 9).toString('base64url'));
const OTHER_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const contextOf = (userId: number) => `operator_totp:${userId}`;

const server = serverForSuite();

/** A user holding an administrator grant; with `stored`, that value as their confirmed authenticator. */
async function grantee(on: TestServer, stored?: (userId: number) => string): Promise<TeamUser> {
  const user = await quickUser(on);
  const now = on.clock.now();
  await on.db
    .insertInto('operator_grants')
    .values({ user_id: user.id, role: 'administrator', site_id: null, granted_by: null, created_at: now })
    .execute();
  if (stored)
    await on.db
      .insertInto('operator_totp')
      .values({
        user_id: user.id,
        secret: stored(user.id),
        confirmed_at: now,
        last_step: null,
        created_at: now,
      })
      .execute();
  return user;
}

const sealedWith =
  (key: SecretKey, secret = TEST_TOTP_SECRET) =>
  (userId: number) =>
    seal(key, secret, contextOf(userId));

/** The column as the database holds it, read past the application. */
async function rawSecret(on: TestServer, userId: number): Promise<string> {
  const { rows } = await sql<{
    secret: string;
  }>`select secret from operator_totp where user_id = ${userId}`.execute(on.db);
  if (rows.length !== 1) throw new Error(`no authenticator for ${userId}`);
  return (rows[0] as { secret: string }).secret;
}

const setRawSecret = (on: TestServer, userId: number, secret: string) =>
  sql`update operator_totp set secret = ${secret} where user_id = ${userId}`.execute(on.db);

async function failures(on: TestServer, userId: number): Promise<number> {
  const row = await on.db
    .selectFrom('rate_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('bucket', '=', 'totp_fail')
    .where('key', '=', String(userId))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

async function secondFactor(on: TestServer, token: string): Promise<unknown> {
  const res = await fetch(`${on.url}/api/admin/session`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: { secondFactor: unknown } }).data.secondFactor;
}

/** Signs in with the current code of `secret`; the server's answer. */
const signIn = async (on: TestServer, user: TeamUser, secret = TEST_TOTP_SECRET) =>
  on.post('/admin/session/totp', { code: await totpCode(on, secret) }, user.token);

/** The next 30-second step, so a code of the same secret is not a replay. */
const nextStep = (on: TestServer) => on.clock.advance(30_000);

/** A refusal the operator sees as a wrong code: 400, `totp_wrong` on the code field. */
function expectWrongCode(res: { http: number; data: { issues?: { path: string; code: string }[] } }) {
  expect(res.http).toBe(400);
  expect(res.data.issues).toEqual([expect.objectContaining({ path: 'code', code: 'totp_wrong' })]);
}

/** The config the test server runs with, other values over it. */
const configWith = (on: TestServer, operators: Partial<Config['operators']>, dataDir?: string): Config => ({
  ...on.app.ctx.config,
  operators: { ...on.app.ctx.config.operators, ...operators },
  ...(dataDir ? { dataDir } : {}),
});

describe('TOTP secrets at rest', () => {
  it('stores an enrolled secret sealed with the key and bound to the user; enrolment and sign-in work as before', async () => {
    const op = await grantee(server);
    const first = await server.post('/admin/session/totp/enrol', {}, op.token);
    const firstStored = await rawSecret(server, op.id);
    const enrolled = await server.post('/admin/session/totp/enrol', {}, op.token);
    expect(enrolled.status).toBe(200);
    const { secret, uri } = enrolled.data as { secret: string; uri: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toContain(`secret=${secret}`);

    const stored = await rawSecret(server, op.id);
    expect(stored.startsWith(`v1:${TEST_KEY.id}:`)).toBe(true);
    expect(stored).not.toContain(secret);
    expect(stored.toLowerCase()).not.toContain(secret.toLowerCase());
    expect(stored).not.toBe(firstStored);
    expect(open(TEST_KEY, stored, contextOf(op.id))).toBe(secret);
    expect(() => open(TEST_KEY, stored, contextOf(op.id + 1))).toThrow();

    // The replaced secret's code is refused, the shown one confirms; then a replay is refused.
    expectWrongCode(await signIn(server, op, (first.data as { secret: string }).secret));
    const code = await totpCode(server, secret);
    const passed = await server.post('/admin/session/totp', { code }, op.token);
    expect(passed.status).toBe(200);
    expect(passed.data.secondFactor).toBe('passed');
    expectWrongCode(await server.post('/admin/session/totp', { code }, op.token));
    const late = await server.post('/admin/session/totp/enrol', {}, op.token);
    expect(late.http).toBe(409);
    expect(late.data).toEqual({ code: 'totp_enrolled' });
    // Confirmation and the taken step leave the sealed value as it was.
    expect(await rawSecret(server, op.id)).toBe(stored);
    const row = await server.db
      .selectFrom('operator_totp')
      .select(['confirmed_at', 'last_step'])
      .where('user_id', '=', op.id)
      .executeTakeFirstOrThrow();
    expect(row.confirmed_at).not.toBeNull();
    expect(Number(row.last_step)).toBe(Math.floor(server.clock.now() / 30_000));
    nextStep(server);
    expect((await signIn(server, op, secret)).status).toBe(200);
  });

  it('refuses an altered ciphertext, tag or IV as a wrong code: counted, no 500, the factor still required', async () => {
    const alterations: Record<string, (parts: string[]) => void> = {
      ciphertext: (p) => {
        p[3] = flip(p[3] as string);
      },
      tag: (p) => {
        p[4] = flip(p[4] as string);
      },
      iv: (p) => {
        p[2] = flip(p[2] as string);
      },
      'key id': (p) => {
        p[1] = '00000000';
      },
      'cut short': (p) => {
        p.pop();
      },
    };
    for (const [what, alter] of Object.entries(alterations)) {
      const op = await grantee(server, sealedWith(TEST_KEY));
      const original = await rawSecret(server, op.id);
      const parts = original.split(':');
      alter(parts);
      await setRawSecret(server, op.id, parts.join(':'));
      const res = await signIn(server, op);
      expect(res.http, what).toBe(400);
      expectWrongCode(res);
      expect(await failures(server, op.id), what).toBe(1);
      expect(await secondFactor(server, op.token), what).toBe('required');
      // The value is left for an administrator to look at: not rewritten, not replaced by an enrolment.
      expect(await rawSecret(server, op.id)).toBe(parts.join(':'));
      expect((await server.post('/admin/session/totp/enrol', {}, op.token)).http).toBe(409);
      // Restored, the same right code passes: the refusal was the alteration's.
      await setRawSecret(server, op.id, original);
      expect((await signIn(server, op)).status, what).toBe(200);
    }
  });

  it('locks the factor after five such refusals, as after five wrong codes', async () => {
    const op = await grantee(server, sealedWith(TEST_KEY));
    const original = await rawSecret(server, op.id);
    const parts = original.split(':');
    parts[4] = flip(parts[4] as string);
    await setRawSecret(server, op.id, parts.join(':'));
    for (let i = 0; i < 5; i++) expectWrongCode(await signIn(server, op));
    await setRawSecret(server, op.id, original);
    expect((await signIn(server, op)).http).toBe(429);
  });

  it("refuses a secret moved to another operator's row: it opens only in its own", async () => {
    const a = await grantee(server, sealedWith(TEST_KEY, TEST_TOTP_SECRET));
    const b = await grantee(server, sealedWith(TEST_KEY, OTHER_SECRET));
    await setRawSecret(server, b.id, await rawSecret(server, a.id));
    // B now holds A's sealed secret: neither A's code nor B's own opens it for B.
    expectWrongCode(await signIn(server, b, TEST_TOTP_SECRET));
    expectWrongCode(await signIn(server, b, OTHER_SECRET));
    expect(await secondFactor(server, b.token)).toBe('required');
    expect((await signIn(server, a, TEST_TOTP_SECRET)).status).toBe(200);
  });

  it('refuses a secret sealed with another key, or with another key under this key id', async () => {
    const foreign = await grantee(server, sealedWith(OTHER_KEY));
    expectWrongCode(await signIn(server, foreign));
    const forged = await grantee(server, sealedWith({ id: TEST_KEY.id, bytes: OTHER_KEY.bytes }));
    expectWrongCode(await signIn(server, forged));
    expect(await secondFactor(server, forged.token)).toBe('required');
  });

  it('seals a clear secret it meets at sign-in, and signs in with it', async () => {
    const op = await grantee(server, () => TEST_TOTP_SECRET);
    expect(await rawSecret(server, op.id)).toBe(TEST_TOTP_SECRET);
    expect((await signIn(server, op)).status).toBe(200);
    const stored = await rawSecret(server, op.id);
    expect(stored.startsWith(`v1:${TEST_KEY.id}:`)).toBe(true);
    expect(open(TEST_KEY, stored, contextOf(op.id))).toBe(TEST_TOTP_SECRET);
    nextStep(server);
    expect((await signIn(server, op)).status).toBe(200);
    // A value neither sealed nor base32 (damaged) is a wrong code too, not a crash.
    const damaged = await grantee(server, () => 'not a secret!');
    expectWrongCode(await signIn(server, damaged));
    expect(await rawSecret(server, damaged.id)).toBe('not a secret!');
  });
});

describe('clear secrets from before encryption', () => {
  let legacy: TestServer;
  beforeAll(async () => {
    legacy = await startServer();
  });
  afterAll(() => legacy.close());

  it('are sealed when the app is built, still sign in, and a second conversion changes nothing', async () => {
    const ops = [
      await grantee(legacy, () => TEST_TOTP_SECRET),
      await grantee(legacy, () => OTHER_SECRET),
      await grantee(legacy, () => TEST_TOTP_SECRET),
    ];
    const alreadySealed = await grantee(legacy, sealedWith(TEST_KEY));
    const sealedBefore = await rawSecret(legacy, alreadySealed.id);
    const damaged = await grantee(legacy, () => 'not base32 at all');

    // Another process starting on this database: building its app converts them.
    const restarted = await buildApp(legacy.app.ctx.config, { db: legacy.db, clock: legacy.clock });
    await restarted.close();
    const after = await Promise.all(ops.map((op) => rawSecret(legacy, op.id)));
    for (const [i, stored] of after.entries()) {
      const op = ops[i] as TeamUser;
      expect(stored.startsWith(`v1:${TEST_KEY.id}:`)).toBe(true);
      expect(stored).not.toContain(i === 1 ? OTHER_SECRET : TEST_TOTP_SECRET);
      expect(open(TEST_KEY, stored, contextOf(op.id))).toBe(i === 1 ? OTHER_SECRET : TEST_TOTP_SECRET);
    }
    expect(await rawSecret(legacy, alreadySealed.id)).toBe(sealedBefore);
    expect(await rawSecret(legacy, damaged.id)).toBe('not base32 at all');

    expect((await signIn(legacy, ops[0] as TeamUser)).status).toBe(200);
    expect((await signIn(legacy, ops[1] as TeamUser, OTHER_SECRET)).status).toBe(200);
    // Converted, not re-sealed at sign-in.
    expect(await rawSecret(legacy, (ops[0] as TeamUser).id)).toBe(after[0]);

    // Run again (the next start): nothing to convert, nothing written.
    const again = await prepareTotpSecrets(legacy.app.ctx.config, legacy.db, legacy.app.log);
    expect(again.converted).toBe(0);
    expect(again.key.id).toBe(TEST_KEY.id);
    expect(await Promise.all(ops.map((op) => rawSecret(legacy, op.id)))).toEqual(after);
  });

  it('are converted once when two processes start together', async () => {
    const ops = await Promise.all([1, 2, 3, 4].map(() => grantee(legacy, () => TEST_TOTP_SECRET)));
    const config = legacy.app.ctx.config;
    const runs = await Promise.all([
      prepareTotpSecrets(config, legacy.db, legacy.app.log),
      prepareTotpSecrets(config, legacy.db, legacy.app.log),
    ]);
    expect(runs[0].converted + runs[1].converted).toBe(ops.length);
    for (const op of ops)
      expect(open(TEST_KEY, await rawSecret(legacy, op.id), contextOf(op.id))).toBe(TEST_TOTP_SECRET);
    nextStep(legacy);
    for (const op of ops) expect((await signIn(legacy, op)).status).toBe(200);
  });
});

describe('the key', () => {
  it('is generated once into DATA_DIR (mode 0600) when unset, and reused by the next start', async () => {
    const own = await startServer({ env: { OPERATOR_SECRET_KEY: '' } });
    try {
      const config = own.app.ctx.config;
      expect(config.operators.secretKey).toBeNull();
      const file = path.join(config.dataDir, OPERATOR_KEY_FILE);
      const text = await readFile(file, 'utf8');
      expect(text).toMatch(/^[A-Za-z0-9_-]{43}\n$/);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      const key = keyOf(text.trim());
      expect(key.id).not.toBe(TEST_KEY.id);

      const op = await grantee(own);
      const { secret } = (await own.post('/admin/session/totp/enrol', {}, op.token)).data as {
        secret: string;
      };
      expect((await signIn(own, op, secret)).status).toBe(200);
      expect(open(key, await rawSecret(own, op.id), contextOf(op.id))).toBe(secret);

      // The next start reads the same file: same key, the secret still opens.
      const restarted = await buildApp(config, { db: own.db, clock: own.clock });
      await restarted.close();
      expect(await readFile(file, 'utf8')).toBe(text);
      expect((await prepareTotpSecrets(config, own.db, own.app.log)).key.id).toBe(key.id);
      nextStep(own);
      expect((await signIn(own, op, secret)).status).toBe(200);
      // Only the key is left in the folder (no half-written drafts).
      expect((await readdir(config.dataDir)).filter((f) => f.startsWith(OPERATOR_KEY_FILE))).toEqual([
        OPERATOR_KEY_FILE,
      ]);

      // The file gone while sealed secrets exist: no new key (it would lock every operator out), no start.
      await rm(file);
      await expect(buildApp(config, { db: own.db, clock: own.clock })).rejects.toThrow(OperatorKeyError);
      await expect(prepareTotpSecrets(config, own.db, own.app.log)).rejects.toThrow(
        /is missing but 1 operator/,
      );
      await expect(stat(file)).rejects.toThrow();
      // Restored, it starts again.
      await writeFile(file, text, { mode: 0o600 });
      const back = await buildApp(config, { db: own.db, clock: own.clock });
      await back.close();
    } finally {
      await own.close();
    }
  });

  it('of two processes generating at once is one key', async () => {
    const own = await startServer({ env: { OPERATOR_SECRET_KEY: '' } });
    try {
      const config = configWith(own, { secretKey: null }, path.join(own.app.ctx.config.dataDir, 'fresh'));
      const keys = await Promise.all(
        [1, 2, 3].map(() => prepareTotpSecrets(config, own.db, own.app.log).then((p) => p.key.id)),
      );
      expect(new Set(keys).size).toBe(1);
      expect(await readdir(config.dataDir)).toEqual([OPERATOR_KEY_FILE]);
    } finally {
      await own.close();
    }
  });

  it('other than the one the stored secrets were sealed with stops the start, from the variable or the file', async () => {
    const op = await grantee(server, sealedWith(TEST_KEY));
    const other = configWith(server, { secretKey: OTHER_KEY.bytes.toString('base64url') });
    await expect(buildApp(other, { db: server.db, clock: server.clock })).rejects.toThrow(
      new RegExp(`encrypted with key ${TEST_KEY.id}, not with this one \\(${OTHER_KEY.id}`),
    );
    const dir = path.join(server.app.ctx.config.dataDir, 'other-key');
    const fromFile = configWith(server, { secretKey: null }, dir);
    // No file there and sealed secrets stored: refused without writing one.
    await expect(prepareTotpSecrets(fromFile, server.db, server.app.log)).rejects.toThrow(/is missing but/);
    await expect(stat(path.join(dir, OPERATOR_KEY_FILE))).rejects.toThrow();
    await mkdir(dir);
    await writeFile(path.join(dir, OPERATOR_KEY_FILE), `${OTHER_KEY.bytes.toString('base64url')}\n`, {
      mode: 0o600,
    });
    await expect(buildApp(fromFile, { db: server.db, clock: server.clock })).rejects.toThrow(
      new RegExp(`not with this one \\(${OTHER_KEY.id}, from ${dir}`),
    );
    // The running app, with the right key, is untouched.
    expect((await signIn(server, op)).status).toBe(200);
  });

  it('read from a file that does not hold a key stops the start, naming the file', async () => {
    const dir = path.join(server.app.ctx.config.dataDir, 'bad-file');
    const config = configWith(server, { secretKey: null }, dir);
    const file = path.join(dir, OPERATOR_KEY_FILE);
    for (const content of ['', 'not a key\n', `${Buffer.alloc(31, 1).toString('base64url')}\n`]) {
      await rm(dir, { recursive: true, force: true });
      await mkdir(dir);
      await writeFile(file, content);
      await expect(buildApp(config, { db: server.db, clock: server.clock })).rejects.toThrow(
        `${file} does not hold an operator secret key`,
      );
    }
  });

  it('configured invalid (length, encoding) refuses to load, saying what it must be', () => {
    const base = { DATA_DIR: '/tmp/x', DEMO: '1' };
    const bytes = Buffer.alloc(32, 200);
    for (const bad of [
      'short',
      Buffer.alloc(31, 1).toString('base64url'),
      Buffer.alloc(33, 1).toString('base64url'),
      bytes.toString('base64'), // standard base64 with padding and + or /
      `${bytes.toString('base64url')}=`,
      bytes.toString('hex'),
      `${bytes.toString('base64url').slice(0, 42)}!`,
    ]) {
      expect(() => loadConfig({ ...base, OPERATOR_SECRET_KEY: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ ...base, OPERATOR_SECRET_KEY: bad }), bad).toThrow(
        /OPERATOR_SECRET_KEY: must be 32 random bytes in base64url/,
      );
    }
    const good = Buffer.alloc(32, 5).toString('base64url');
    expect(loadConfig({ ...base, OPERATOR_SECRET_KEY: ` ${good} ` }).operators.secretKey).toBe(good);
    expect(loadConfig({ ...base, OPERATOR_SECRET_KEY: '' }).operators.secretKey).toBeNull();
    expect(loadConfig(base).operators.secretKey).toBeNull();
  });

  it('configured invalid stops a real server process before it listens', async () => {
    const proc = await processEnvironment({ OPERATOR_SECRET_KEY: Buffer.alloc(16, 1).toString('base64url') });
    try {
      await expect(startServerProcess(proc.env)).rejects.toThrow(
        /server exited \(1\)[\s\S]*OPERATOR_SECRET_KEY: must be 32 random bytes/,
      );
    } finally {
      await proc.cleanup();
    }
  }, 40_000);
});

// Decision 0034: a new key in OPERATOR_SECRET_KEY, the old one in OPERATOR_SECRET_KEY_PREVIOUS.
describe('changing the key', () => {
  const oldText = OTHER_KEY.bytes.toString('base64url');

  it('seals every secret of the previous key again with the new one at start, once', async () => {
    // A database whose secrets the old key sealed: the running app started with that key.
    const own = await startServer({ env: { OPERATOR_SECRET_KEY: oldText } });
    try {
      const ops = await Promise.all([1, 2, 3].map(() => grantee(own, sealedWith(OTHER_KEY))));
      const other = await grantee(own, sealedWith(OTHER_KEY, OTHER_SECRET));
      const newKeyOnly = configWith(own, { secretKey: TEST_OPERATOR_SECRET_KEY });
      // The new key alone refuses, and says how to change keys.
      await expect(buildApp(newKeyOnly, { db: own.db, clock: own.clock })).rejects.toThrow(
        /encrypted with key [0-9a-f]{8}, not with this one[\s\S]*OPERATOR_SECRET_KEY_PREVIOUS/,
      );
      expect(await rawSecret(own, other.id)).toMatch(new RegExp(`^v1:${OTHER_KEY.id}:`));

      const rotating = configWith(own, {
        secretKey: TEST_OPERATOR_SECRET_KEY,
        previousSecretKeys: [oldText],
      });
      const first = await prepareTotpSecrets(rotating, own.db, own.app.log);
      expect(first.resealed).toBe(4);
      expect(first.key.id).toBe(TEST_KEY.id);
      for (const [user, secret] of [
        ...ops.map((op) => [op, TEST_TOTP_SECRET] as const),
        [other, OTHER_SECRET] as const,
      ]) {
        const stored = await rawSecret(own, user.id);
        expect(stored.startsWith(`v1:${TEST_KEY.id}:`)).toBe(true);
        expect(open(TEST_KEY, stored, contextOf(user.id))).toBe(secret);
      }
      // The next start has nothing to do; and the previous key can go: the new key alone starts now.
      const sealed = await Promise.all(ops.map((op) => rawSecret(own, op.id)));
      expect((await prepareTotpSecrets(rotating, own.db, own.app.log)).resealed).toBe(0);
      expect(await Promise.all(ops.map((op) => rawSecret(own, op.id)))).toEqual(sealed);
      const after = await buildApp(newKeyOnly, { db: own.db, clock: own.clock });
      try {
        nextStep(own);
        const res = await after.inject({
          method: 'POST',
          url: '/api/admin/session/totp',
          headers: { authorization: `Bearer ${(ops[0] as TeamUser).token}` },
          payload: { code: await totpCode(own, TEST_TOTP_SECRET) },
        });
        expect(res.json()).toMatchObject({ status: 200 });
      } finally {
        await after.close();
      }
    } finally {
      await own.close();
    }
  });

  it('of two processes starting together re-seals each secret once', async () => {
    const own = await startServer({ env: { OPERATOR_SECRET_KEY: oldText } });
    try {
      const ops = await Promise.all([1, 2, 3, 4].map(() => grantee(own, sealedWith(OTHER_KEY))));
      const rotating = configWith(own, {
        secretKey: TEST_OPERATOR_SECRET_KEY,
        previousSecretKeys: [oldText],
      });
      const runs = await Promise.all([1, 2].map(() => prepareTotpSecrets(rotating, own.db, own.app.log)));
      expect(runs.reduce((n, r) => n + r.resealed, 0)).toBe(ops.length);
      for (const op of ops)
        expect(open(TEST_KEY, await rawSecret(own, op.id), contextOf(op.id))).toBe(TEST_TOTP_SECRET);
    } finally {
      await own.close();
    }
  });

  it('opens, at sign-in, a secret an older process sealed with the previous key, and seals it with the new one', async () => {
    const own = await startServer({ env: { OPERATOR_SECRET_KEY_PREVIOUS: ` ${oldText} ,` } });
    try {
      expect(own.app.ctx.config.operators.previousSecretKeys).toEqual([oldText]);
      // Written after this process started (by one still on the old key).
      const op = await grantee(own, sealedWith(OTHER_KEY));
      expect((await signIn(own, op)).status).toBe(200);
      const stored = await rawSecret(own, op.id);
      expect(stored.startsWith(`v1:${TEST_KEY.id}:`)).toBe(true);
      expect(open(TEST_KEY, stored, contextOf(op.id))).toBe(TEST_TOTP_SECRET);

      // A previous key's value that was altered does not open: a wrong code, the row left as it is.
      const altered = await grantee(own, sealedWith(OTHER_KEY));
      const parts = (await rawSecret(own, altered.id)).split(':');
      parts[3] = flip(parts[3] as string);
      await setRawSecret(own, altered.id, parts.join(':'));
      nextStep(own);
      expectWrongCode(await signIn(own, altered));
      expect(await rawSecret(own, altered.id)).toBe(parts.join(':'));
      // At the next start too: logged and left, the start goes on.
      const restarted = await buildApp(own.app.ctx.config, { db: own.db, clock: own.clock });
      await restarted.close();
      expect(await rawSecret(own, altered.id)).toBe(parts.join(':'));
    } finally {
      await own.close();
    }
  });

  it('refuses a previous key that is not one, naming the variable', () => {
    const base = { DATA_DIR: '/tmp/x', DEMO: '1' };
    const good = Buffer.alloc(32, 5).toString('base64url');
    for (const bad of [
      'short',
      `${good},${Buffer.alloc(31, 1).toString('base64url')}`,
      Buffer.alloc(32, 5).toString('hex'),
    ])
      expect(() => loadConfig({ ...base, OPERATOR_SECRET_KEY_PREVIOUS: bad }), bad).toThrow(
        /OPERATOR_SECRET_KEY_PREVIOUS[\s\S]*must be 32 random bytes in base64url/,
      );
    const two = Buffer.alloc(32, 6).toString('base64url');
    expect(
      loadConfig({ ...base, OPERATOR_SECRET_KEY_PREVIOUS: `${good}, ${two}` }).operators.previousSecretKeys,
    ).toEqual([good, two]);
    expect(loadConfig(base).operators.previousSecretKeys).toEqual([]);
  });
});

/** A base64url part with its first byte's lowest bit flipped. */
function flip(part: string): string {
  const bytes = Buffer.from(part, 'base64url');
  bytes[0] = (bytes[0] as number) ^ 0x01;
  return bytes.toString('base64url');
}

// A wrong code stays a wrong code with sealed secrets (the refusal is not the decryption's).
describe('wrong codes', () => {
  it('are refused with a sealed secret as with a clear one', async () => {
    const op = await grantee(server, sealedWith(TEST_KEY));
    expectWrongCode(
      await server.post('/admin/session/totp', { code: wrongCode(await totpCode(server)) }, op.token),
    );
    const old = await generate({ secret: TEST_TOTP_SECRET, epoch: server.clock.now() / 1000 - 90 });
    expectWrongCode(await server.post('/admin/session/totp', { code: old }, op.token));
    expect(await failures(server, op.id)).toBe(2);
    expect((await signIn(server, op)).status).toBe(200);
  });
});
