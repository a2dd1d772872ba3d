// The floor the API benchmark measures catalogue 1 against (issue 12): the same 50-item page of
// /wxcps/applist from the same database file, with nothing but what answering it needs. A bare Fastify
// route on its own port, one prepared better-sqlite3 statement for the page (with its total) and one for
// its images, JSON.stringify, no authentication, no per-user state, no validation, no hooks.
import SqliteDatabase from 'better-sqlite3';
import Fastify from 'fastify';
import type { Selectable } from 'kysely';
import type { WxAppsTable } from '../../server/modules/catalogue/tables';

type PageRow = Omit<Selectable<WxAppsTable>, 'search_name' | 'target_url' | 'needs_review'> & {
  total: number;
};

export const REFERENCE_PATH = '/api/wxcps/applist';

/** The reference route on a Fastify instance of its own (not listening yet). */
export function buildReferenceApp(file: string) {
  const sqlite = new SqliteDatabase(file, { readonly: true });
  const pageStatement = sqlite.prepare<[number, number], PageRow>(
    `select *, (select count(*) from wx_apps where enabled = 1) as total
       from wx_apps where enabled = 1 order by sort_rank desc, id desc limit ? offset ?`,
  );
  const imagesStatement = sqlite.prepare<[string], { app_id: number; img_url: string }>(
    `select app_id, img_url from wx_app_images
      where app_id in (select value from json_each(?)) order by app_id, position`,
  );

  const app = Fastify({ logger: false });
  app.post<{ Body: { number?: number; size?: number } }>(REFERENCE_PATH, async (request, reply) => {
    const number = request.body?.number ?? 0;
    const size = request.body?.size ?? 50;
    const rows = pageStatement.all(size, number * size);
    const images = new Map<number, { img_url: string }[]>();
    for (const image of imagesStatement.all(JSON.stringify(rows.map((r) => r.id)))) {
      const list = images.get(image.app_id) ?? [];
      list.push({ img_url: image.img_url });
      images.set(image.app_id, list);
    }
    const total = rows[0]?.total ?? 0;
    const content = rows.map((r) => ({
      id: r.id,
      appid: r.appid,
      appname: r.appname,
      brief_intro: r.brief_intro,
      logo_square: r.logo_square,
      category_2_name: r.category_2_name,
      newcps: r.newcps,
      apply: true,
      link: '',
      video_info: r.video_url ? { video_url: r.video_url, cover_img_url: r.cover_img_url ?? '' } : null,
      publicity_img: { img_list: images.get(r.id) ?? [] },
      pinned: false,
    }));
    const data = { content, totalPages: Math.ceil(total / size), number, totalElements: total };
    reply.type('application/json; charset=utf-8');
    return JSON.stringify({ status: 200, message: 'success', data });
  });
  app.addHook('onClose', async () => sqlite.close());
  return app;
}

export async function startReferenceServer(file: string): Promise<{ url: string; close(): Promise<void> }> {
  const app = buildReferenceApp(file);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`,
    close: () => app.close(),
  };
}
