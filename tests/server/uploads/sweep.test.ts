// Issue 16: uploads nothing references any more are swept. An upload is deleted once no banner picture,
// picture map or remark (HTML), and no content page, names its address and it has not been stored,
// referenced or let go of for the grace period; its address then answers 404. Two sweeps at once delete each
// row once, and a save that references an upload as a sweep runs keeps it (or, when the sweep went first,
// stores it again), so no banner ever points at a deleted picture.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { CONTENT_UPLOAD_REFERRERS } from '../../../server/modules/content/service';
import { putPicture, sweepUploads, UPLOAD_GRACE_MS } from '../../../server/modules/uploads/service';
import {
  createBanner,
  freshColour,
  picture,
  statusOf,
  uploadPicture,
  withPictures,
} from '../content/picture-helpers';
import { serverForSuite } from '../harness';
import { operatorsOfTwoSitesForSuite } from '../operators/helpers';
import { uploadsStored, uploadsWorker } from './fixtures';

const server = serverForSuite();

const operators = operatorsOfTwoSitesForSuite(server, 'content_editor');

const sweep = () => sweepUploads(server.app.ctx, CONTENT_UPLOAD_REFERRERS);
/** Past the grace period of everything used until now. */
const graceLater = () => server.clock.advance(UPLOAD_GRACE_MS + 60_000);

const idOf = (url: string | undefined) => Number(/^\/media\/upload\/(\d+)-/.exec(url ?? '')?.[1]);
const exists = async (url: string | undefined) =>
  (await server.db
    .selectFrom('media_uploads')
    .select('id')
    .where('id', '=', idOf(url))
    .executeTakeFirst()) !== undefined;

/** An upload (stored through a banner, then let go of by removing it): unreferenced, used now. */
async function unreferencedUpload(): Promise<string> {
  const { id } = await createBanner(server, operators.everyAdmin.token);
  const banner = await withPictures(server, operators.everyAdmin.token, id, ['zh-CN']);
  const url = banner.pictures['zh-CN'] as string;
  const removed = await server.post(
    '/admin/banners/picture/remove',
    { id, locale: 'zh-CN' },
    operators.everyAdmin.token,
  );
  expect(removed.http, removed.message).toBe(200);
  return url;
}

describe('the sweep', () => {
  it('deletes an old unreferenced upload (its address then answers 404); keeps the referenced and the young', async () => {
    const { id } = await createBanner(server, operators.everyAdmin.token);
    const first = await withPictures(server, operators.everyAdmin.token, id, ['en-US', 'es-ES']);
    const replaced = first.pictures['en-US'];
    // Replacing English lets go of the first picture.
    const second = await withPictures(server, operators.everyAdmin.token, id, ['en-US']);
    expect(await statusOf(server, replaced ?? '')).toBe(200);

    // Let go of just now: an app may still show it from a list it holds.
    await sweep();
    expect(await exists(replaced)).toBe(true);
    expect(await statusOf(server, replaced ?? '')).toBe(200);

    graceLater();
    const young = await unreferencedUpload();
    expect(await sweep()).toBeGreaterThanOrEqual(1);
    expect(await exists(replaced)).toBe(false);
    expect(await statusOf(server, replaced ?? '')).toBe(404);
    // Old but referenced, as the default picture and in the map: both stay, and are served.
    for (const url of [second.pictures['en-US'], second.pictures['es-ES'], second.picUrl]) {
      expect(await exists(url)).toBe(true);
      expect(await statusOf(server, url ?? '')).toBe(200);
    }
    // Unreferenced but let go of less than the grace period ago.
    expect(await exists(young)).toBe(true);
    graceLater();
    await sweep();
    expect(await exists(young)).toBe(false);
    expect(await statusOf(server, young)).toBe(404);
  });

  it('keeps uploads that only a remark or a content page shows, and those only the banner row names', async () => {
    const inRemark = await unreferencedUpload();
    const inPage = await unreferencedUpload();
    const inRowRemark = await unreferencedUpload();
    const inPicUrl = await unreferencedUpload();
    const control = await unreferencedUpload();
    const { id } = await createBanner(server, operators.everyAdmin.token);
    const edit = await server.post(
      '/admin/banners/edit',
      {
        id,
        texts: {
          'en-US': { name: 'Harvest', remark: `<p>Win <img src="${inRowRemark}" alt=""></p>` },
          'ko-KR': { name: '수확', remark: `<p><img src="${inRemark}" alt="수확"></p>` },
        },
        enabled: true,
      },
      operators.everyAdmin.token,
    );
    expect(edit.http, edit.message).toBe(200);
    await server.db
      .updateTable('content_pages')
      .set({ content: sql<string>`content || ${`<img src="${inPage}">`}` })
      .where('slug', '=', 'aboutus')
      .execute();
    const page = await server.db
      .selectFrom('content_pages')
      .select('content')
      .where('slug', '=', 'aboutus')
      .execute();
    expect(page.some((p) => p.content.includes(inPage))).toBe(true);
    // A banner whose every-language picture is set directly (a seed, an import) names it too.
    const other = await createBanner(server, operators.everyAdmin.token);
    await server.db.updateTable('banners').set({ pic_url: inPicUrl }).where('id', '=', other.id).execute();

    graceLater();
    await sweep();
    for (const url of [inRemark, inPage, inRowRemark, inPicUrl]) {
      expect(await exists(url), url).toBe(true);
      expect(await statusOf(server, url)).toBe(200);
    }
    expect(await exists(control)).toBe(false);

    // Once the remark no longer shows it, it goes after the grace period (the edit let go of it).
    await server.post(
      '/admin/banners/edit',
      { id, texts: { 'en-US': { name: 'Harvest', remark: '' } }, enabled: true },
      operators.everyAdmin.token,
    );
    await sweep();
    expect(await exists(inRemark)).toBe(true);
    graceLater();
    await sweep();
    expect(await exists(inRemark)).toBe(false);
    expect(await exists(inRowRemark)).toBe(false);
    expect(await exists(inPage)).toBe(true);
  });

  it('an address of another upload, or with another hash, keeps nothing', async () => {
    const target = await unreferencedUpload();
    const targetId = idOf(target);
    const { id } = await createBanner(server, operators.everyAdmin.token);
    // The same id with another hash, and an id that ends with this one's digits.
    const lookalikes = [
      target.replace(/-[0-9a-f]{16}\./, '-0123456789abcdef.'),
      target.replace(`/upload/${targetId}-`, `/upload/1${targetId}-`),
    ];
    await server.post(
      '/admin/banners/edit',
      {
        id,
        texts: { 'en-US': { name: 'x', remark: lookalikes.map((u) => `<img src="${u}">`).join('') } },
      },
      operators.everyAdmin.token,
    );
    graceLater();
    await sweep();
    expect(await exists(target)).toBe(false);
  });

  it('two sweeps at once delete each row once', async () => {
    const urls = [await unreferencedUpload(), await unreferencedUpload(), await unreferencedUpload()];
    const count = () => uploadsStored(server);
    graceLater();
    const before = await count();
    const results = await Promise.all([sweep(), sweep(), sweep()]);
    const gone = before - (await count());
    expect(gone).toBeGreaterThanOrEqual(urls.length);
    expect(results.reduce((a, b) => a + b, 0)).toBe(gone);
    for (const url of urls) expect(await statusOf(server, url)).toBe(404);
  });

  it('runs as the uploads module worker, with the content module referrers', async () => {
    const url = await unreferencedUpload();
    const worker = await uploadsWorker(server);
    expect(worker).toBeTruthy();
    graceLater();
    expect(await worker?.runOnce()).toBeGreaterThanOrEqual(1);
    expect(await exists(url)).toBe(false);
  });
});

describe('a save that references an upload as a sweep runs', () => {
  /** An old unreferenced upload and the bytes that make it again. */
  async function oldUnreferenced() {
    const bytes = await picture(750, 245, freshColour());
    const { id } = await createBanner(server, operators.everyAdmin.token);
    const up = await uploadPicture(server, operators.everyAdmin.token, { id, locale: 'zh-CN', bytes });
    expect(up.http, up.message).toBe(200);
    const url = up.data.pictures['zh-CN'] as string;
    await server.post('/admin/banners/picture/remove', { id, locale: 'zh-CN' }, operators.everyAdmin.token);
    graceLater();
    return { url, bytes };
  }

  it('the save first: the sweep re-checks the row the save left and keeps it', async () => {
    const { url } = await oldUnreferenced();
    const row = await server.db
      .selectFrom('media_uploads')
      .selectAll()
      .where('id', '=', idOf(url))
      .executeTakeFirstOrThrow();
    const { id } = await createBanner(server, operators.everyAdmin.token);
    let sweeping: Promise<number> | undefined;
    await server.db.transaction().execute(async (trx) => {
      // What setBannerPicture does: store (the same content: the same row, marked used), then point at it.
      const stored = await putPicture(
        trx,
        {
          sha256: row.sha256,
          bytes: Buffer.from(row.bytes),
          width: row.width,
          height: row.height,
          contentType: 'image/webp',
        },
        operators.everyAdmin.id,
        server.clock.now(),
      );
      expect(stored.url).toBe(url);
      // The sweep starts while the save's transaction is open (on PostgreSQL it waits for the row's lock,
      // on SQLite for the connection), and ends after it commits.
      sweeping = sweep();
      await new Promise((resolve) => setTimeout(resolve, 150));
      await trx
        .updateTable('banners')
        .set({ multi_pic: JSON.stringify({ 'es-ES': stored.url }) })
        .where('id', '=', id)
        .execute();
    });
    await sweeping;
    expect(await exists(url)).toBe(true);
    expect(await statusOf(server, url)).toBe(200);
  });

  it('the sweep first: the upload stores the picture again, under a new address that is served', async () => {
    const { url, bytes } = await oldUnreferenced();
    await sweep();
    expect(await statusOf(server, url)).toBe(404);
    const { id } = await createBanner(server, operators.everyAdmin.token);
    const up = await uploadPicture(server, operators.everyAdmin.token, { id, locale: 'es-ES', bytes });
    expect(up.http, up.message).toBe(200);
    const again = up.data.pictures['es-ES'] as string;
    expect(again).not.toBe(url);
    expect(await statusOf(server, again)).toBe(200);
  });

  it('through the calls at the same moment: the banner never points at a deleted picture', async () => {
    for (let round = 0; round < 4; round++) {
      const { bytes } = await oldUnreferenced();
      const { id } = await createBanner(server, operators.everyAdmin.token);
      const [up] = await Promise.all([
        uploadPicture(server, operators.everyAdmin.token, { id, locale: 'ko-KR', bytes }),
        sweep(),
        sweep(),
      ]);
      expect(up.http, up.message).toBe(200);
      await sweep();
      expect(await statusOf(server, up.data.pictures['ko-KR'])).toBe(200);
    }
  });
});
