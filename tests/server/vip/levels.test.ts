import { describe, expect, it } from 'vitest';
import { forgetBenefits, seedDemoBenefits } from '../../../server/modules/vip/service';
import { forgetVipLevels } from '../../../server/modules/wallet/service';
import { serverForSuite } from '../harness';
import { deposit, newUser } from '../wallet/helpers';

const server = serverForSuite({ demoSeed: true });

const levels = (token: string) => server.post('/user/levels', {}, token);

describe('POST /user/levels (the level tutorial)', () => {
  it('lists every level with its needSteam, pictures and benefits; a new user is at 0 with 0 progress', async () => {
    const u = await newUser(server);
    const res = await levels(u.token);
    expect(res.http, res.message).toBe(200);
    expect(res.data.levels.map((l: { level: number }) => l.level)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(res.data.levels[1]).toMatchObject({
      level: 1,
      needSteam: 100,
      headerPicture: '/media/vip/header-1.svg',
      vipPicture: '/media/vip/vip-1.svg',
      benefits: [{ kind: 'priority_support', amount: null }],
    });
    expect(res.data.levels[0].benefits).toEqual([]);
    expect(res.data.levels[3].benefits).toContainEqual({ kind: 'monthly_bonus', amount: 5 });
    expect(res.data).toMatchObject({
      vipState: { level: 0, historySteam: 0 },
      progress: 0,
      nextNeedSteam: 100,
    });
  });

  it('the level and progress follow the successful deposits: historySteam / the next needSteam', async () => {
    const u = await newUser(server);
    await deposit(server, u, 150);
    const res = await levels(u.token);
    expect(res.data).toMatchObject({
      vipState: { level: 1, historySteam: 150 },
      progress: 30,
      nextNeedSteam: 500,
    });
    // The same figures as the wallet's /user/levelData and the user's own level.
    const data = await server.post('/user/levelData', {}, u.token);
    expect(data.data.vipState).toEqual(res.data.vipState);
    expect(data.data.progress).toBe(res.data.progress);
    expect((await server.post('/user/info', {}, u.token)).data.level).toBe(1);
  });

  it('rounds progress down and is 100 at the last level', async () => {
    const before = await server.db.selectFrom('vip_levels').select(['level', 'need_steam']).execute();
    // Cheap levels in this test's own database: 0, 1.00, 2.00, ... 9.00.
    for (const { level } of before) {
      await server.db
        .updateTable('vip_levels')
        .set({ need_steam: level * 100 })
        .where('level', '=', level)
        .execute();
    }
    forgetVipLevels(server.db);
    try {
      const u = await newUser(server);
      await deposit(server, u, 2);
      const mid = await levels(u.token);
      expect(mid.data).toMatchObject({ vipState: { level: 2 }, progress: 66.66, nextNeedSteam: 3 });
      await deposit(server, u, 50);
      const top = await levels(u.token);
      expect(top.data).toMatchObject({
        vipState: { level: 9, historySteam: 52 },
        progress: 100,
        nextNeedSteam: null,
      });
    } finally {
      for (const { level, need_steam } of before) {
        await server.db.updateTable('vip_levels').set({ need_steam }).where('level', '=', level).execute();
      }
      forgetVipLevels(server.db);
    }
  });

  it('benefits are data: an edit of the table shows, and seeding twice adds nothing', async () => {
    expect(await seedDemoBenefits(server.db)).toBe(0);
    await server.db
      .insertInto('vip_benefits')
      .values({ level: 0, position: 0, kind: 'account_manager', amount: null })
      .execute();
    forgetBenefits(server.db);
    try {
      const u = await newUser(server);
      expect((await levels(u.token)).data.levels[0].benefits).toEqual([
        { kind: 'account_manager', amount: null },
      ]);
    } finally {
      await server.db.deleteFrom('vip_benefits').where('level', '=', 0).execute();
      forgetBenefits(server.db);
    }
  });

  it('is refused without a session', async () => {
    const res = await server.post('/user/levels', {});
    expect(res.status).toBe(996);
  });
});
