// Issue 12: what every request pays (the session check, the caller's site, the security headers) is
// paid once where it can be. These tests fail if one of those savings is lost or changes an answer.
import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { type KyselyPlugin, sql } from 'kysely';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { helmetOptions } from '../../../server/http/security';
import { resolveToken } from '../../../server/modules/auth/service';
import { wxKind } from '../../../server/modules/catalogue/kinds';
import { insertApplication, insertPin, pageItems } from '../../../server/modules/catalogue/repository';
import { updateSite } from '../../../server/modules/site/repository';
import { registerUser, serverForSuite, type TestServer } from '../harness';
import { addSite, addWxApp, promoter } from '../portal/fixtures';

const server = serverForSuite();

/**
 * The app's context with a database handle that records the statements run through it (a read or a
 * write, by their result) and the statements Kysely built for it.
 */
function countingCtx(): { ctx: TestServer['app']['ctx']; statements: string[]; built: string[] } {
  const statements: string[] = [];
  const built: string[] = [];
  const counter: KyselyPlugin = {
    transformQuery: (args) => {
      built.push(args.node.kind);
      return args.node;
    },
    transformResult: async (args) => {
      statements.push(args.result.numAffectedRows === undefined ? 'read' : 'write');
      return args.result;
    },
  };
  return { ctx: { ...server.app.ctx, db: server.app.ctx.db.withPlugin(counter) }, statements, built };
}

describe('the session check', () => {
  it('reads the session with its user in one statement, and touches it at most once a minute', async () => {
    const account = await registerUser(server);
    const { ctx, statements, built } = countingCtx();
    const first = await resolveToken(ctx, account.token);
    expect(first.user.uid).toBe(account.user.uid);
    expect(statements).toEqual(['read']);

    statements.length = 0;
    server.clock.advance(61_000);
    await resolveToken(ctx, account.token);
    expect(statements).toEqual(['read', 'write']);

    statements.length = 0;
    await resolveToken(ctx, account.token);
    expect(statements).toEqual(['read']);
    // The lookup was built once, on the first call; the touch each time it ran.
    expect(built).toEqual(['SelectQueryNode', 'UpdateQueryNode']);
  });

  it('answers the same user row as the users table holds', async () => {
    const account = await registerUser(server);
    const { user } = await resolveToken(server.app.ctx, account.token);
    const row = await server.db
      .selectFrom('users')
      .selectAll()
      .where('uid', '=', account.user.uid)
      .executeTakeFirstOrThrow();
    expect(user).toStrictEqual(row);
  });
});

describe('the site list', () => {
  const domains = async (): Promise<string[]> =>
    (await server.post('/mainview/sites')).data.map((s: { domain: string }) => s.domain);
  const countries = async (): Promise<string[]> =>
    (await server.post('/mainview/sites')).data.map((s: { country: string }) => s.country);

  it('is read once and kept, and the repository’s writes are seen at once', async () => {
    await addSite(server.db, 'first.example', server.clock.now());
    expect(await domains()).toEqual(['first.example']);
    // A write around the repository is not seen: the list is held, not read per request...
    await sql`insert into sites (domain, name, short_name, theme_color, support_handle, min_withdraw,
      max_withdraw, min_transfer, country, created_at)
      select 'around.example', name, short_name, theme_color, support_handle, min_withdraw, max_withdraw,
      min_transfer, country, created_at from sites where domain = 'first.example'`.execute(server.db);
    expect(await domains()).toEqual(['first.example']);
    // ...and the repository's writes forget it.
    await addSite(server.db, 'second.example', server.clock.now());
    expect(await domains()).toEqual(['first.example', 'around.example', 'second.example']);
    await updateSite(server.db, 'second.example', { country: 'IN' });
    expect(await countries()).toEqual(['PH', 'PH', 'IN']);
  });
});

describe('the security headers', () => {
  let helmetSets: Record<string, unknown>;
  beforeAll(async () => {
    // What @fastify/helmet itself sets with the app's options, request by request.
    const probe = Fastify();
    // The test server runs in demo mode.
    await probe.register(helmet, helmetOptions(true));
    probe.get('/', async () => 'x');
    const res = await probe.inject('/');
    await probe.close();
    const { 'content-type': _t, 'content-length': _l, date: _d, connection: _c, ...rest } = res.headers;
    helmetSets = rest;
    expect(Object.keys(helmetSets)).toContain('content-security-policy');
  });

  it('are exactly helmet’s on an API answer, with no-store', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/api/mainview/sites' });
    expect(res.headers).toMatchObject(helmetSets);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('are exactly helmet’s on a page, without no-store', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/wallet', headers: { accept: 'text/html' } });
    expect(res.headers).toMatchObject(helmetSets);
    expect(res.headers['cache-control']).not.toBe('no-store');
  });
});

describe('the list statements', () => {
  it('are built once per shape and run with each call’s values', async () => {
    const db = server.db;
    const a = await addWxApp(db, { category: 'hot-a', sortRank: 5 });
    const a2 = await addWxApp(db, { category: 'hot-a', sortRank: 4 });
    const b = await addWxApp(db, { category: 'hot-b', sortRank: 3 });
    const me = await promoter(server);
    const other = await promoter(server);
    await insertApplication(db, {
      user_id: me.userId,
      item_kind: 'wx',
      item_id: a.id,
      code: `hot${a.id}`,
      clicks: 0,
      applied_at: 1,
    });
    const page = (category: string, userId: number, siteKey = 0) =>
      pageItems<{ id: number }>(
        db,
        wxKind,
        { userId, siteKey },
        { search: '', exact: [['category_2_name', category]] },
        { limit: 10, offset: 0 },
      );
    const view = (rows: Awaited<ReturnType<typeof page>>) =>
      rows.map((r) => [r.id, r.link_code, r.pin_id === null ? null : 'pin', Number(r.total)]);

    expect(view(await page('hot-a', me.userId))).toEqual([
      [a.id, `hot${a.id}`, null, 2],
      [a2.id, null, null, 2],
    ]);
    const site = 900_001;
    await insertPin(db, 'wx', site, a2.id, me.userId, 1);
    const compile = vi.spyOn(db.getExecutor(), 'compileQuery');
    try {
      // Same shape, other values: nothing is built again, and every value is the call's own.
      expect(view(await page('hot-b', other.userId))).toEqual([[b.id, null, null, 1]]);
      expect(view(await page('hot-a', other.userId))).toEqual([
        [a.id, null, null, 2],
        [a2.id, null, null, 2],
      ]);
      // The site's pin comes first, in the same statement.
      expect(view(await page('hot-a', me.userId, site))).toEqual([
        [a2.id, null, 'pin', 2],
        [a.id, `hot${a.id}`, null, 2],
      ]);
      expect(compile).not.toHaveBeenCalled();
      // Another shape (no category) is built once, then reused.
      const all = (userId: number) =>
        pageItems(
          db,
          wxKind,
          { userId, siteKey: 0 },
          { search: '', exact: [['category_2_name', '']] },
          {
            limit: 1,
            offset: 0,
          },
        );
      await all(me.userId);
      await all(other.userId);
      expect(compile).toHaveBeenCalledTimes(1);
    } finally {
      compile.mockRestore();
    }
  });
});
