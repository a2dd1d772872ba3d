import { beforeAll, describe, expect, it } from 'vitest';
import { serverForSuite } from '../harness';
import { addAppCard, addDemand, type Promoter, promoter } from './fixtures';

const server = serverForSuite();
let player: Promoter;
let senior: Promoter;
const ids: Record<string, number> = {};
const FILLERS = 55;

beforeAll(async () => {
  player = await promoter(server, 0);
  senior = await promoter(server, 2);
  const db = server.db;
  ids.video = await addDemand(db, { name: 'Unboxing Video: Glow Skincare', sortRank: 100 });
  ids.percent = await addDemand(db, { name: '50% off review', sortRank: 90 });
  ids.plain = await addDemand(db, { name: '50 percent review', sortRank: 80 });
  ids.under = await addDemand(db, { name: 'a_b challenge', sortRank: 70 });
  ids.underX = await addDemand(db, { name: 'axb challenge', sortRank: 60 });
  for (let i = 0; i < FILLERS; i++) {
    ids[`f${i}`] = await addDemand(db, { name: `Task ${i}`, createdAt: 5_000 + i });
  }
  ids.disabled = await addDemand(db, { name: 'Disabled task', enabled: false });
});

const TOTAL = 5 + FILLERS;
const list = (body: unknown, token?: string) => server.post('/doucps/demandlist', body, token);

describe('POST /doucps/demandlist', () => {
  it('is public, paged, with totals and the contract shape', async () => {
    const res = await list({ number: 0, size: 50, demandName: '' });
    expect(res.http).toBe(200);
    expect(res.data).toMatchObject({ totalElements: TOTAL, totalPages: 2, number: 0 });
    expect(res.data.content).toHaveLength(50);
    expect(res.data.content[0]).toEqual({
      demandId: ids.video,
      demandName: 'Unboxing Video: Glow Skincare',
      demandDesc: 'Film a short video.',
      demandIcon: expect.stringMatching(/^\/media\/dou\/dt[0-9a-f]+\/icon\.svg$/),
      apply: true,
      link: '',
      pinned: false,
    });
    const second = await list({ number: 1, size: 50 });
    expect(second.data.content).toHaveLength(TOTAL - 50);
    const all = [...res.data.content, ...second.data.content].map((d: { demandId: number }) => d.demandId);
    expect(new Set(all).size).toBe(TOTAL);
    expect(all).not.toContain(ids.disabled);
  });

  it.each([
    ['video', ['Unboxing Video: Glow Skincare']],
    ['UNBOXING', ['Unboxing Video: Glow Skincare']],
    ['50%', ['50% off review']],
    ['a_b', ['a_b challenge']],
    ['_', ['a_b challenge']],
    ['nothing like this', []],
  ])('searches %j', async (demandName, names) => {
    const res = await list({ number: 0, size: 50, demandName });
    expect(res.data.content.map((d: { demandName: string }) => d.demandName)).toEqual(names);
    expect(res.data.totalElements).toBe(names.length);
  });

  it.each([
    [{ number: 0, size: 51 }, 'size', 'too_long'],
    [{ number: -1, size: 5 }, 'number', 'invalid_type'],
    [{ number: 'zero', size: 5 }, 'number', 'invalid_type'],
    [{ number: 0, size: 5, demandName: ['x'] }, 'demandName', 'invalid_type'],
  ])('refuses %j', async (body, path, code) => {
    const res = await list(body);
    expect(res.http).toBe(400);
    expect(res.data.issues[0]).toMatchObject({ path, code });
  });

  it('answers 996 to a dead token rather than treating it as a visitor', async () => {
    const res = await list({ number: 0, size: 5 }, 'dead-token');
    expect(res.http).toBe(401);
    expect(res.status).toBe(996);
  });
});

describe('POST /doucps/apply', () => {
  it('answers 0 without an app card, 1 with one, and 409 the second time', async () => {
    const me = await promoter(server, 0);
    const noCard = await server.post('/doucps/apply', { demandId: ids.video }, me.token);
    expect(noCard.http).toBe(200);
    expect(noCard.data).toEqual({ result: 0, link: '' });

    await addAppCard(server.db, me.userId);
    const ok = await server.post('/doucps/apply', { demandId: ids.video }, me.token);
    expect(ok.http).toBe(200);
    expect(ok.data.result).toBe(1);
    expect(ok.data.link).toMatch(/^\/s\/[A-Za-z0-9_-]{16}$/);

    const row = await list({ number: 0, size: 1 }, me.token);
    expect(row.data.content[0]).toMatchObject({ demandId: ids.video, apply: false, link: ok.data.link });
    const visitor = await list({ number: 0, size: 1 });
    expect(visitor.data.content[0]).toMatchObject({ apply: true, link: '' });

    const again = await server.post('/doucps/apply', { demandId: ids.video }, me.token);
    expect(again.http).toBe(409);
    expect(again.data.code).toBe('already_applied');
  });

  it('answers -1 for an unknown or disabled demand', async () => {
    const me = await promoter(server, 0);
    await addAppCard(server.db, me.userId);
    for (const demandId of [999_999, ids.disabled]) {
      const res = await server.post('/doucps/apply', { demandId }, me.token);
      expect(res.http).toBe(200);
      expect(res.data).toEqual({ result: -1, link: '' });
    }
  });

  it('answers 2 when the quota is used up', async () => {
    const full = await addDemand(server.db, { name: 'Full', quota: 3, claimed: 3 });
    const me = await promoter(server, 0);
    await addAppCard(server.db, me.userId);
    expect((await server.post('/doucps/apply', { demandId: full }, me.token)).data).toEqual({
      result: 2,
      link: '',
    });

    const one = await addDemand(server.db, { name: 'Only one', quota: 1 });
    expect((await server.post('/doucps/apply', { demandId: one }, me.token)).data.result).toBe(1);
    const other = await promoter(server, 0);
    await addAppCard(server.db, other.userId);
    expect((await server.post('/doucps/apply', { demandId: one }, other.token)).data.result).toBe(2);
  });

  it('never exceeds the quota under concurrent claims', async () => {
    const quota = 3;
    const demandId = await addDemand(server.db, { name: 'Race', quota });
    const racers: Promoter[] = [];
    for (let i = 0; i < 8; i++) {
      const p = await promoter(server, 0);
      await addAppCard(server.db, p.userId);
      racers.push(p);
    }
    const answers = await Promise.all(racers.map((p) => server.post('/doucps/apply', { demandId }, p.token)));
    const results = answers.map((a) => a.data.result);
    expect(results.filter((r) => r === 1)).toHaveLength(quota);
    expect(results.filter((r) => r === 2)).toHaveLength(racers.length - quota);
    const row = await server.db
      .selectFrom('demands')
      .select('claimed')
      .where('id', '=', demandId)
      .executeTakeFirst();
    expect(row?.claimed).toBe(quota);
    const links = await server.db
      .selectFrom('promo_links')
      .select('id')
      .where('item_kind', '=', 'dou')
      .where('item_id', '=', demandId)
      .execute();
    expect(links).toHaveLength(quota);
  });

  it('answers one success and one 409 when the same promoter claims twice at once', async () => {
    const demandId = await addDemand(server.db, { name: 'Double tap', quota: 10 });
    const me = await promoter(server, 0);
    await addAppCard(server.db, me.userId);
    const answers = await Promise.all(
      [1, 2, 3].map(() => server.post('/doucps/apply', { demandId }, me.token)),
    );
    expect(answers.map((a) => a.http).sort()).toEqual([200, 409, 409]);
    const row = await server.db
      .selectFrom('demands')
      .select('claimed')
      .where('id', '=', demandId)
      .executeTakeFirst();
    expect(row?.claimed).toBe(1);
  });

  it('refuses bad input and visitors', async () => {
    expect((await server.post('/doucps/apply', {}, player.token)).data.issues[0]).toMatchObject({
      path: 'demandId',
      code: 'required',
    });
    expect((await server.post('/doucps/apply', { demandId: '1' }, player.token)).http).toBe(400);
    expect((await server.post('/doucps/apply', { demandId: -4 }, player.token)).http).toBe(400);
    expect((await server.post('/doucps/apply', { demandId: ids.video })).status).toBe(996);
  });
});

describe('mydemandlist, delmydemand, lastapplist', () => {
  it("lists the caller's demands newest first and deleting one gives the place back", async () => {
    const me = await promoter(server, 0);
    await addAppCard(server.db, me.userId);
    const a = await addDemand(server.db, { name: 'Mine A', quota: 5 });
    const b = await addDemand(server.db, { name: 'Mine B', quota: 5 });
    await server.post('/doucps/apply', { demandId: a }, me.token);
    server.clock.advance(1000);
    await server.post('/doucps/apply', { demandId: b }, me.token);
    const mine = await server.post('/doucps/mydemandlist', { number: 0, size: 50 }, me.token);
    expect(mine.http).toBe(200);
    expect(mine.data).toMatchObject({ totalElements: 2, totalPages: 1, number: 0 });
    expect(mine.data.content.map((d: { demandName: string }) => d.demandName)).toEqual(['Mine B', 'Mine A']);
    expect(mine.data.content[0]).toMatchObject({ apply: false, clicks: 0, appliedAt: server.clock.now() });

    const del = await server.post('/doucps/delmydemand', { demandId: b }, me.token);
    expect(del.http).toBe(200);
    expect(del.data).toBeNull();
    const after = await server.post('/doucps/mydemandlist', { number: 0, size: 50 }, me.token);
    expect(after.data.content.map((d: { demandName: string }) => d.demandName)).toEqual(['Mine A']);
    const row = await server.db
      .selectFrom('demands')
      .select('claimed')
      .where('id', '=', b)
      .executeTakeFirst();
    expect(row?.claimed).toBe(0);
    // Deleted: the caller may claim it again.
    expect((await server.post('/doucps/apply', { demandId: b }, me.token)).data.result).toBe(1);
  });

  it('answers 404 item_not_found when deleting something not claimed', async () => {
    const res = await server.post('/doucps/delmydemand', { demandId: ids.plain }, player.token);
    expect(res.http).toBe(404);
    expect(res.data.code).toBe('item_not_found');
    expect((await server.post('/doucps/delmydemand', { demandId: 'x' }, player.token)).http).toBe(400);
    expect((await server.post('/doucps/delmydemand', { demandId: ids.plain })).status).toBe(996);
  });

  it('requires a login and valid paging for mydemandlist', async () => {
    expect((await server.post('/doucps/mydemandlist', { number: 0, size: 5 })).http).toBe(401);
    expect((await server.post('/doucps/mydemandlist', { number: 0, size: 500 }, player.token)).http).toBe(
      400,
    );
  });

  it('answers the 20 newest demands to everyone', async () => {
    const res = await server.post('/doucps/lastapplist', { number: 0, size: 20 });
    expect(res.http).toBe(200);
    expect(res.data).toHaveLength(20);
    const created = await server.db
      .selectFrom('demands')
      .select('id')
      .where('enabled', '=', 1)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(20)
      .execute();
    expect(res.data.map((d: { demandId: number }) => d.demandId)).toEqual(created.map((c) => c.id));
    expect((await server.post('/doucps/lastapplist', { number: 0, size: 21 })).http).toBe(400);
  });
});

describe('POST /doucps/keeptop', () => {
  it('refuses job 0 and 1', async () => {
    const agent = await promoter(server, 1);
    for (const who of [player, agent]) {
      const res = await server.post('/doucps/keeptop', { demandId: ids.plain }, who.token);
      expect(res.http).toBe(403);
      expect(res.status).toBe(403);
      expect(res.data.code).toBe('pin_not_allowed');
    }
  });

  it('toggles for job 2 and puts the pinned demand first', async () => {
    const target = ids.f3;
    expect((await server.post('/doucps/keeptop', { demandId: target }, senior.token)).data).toEqual({
      pinned: true,
    });
    const page = await list({ number: 0, size: 3 });
    expect(page.data.content[0]).toMatchObject({ demandId: target, pinned: true });
    expect(page.data.content[1].demandId).toBe(ids.video);
    expect((await server.post('/doucps/keeptop', { demandId: target }, senior.token)).data).toEqual({
      pinned: false,
    });
    expect((await list({ number: 0, size: 1 })).data.content[0].demandId).toBe(ids.video);
    const unknown = await server.post('/doucps/keeptop', { demandId: 987_654 }, senior.token);
    expect(unknown.http).toBe(404);
    expect(unknown.data.code).toBe('item_not_found');
  });
});
