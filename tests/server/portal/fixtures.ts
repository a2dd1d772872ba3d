import { randomBytes } from 'node:crypto';
import { type Insertable, sql } from 'kysely';
import type { Db } from '../../../server/db/create-db';
import {
  insertCatalogueMedia,
  insertDemands,
  insertWxAppImages,
  insertWxApps,
  searchKey,
} from '../../../server/modules/catalogue/repository';
import { insertSite } from '../../../server/modules/site/repository';
import type { SitesTable } from '../../../server/modules/site/tables';
import { registerUser, type TestServer } from '../harness';

export const uniq = (): string => randomBytes(5).toString('hex');

/** A site named after its domain, with small limits unless `fields` say otherwise: its id. */
export async function addSite(
  db: Db,
  domain: string,
  now: number,
  fields: Partial<Insertable<SitesTable>> = {},
): Promise<number> {
  await insertSite(db, {
    domain,
    name: domain,
    short_name: domain,
    theme_color: '#f97316',
    support_handle: '@support',
    currency_symbols: null,
    min_withdraw: 100,
    max_withdraw: 100_000,
    min_transfer: 100,
    created_at: now,
    ...fields,
  });
  const row = await db
    .selectFrom('sites')
    .select('id')
    .where('domain', '=', domain)
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface Promoter {
  token: string;
  userId: number;
}

/** A registered account with the given job, logged in. */
export async function promoter(server: TestServer, job = 0): Promise<Promoter> {
  const account = await registerUser(server);
  await server.db.updateTable('users').set({ job }).where('uid', '=', account.user.uid).execute();
  const row = await server.db
    .selectFrom('users')
    .select('id')
    .where('uid', '=', account.user.uid)
    .executeTakeFirstOrThrow();
  return { token: account.token, userId: row.id };
}

export interface WxInput {
  appname?: string;
  category?: string;
  sortRank?: number;
  needsReview?: boolean;
  enabled?: boolean;
  video?: boolean;
  createdAt?: number;
  shots?: number;
}

export async function addWxApp(db: Db, input: WxInput = {}): Promise<{ id: number; appid: string }> {
  const appid = `wxt${uniq()}`;
  const appname = input.appname ?? `Test Game ${appid}`;
  const [row] = await insertWxApps(db, [
    {
      appid,
      appname,
      search_name: searchKey(appname),
      brief_intro: 'A test game.',
      logo_square: `/media/wx/${appid}/logo.svg`,
      category_2_name: input.category ?? '休闲',
      newcps: 0.25,
      video_url: input.video ? '/media/video/demo-a.mp4' : null,
      cover_img_url: input.video ? `/media/wx/${appid}/cover.svg` : null,
      target_url: input.needsReview ? '' : `https://example.com/play/${appid}`,
      needs_review: input.needsReview ? 1 : 0,
      sort_rank: input.sortRank ?? 0,
      enabled: input.enabled === false ? 0 : 1,
      created_at: input.createdAt ?? 1_000,
    },
  ]);
  if (!row) throw new Error('insert failed');
  const shots = input.shots ?? 2;
  const images = Array.from({ length: shots }, (_, i) => ({
    app_id: row.id,
    position: i + 1,
    img_url: `/media/wx/${appid}/shot-${i + 1}.svg`,
  }));
  await insertWxAppImages(db, images);
  await insertCatalogueMedia(db, [
    { url: `/media/wx/${appid}/logo.svg`, media_type: 'image', item_kind: 'wx', item_id: row.id },
    ...images.map((i) => ({
      url: i.img_url,
      media_type: 'image' as const,
      item_kind: 'wx' as const,
      item_id: row.id,
    })),
    ...(input.video
      ? [
          {
            url: '/media/video/demo-a.mp4',
            media_type: 'video' as const,
            item_kind: 'wx' as const,
            item_id: row.id,
          },
          {
            url: `/media/wx/${appid}/cover.svg`,
            media_type: 'image' as const,
            item_kind: 'wx' as const,
            item_id: row.id,
          },
        ]
      : []),
  ]);
  return row;
}

export interface DemandInput {
  name?: string;
  quota?: number;
  claimed?: number;
  enabled?: boolean;
  sortRank?: number;
  createdAt?: number;
}

export async function addDemand(db: Db, input: DemandInput = {}): Promise<number> {
  const ref = `dt${uniq()}`;
  const name = input.name ?? `Test task ${ref}`;
  const [row] = await insertDemands(db, [
    {
      ref,
      demand_name: name,
      search_name: searchKey(name),
      demand_desc: 'Film a short video.',
      demand_icon: `/media/dou/${ref}/icon.svg`,
      target_url: `https://example.com/task/${ref}`,
      quota: input.quota ?? 100,
      claimed: input.claimed ?? 0,
      sort_rank: input.sortRank ?? 0,
      enabled: input.enabled === false ? 0 : 1,
      created_at: input.createdAt ?? 1_000,
    },
  ]);
  if (!row) throw new Error('insert failed');
  await insertCatalogueMedia(db, [
    { url: `/media/dou/${ref}/icon.svg`, media_type: 'image', item_kind: 'dou', item_id: row.id },
  ]);
  return row.id;
}

export async function addAppCard(db: Db, userId: number): Promise<void> {
  await db
    .insertInto('app_cards')
    .values({ user_id: userId, account_id: 'creator_1', nickname: 'Creator', followers: 10, updated_at: 1 })
    .execute();
}

/** Empties the catalogue tables (each test file owns its database). */
export async function clearCatalogue(db: Db): Promise<void> {
  for (const table of [
    'promo_links',
    'catalogue_pins',
    'catalogue_media',
    'wx_app_images',
    'wx_apps',
    'demands',
  ]) {
    await sql`delete from ${sql.table(table)}`.execute(db);
  }
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
