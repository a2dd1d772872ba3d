import { beforeAll, describe, expect, it } from 'vitest';
import { setWxAppReviewed } from '../../../server/modules/catalogue/repository';
import { serverForSuite } from '../harness';
import { addSite, addWxApp, type Promoter, promoter } from './fixtures';

const server = serverForSuite();
let player: Promoter;
let agent: Promoter;
let senior: Promoter;
const ids: Record<string, { id: number; appid: string }> = {};
const FILLERS = 60;
const TOTAL = 6 + FILLERS;

beforeAll(async () => {
  [player, agent, senior] = [await promoter(server, 0), await promoter(server, 1), await promoter(server, 2)];
  const db = server.db;
  ids.alpha = await addWxApp(db, { appname: 'Alpha Quest', category: '角色', sortRank: 100 });
  ids.percent = await addWxApp(db, { appname: '100% Fun', sortRank: 90 });
  ids.percentX = await addWxApp(db, { appname: 'Percent 100x Fun', sortRank: 85 });
  ids.snake = await addWxApp(db, { appname: 'snake_case Game', sortRank: 80 });
  ids.snakeX = await addWxApp(db, { appname: 'SNAKEXCASE game', sortRank: 70 });
  ids.sanguo = await addWxApp(db, { appname: '三国传说', category: '角色', sortRank: 60 });
  for (let i = 0; i < FILLERS; i++) {
    ids[`f${i}`] = await addWxApp(db, { appname: `Filler ${i}`, category: '动作', createdAt: 2_000 + i });
  }
  ids.disabled = await addWxApp(db, { appname: 'Alpha Hidden', enabled: false });
});

const list = (body: unknown, token?: string, headers?: Record<string, string>) =>
  server.post('/wxcps/applist', body, token, headers ? { headers } : {});

describe('POST /wxcps/applist', () => {
  it('answers an empty page to a visitor without a token (the public home shows its empty state)', async () => {
    const res = await list({ number: 0, size: 50 });
    expect(res.http).toBe(200);
    expect(res.data).toEqual({ content: [], totalPages: 0, number: 0, totalElements: 0 });
  });

  it('answers 996 to a dead token', async () => {
    const res = await list({ number: 0, size: 50 }, 'not-a-real-token');
    expect(res.http).toBe(401);
    expect(res.status).toBe(996);
  });

  it('pages with totals, in a stable order (rank, then newest id)', async () => {
    const first = await list({ number: 0, size: 50, category_2_name: '', appname: '' }, player.token);
    expect(first.http).toBe(200);
    expect(first.data.totalElements).toBe(TOTAL);
    expect(first.data.totalPages).toBe(2);
    expect(first.data.number).toBe(0);
    expect(first.data.content).toHaveLength(50);
    expect(first.data.content.slice(0, 6).map((a: { appname: string }) => a.appname)).toEqual([
      'Alpha Quest',
      '100% Fun',
      'Percent 100x Fun',
      'snake_case Game',
      'SNAKEXCASE game',
      '三国传说',
    ]);
    // Equal rank: newest id first.
    expect(first.data.content[6].id).toBe(ids[`f${FILLERS - 1}`]?.id);
    const second = await list({ number: 1, size: 50 }, player.token);
    expect(second.data.content).toHaveLength(TOTAL - 50);
    expect(second.data.number).toBe(1);
    const past = await list({ number: 5, size: 50 }, player.token);
    expect(past.data).toEqual({ content: [], totalPages: 2, number: 5, totalElements: TOTAL });
    const all = [...first.data.content, ...second.data.content].map((a: { id: number }) => a.id);
    expect(new Set(all).size).toBe(TOTAL);
    expect(all).not.toContain(ids.disabled?.id);
  });

  it('answers items in the contract shape', async () => {
    const res = await list({ number: 0, size: 1 }, player.token);
    expect(res.data.content[0]).toEqual({
      id: ids.alpha?.id,
      appid: ids.alpha?.appid,
      appname: 'Alpha Quest',
      brief_intro: 'A test game.',
      logo_square: `/media/wx/${ids.alpha?.appid}/logo.svg`,
      category_2_name: '角色',
      newcps: 0.25,
      apply: true,
      link: '',
      video_info: null,
      publicity_img: {
        img_list: [
          { img_url: `/media/wx/${ids.alpha?.appid}/shot-1.svg` },
          { img_url: `/media/wx/${ids.alpha?.appid}/shot-2.svg` },
        ],
      },
      pinned: false,
    });
  });

  it.each([
    [{ number: 0, size: 51 }, 'size', 'too_long'],
    [{ number: -1, size: 10 }, 'number', 'invalid_type'],
    [{ number: 0, size: 0 }, 'size', 'invalid_type'],
    [{ number: 0, size: '10' }, 'size', 'invalid_type'],
    [{ number: 1.5, size: 10 }, 'number', 'invalid_type'],
    [{ number: 0, size: 10, category_2_name: 'bogus' }, 'category_2_name', 'invalid_type'],
    [{ number: 0, size: 10, appname: 123 }, 'appname', 'invalid_type'],
    [{ number: 0, size: 10, appname: 'x'.repeat(101) }, 'appname', 'too_long'],
  ])('refuses %j (%s: %s)', async (body, path, code) => {
    const res = await list(body, player.token);
    expect(res.http).toBe(400);
    expect(res.status).toBe(400);
    expect(res.data.issues[0]).toMatchObject({ path, code });
  });

  it('ignores the extra body fields the app adds from session storage (packagename, appsflyer_id)', async () => {
    const res = await list(
      { number: 0, size: 5, packagename: 'com.example', appsflyer_id: 'af-1' },
      player.token,
    );
    expect(res.http).toBe(200);
    expect(res.data.content).toHaveLength(5);
  });

  it('answers 999 to a banned account', async () => {
    const banned = await promoter(server, 0);
    await server.db.updateTable('users').set({ banned: 1 }).where('id', '=', banned.userId).execute();
    const res = await list({ number: 0, size: 5 }, banned.token);
    expect(res.http).toBe(403);
    expect(res.status).toBe(999);
  });

  it('filters by category', async () => {
    const res = await list({ number: 0, size: 50, category_2_name: '角色' }, player.token);
    expect(res.data.content.map((a: { appname: string }) => a.appname)).toEqual(['Alpha Quest', '三国传说']);
    expect(res.data.totalElements).toBe(2);
    const action = await list({ number: 0, size: 50, category_2_name: '动作' }, player.token);
    expect(action.data.totalElements).toBe(FILLERS);
  });

  it.each([
    ['alpha', ['Alpha Quest']],
    ['QUEST', ['Alpha Quest']],
    ['  aLpHa  ', ['Alpha Quest']],
    ['%', ['100% Fun']],
    ['100%', ['100% Fun']],
    ['_', ['snake_case Game']],
    ['snake_case', ['snake_case Game']],
    ['snake', ['snake_case Game', 'SNAKEXCASE game']],
    ['三国', ['三国传说']],
    ['\\', []],
    ['no such game', []],
  ])('searches %j case-insensitively with wildcards taken literally', async (appname, names) => {
    const res = await list({ number: 0, size: 50, appname }, player.token);
    expect(res.http).toBe(200);
    expect(res.data.content.map((a: { appname: string }) => a.appname)).toEqual(names);
    expect(res.data.totalElements).toBe(names.length);
  });

  it('combines category and search', async () => {
    const res = await list(
      { number: 0, size: 50, category_2_name: '动作', appname: 'filler 1' },
      player.token,
    );
    // Filler 1, Filler 10..19
    expect(res.data.totalElements).toBe(11);
  });
});

describe('POST /wxcps/apply', () => {
  it('applies, answers the link, and the list shows it to this promoter only', async () => {
    const res = await server.post('/wxcps/apply', { appid: ids.alpha?.appid }, player.token);
    expect(res.http).toBe(200);
    expect(res.data.result).toBe(true);
    expect(res.data.link).toMatch(/^\/s\/[A-Za-z0-9_-]{16}$/);
    const mine = await list({ number: 0, size: 1 }, player.token);
    expect(mine.data.content[0]).toMatchObject({ apply: false, link: res.data.link });
    const theirs = await list({ number: 0, size: 1 }, agent.token);
    expect(theirs.data.content[0]).toMatchObject({ apply: true, link: '' });
  });

  it('answers 409 already_applied the second time', async () => {
    await server.post('/wxcps/apply', { appid: ids.percent?.appid }, agent.token);
    const again = await server.post('/wxcps/apply', { appid: ids.percent?.appid }, agent.token);
    expect(again.http).toBe(409);
    expect(again.status).toBe(409);
    expect(again.data.code).toBe('already_applied');
  });

  it('answers one success and 409s when the same promoter applies several times at once', async () => {
    const me = await promoter(server, 0);
    const answers = await Promise.all(
      [1, 2, 3].map(() => server.post('/wxcps/apply', { appid: ids.sanguo?.appid }, me.token)),
    );
    expect(answers.map((a) => a.http).sort()).toEqual([200, 409, 409]);
    const mine = await server.post('/wxcps/myapplist', { number: 0, size: 50 }, me.token);
    expect(mine.data.totalElements).toBe(1);
  });

  it('answers 404 item_not_found for an unknown or disabled appid', async () => {
    for (const appid of ['wx-nope', ids.disabled?.appid]) {
      const res = await server.post('/wxcps/apply', { appid }, player.token);
      expect(res.http).toBe(404);
      expect(res.data.code).toBe('item_not_found');
    }
  });

  it('refuses a missing or wrong appid and a visitor', async () => {
    expect((await server.post('/wxcps/apply', {}, player.token)).data.issues[0]).toMatchObject({
      path: 'appid',
      code: 'required',
    });
    expect((await server.post('/wxcps/apply', { appid: 5 }, player.token)).http).toBe(400);
    expect((await server.post('/wxcps/apply', { appid: 'x'.repeat(65) }, player.token)).http).toBe(400);
    const visitor = await server.post('/wxcps/apply', { appid: ids.alpha?.appid });
    expect(visitor.http).toBe(401);
    expect(visitor.status).toBe(996);
  });

  it('keeps the link empty while the item awaits review, until an operator sets its target', async () => {
    const item = await addWxApp(server.db, { appname: 'Review Pending', needsReview: true, sortRank: 1000 });
    const applied = await server.post('/wxcps/apply', { appid: item.appid }, player.token);
    expect(applied.data).toEqual({ result: true, link: '' });
    const before = await list({ number: 0, size: 1 }, player.token);
    expect(before.data.content[0]).toMatchObject({ appid: item.appid, apply: false, link: '' });
    const short = await server.post('/gen/shortlink', { kind: 'wx', id: item.id }, player.token);
    expect(short.data.link).toBe('');

    expect(await setWxAppReviewed(server.db, item.appid, 'https://example.com/play/reviewed')).toBe(true);
    const after = await list({ number: 0, size: 1 }, player.token);
    expect(after.data.content[0].link).toMatch(/^\/s\/[A-Za-z0-9_-]{16}$/);
    const shortAfter = await server.post('/gen/shortlink', { kind: 'wx', id: item.id }, player.token);
    expect(shortAfter.data.link).toBe(after.data.content[0].link);
    // Leave the shared list as it was for the other tests.
    await server.db.updateTable('wx_apps').set({ enabled: 0 }).where('id', '=', item.id).execute();
  });
});

describe('POST /wxcps/detail', () => {
  const detail = (body: unknown, token?: string) => server.post('/wxcps/detail', body, token);

  it("answers the item as the list shows it, with the caller's apply and link", async () => {
    const me = await promoter(server, 0);
    const listed = (await list({ number: 0, size: 50, appname: 'Percent 100x' }, me.token)).data.content[0];
    const res = await detail({ id: ids.percentX?.id }, me.token);
    expect(res.http).toBe(200);
    expect(res.data.appname).toBe('Percent 100x Fun');
    expect(res.data).toEqual(listed);
    expect(res.data).toMatchObject({ id: ids.percentX?.id, apply: true, link: '', pinned: false });
    expect(res.data.publicity_img.img_list).toHaveLength(2);

    const applied = await server.post('/wxcps/apply', { appid: ids.percentX?.appid }, me.token);
    const after = await detail({ id: ids.percentX?.id }, me.token);
    expect(after.data).toMatchObject({ apply: false, link: applied.data.link });
    expect(after.data.link).toMatch(/^\/s\//);
    // Another promoter still may apply.
    expect((await detail({ id: ids.percentX?.id }, agent.token)).data).toMatchObject({
      apply: true,
      link: '',
    });
  });

  it('answers 404 item_not_found for an unknown or disabled id', async () => {
    for (const id of [999_999_999, ids.disabled?.id]) {
      const res = await detail({ id }, player.token);
      expect(res.http).toBe(404);
      expect(res.status).toBe(404);
      expect(res.data.code).toBe('item_not_found');
    }
  });

  it('refuses a missing or wrong id with 400', async () => {
    const missing = await detail({}, player.token);
    expect(missing.http).toBe(400);
    expect(missing.data.issues[0]).toMatchObject({ path: 'id', code: 'required' });
    for (const id of [-1, 0, 1.5, String(ids.alpha?.id)]) {
      expect((await detail({ id }, player.token)).http).toBe(400);
    }
  });

  it('answers 996 without a token (catalogue 1 is for logged-in promoters)', async () => {
    const visitor = await detail({ id: ids.alpha?.id });
    expect(visitor.http).toBe(401);
    expect(visitor.status).toBe(996);
  });
});

describe('POST /wxcps/myapplist and /wxcps/lastapplist', () => {
  it("lists the caller's applications newest first with clicks and appliedAt", async () => {
    const me = await promoter(server, 0);
    await server.post('/wxcps/apply', { appid: ids.snake?.appid }, me.token);
    server.clock.advance(1000);
    await server.post('/wxcps/apply', { appid: ids.sanguo?.appid }, me.token);
    const res = await server.post('/wxcps/myapplist', { number: 0, size: 50 }, me.token);
    expect(res.http).toBe(200);
    expect(res.data.totalElements).toBe(2);
    expect(res.data.totalPages).toBe(1);
    expect(res.data.content.map((a: { appname: string }) => a.appname)).toEqual([
      '三国传说',
      'snake_case Game',
    ]);
    expect(res.data.content[0]).toMatchObject({ apply: false, clicks: 0, appliedAt: server.clock.now() });
    expect(res.data.content[0].link).toMatch(/^\/s\//);
    const paged = await server.post('/wxcps/myapplist', { number: 1, size: 1 }, me.token);
    expect(paged.data).toMatchObject({ totalElements: 2, totalPages: 2, number: 1 });
    expect(paged.data.content[0].appname).toBe('snake_case Game');
  });

  it('requires a login and valid paging', async () => {
    expect((await server.post('/wxcps/myapplist', { number: 0, size: 10 })).status).toBe(996);
    expect((await server.post('/wxcps/myapplist', { number: 0, size: 51 }, player.token)).http).toBe(400);
    expect((await server.post('/wxcps/myapplist', { number: -1, size: 5 }, player.token)).http).toBe(400);
  });

  it('answers the 20 newest items as an array, empty for a visitor', async () => {
    const res = await server.post('/wxcps/lastapplist', { number: 0, size: 20 }, player.token);
    expect(res.http).toBe(200);
    expect(res.data).toHaveLength(20);
    expect(res.data[0].appname).toBe(`Filler ${FILLERS - 1}`);
    expect(res.data[19].appname).toBe(`Filler ${FILLERS - 20}`);
    expect((await server.post('/wxcps/lastapplist', { number: 0, size: 20 })).data).toEqual([]);
    expect((await server.post('/wxcps/lastapplist', { number: 0, size: 21 }, player.token)).http).toBe(400);
    expect((await server.post('/wxcps/lastapplist', { number: 1, size: 20 }, player.token)).http).toBe(400);
  });
});

describe('POST /wxcps/keeptop', () => {
  it.each([
    ['player (job 0)', () => player],
    ['agent (job 1)', () => agent],
  ])('refuses a %s with 403 pin_not_allowed', async (_label, who) => {
    const res = await server.post('/wxcps/keeptop', { appid: ids.alpha?.appid }, who().token);
    expect(res.http).toBe(403);
    expect(res.status).toBe(403);
    expect(res.data.code).toBe('pin_not_allowed');
  });

  it('toggles the pin for job 2; pinned items come first, most recent pin first, without duplicates', async () => {
    const low = ids.f0;
    const lower = ids.f1;
    const pin1 = await server.post('/wxcps/keeptop', { appid: low?.appid }, senior.token);
    expect(pin1.data).toEqual({ pinned: true });
    const pin2 = await server.post('/wxcps/keeptop', { appid: lower?.appid }, senior.token);
    expect(pin2.data).toEqual({ pinned: true });

    const page = await list({ number: 0, size: 50 }, player.token);
    expect(page.data.content.slice(0, 3).map((a: { id: number }) => a.id)).toEqual([
      lower?.id,
      low?.id,
      ids.alpha?.id,
    ]);
    expect(page.data.content[0].pinned).toBe(true);
    expect(page.data.content[2].pinned).toBe(false);
    expect(page.data.totalElements).toBe(TOTAL);
    const rest = await list({ number: 1, size: 50 }, player.token);
    const all = [...page.data.content, ...rest.data.content].map((a: { id: number }) => a.id);
    expect(all).toHaveLength(TOTAL);
    expect(new Set(all).size).toBe(TOTAL);

    // A search keeps pinned matches first and pages over all matches.
    const found = await list({ number: 0, size: 3, appname: 'FILLER' }, player.token);
    expect(found.data.content.map((a: { id: number }) => a.id)).toEqual([
      lower?.id,
      low?.id,
      ids[`f${FILLERS - 1}`]?.id,
    ]);
    expect(found.data).toMatchObject({ totalElements: FILLERS, totalPages: FILLERS / 3 });
    const foundAll = [];
    for (let n = 0; n < 2; n++) {
      foundAll.push(...(await list({ number: n, size: 50, appname: 'filler' }, player.token)).data.content);
    }
    expect(new Set(foundAll.map((a: { id: number }) => a.id)).size).toBe(FILLERS);

    // A filter that excludes a pinned item leaves it out.
    const search = await list({ number: 0, size: 50, appname: 'filler 0' }, player.token);
    expect(search.data.content.map((a: { id: number }) => a.id)).toEqual([low?.id]);

    // Small pages across the pinned/unpinned boundary.
    const p0 = await list({ number: 0, size: 1 }, player.token);
    const p1 = await list({ number: 1, size: 1 }, player.token);
    const p2 = await list({ number: 2, size: 1 }, player.token);
    expect([p0, p1, p2].map((p) => p.data.content[0].id)).toEqual([lower?.id, low?.id, ids.alpha?.id]);

    const unpin = await server.post('/wxcps/keeptop', { appid: lower?.appid }, senior.token);
    expect(unpin.data).toEqual({ pinned: false });
    const unpin2 = await server.post('/wxcps/keeptop', { appid: low?.appid }, senior.token);
    expect(unpin2.data).toEqual({ pinned: false });
    const restored = await list({ number: 0, size: 1 }, player.token);
    expect(restored.data.content[0].id).toBe(ids.alpha?.id);
  });

  it('pins per site', async () => {
    await addSite(server.db, 'a.example', server.clock.now());
    await addSite(server.db, 'b.example', server.clock.now());
    const onA = { 'x-forwarded-host': 'a.example' };
    const onB = { 'x-forwarded-host': 'b.example:8080' };
    const pinned = await server.post('/wxcps/keeptop', { appid: ids.sanguo?.appid }, senior.token, {
      headers: onA,
    });
    expect(pinned.data.pinned).toBe(true);
    expect((await list({ number: 0, size: 1 }, player.token, onA)).data.content[0].id).toBe(ids.sanguo?.id);
    expect((await list({ number: 0, size: 1 }, player.token, onB)).data.content[0].id).toBe(ids.alpha?.id);
    await server.post('/wxcps/keeptop', { appid: ids.sanguo?.appid }, senior.token, { headers: onA });
  });

  it('answers 404 for an unknown item and 400 without one', async () => {
    const res = await server.post('/wxcps/keeptop', { appid: 'wx-nope' }, senior.token);
    expect(res.http).toBe(404);
    expect(res.data.code).toBe('item_not_found');
    expect((await server.post('/wxcps/keeptop', {}, senior.token)).http).toBe(400);
    expect((await server.post('/wxcps/keeptop', { appid: ids.alpha?.appid })).status).toBe(996);
  });
});
