// Issue 16: an operator removes a banner's picture in one language. That language then shows the default
// language's picture, and removing the default language's own picture brings back the one drawn from the
// banner's name (what a banner shows before any upload) while other languages keep their own. Each removal
// is audited with its before and after; it needs the banner's write permission on the banner's site; a
// removal of what is not there changes nothing; and a removal and an upload of other languages at the same
// moment both land.
import { beforeAll, describe, expect, it } from 'vitest';
import { bannerPicture } from '#contract/content';
import { quickUser } from '../agent/team-fixtures';
import { serverForSuite } from '../harness';
import { operatorsOfTwoSitesForSuite } from '../operators/helpers';
import { type AdminBannerData, createBanner, statusOf, uploadPicture, withPictures } from './picture-helpers';

const server = serverForSuite();

const operators = operatorsOfTwoSitesForSuite(server, 'content_editor');

const remove = (id: unknown, locale: unknown, token = operators.everyAdmin.token) =>
  // biome-ignore lint/suspicious/noExplicitAny: a banner, or a refusal's issues
  server.post<any>('/admin/banners/picture/remove', { id, locale }, token);

/** The home carousel's entry of banner `id` for a visitor of the first site reading `language`. */
async function listed(id: number, language: string) {
  const res = await server.post('/mainview/bannerList', {}, undefined, {
    headers: { 'accept-language': language },
  });
  expect(res.http).toBe(200);
  return (res.data as { id: number; picUrl: string; multiPic: Record<string, string> | null }[]).find(
    (b) => b.id === id,
  );
}

/** What the app shows in `locale` (the contract's fallback rule, as the carousel applies it). */
const shown = async (id: number, locale: string) => {
  const banner = await listed(id, locale);
  if (!banner) throw new Error(`banner ${id} is not listed`);
  return bannerPicture(banner, locale);
};

const removals = (id: number) =>
  server.db
    .selectFrom('audit_log')
    .select(['action', 'actor_id', 'before', 'after', 'chain'])
    .where('resource', '=', 'banner')
    .where('record_id', '=', String(id))
    .where('action', '=', 'banner.picture.remove')
    .orderBy('id')
    .execute();

const drawn = (id: number, locale: string) => `/media/banner/${id}-${locale}.svg`;

/** The banner's pictures as stored (what the console's list answers: `pictures` is multi_pic). */
async function stored(id: number): Promise<{ picUrl: string; pictures: Record<string, string> }> {
  const row = await server.db
    .selectFrom('banners')
    .select(['pic_url', 'multi_pic'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { picUrl: row.pic_url, pictures: row.multi_pic ? JSON.parse(row.multi_pic) : {} };
}

describe('removing a language picture', () => {
  it('removes that language only; it then shows the default language picture; audited before and after', async () => {
    const { id } = await createBanner(server, operators.everyAdmin.token);
    const before = await withPictures(server, operators.everyAdmin.token, id, ['en-US', 'es-ES', 'ko-KR']);
    const english = before.pictures['en-US'];
    const korean = before.pictures['ko-KR'];
    const spanish = before.pictures['es-ES'];
    expect(await shown(id, 'es-ES')).toBe(spanish);

    const res = await remove(id, 'es-ES');
    expect(res.http, res.message).toBe(200);
    expect(res.data.pictures).toEqual({ 'en-US': english, 'ko-KR': korean });
    expect(res.data.picUrl).toBe(english);

    expect(await shown(id, 'es-ES')).toBe(english);
    expect(await shown(id, 'ko-KR')).toBe(korean);
    expect(await shown(id, 'en-US')).toBe(english);
    expect((await listed(id, 'es-ES'))?.multiPic).toEqual({ 'en-US': english, 'ko-KR': korean });

    const rows = await removals(id);
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]?.actor_id)).toBe(operators.everyAdmin.id);
    expect(JSON.parse(rows[0]?.before ?? 'null')).toEqual({ locale: 'es-ES', url: spanish, picUrl: english });
    expect(JSON.parse(rows[0]?.after ?? 'null')).toEqual({ locale: 'es-ES', url: null, picUrl: english });
    // The removed picture is still served: an app holding an older list may show it (the sweep's grace).
    expect(await statusOf(server, spanish ?? '')).toBe(200);
  });

  it('the default language: it and every language without its own show the drawn picture; the others keep theirs', async () => {
    const { id } = await createBanner(server, operators.everyAdmin.token);
    const before = await withPictures(server, operators.everyAdmin.token, id, ['en-US', 'ko-KR']);
    const res = await remove(id, 'en-US');
    expect(res.http, res.message).toBe(200);
    expect(res.data.picUrl).toBe(drawn(id, 'en-US'));
    expect(res.data.pictures).toEqual({ 'ko-KR': before.pictures['ko-KR'] });
    expect(await shown(id, 'en-US')).toBe(drawn(id, 'en-US'));
    expect(await shown(id, 'es-ES')).toBe(drawn(id, 'en-US'));
    expect(await shown(id, 'ko-KR')).toBe(before.pictures['ko-KR']);
    const picture = await fetch(`${server.url}${drawn(id, 'en-US')}`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    const [row] = await removals(id);
    expect(JSON.parse(row?.after ?? 'null')).toEqual({
      locale: 'en-US',
      url: null,
      picUrl: drawn(id, 'en-US'),
    });

    // The last one: the banner is as it was before any upload.
    const last = await remove(id, 'ko-KR');
    expect(last.data).toMatchObject({ picUrl: drawn(id, 'en-US'), pictures: {} });
    expect((await listed(id, 'ko-KR'))?.multiPic).toBeNull();
    expect(await shown(id, 'ko-KR')).toBe(drawn(id, 'en-US'));
  });

  it('a picture that was the default before the default language changed stops being everyone else’s too', async () => {
    const { id } = await createBanner(server, operators.everyAdmin.token);
    const before = await withPictures(server, operators.everyAdmin.token, id, ['en-US']);
    const edit = await server.post(
      '/admin/banners/edit',
      {
        id,
        texts: { 'en-US': { name: 'Harvest week' }, 'es-ES': { name: 'Semana de cosecha' } },
        defaultLocale: 'es-ES',
        enabled: true,
      },
      operators.everyAdmin.token,
    );
    expect(edit.http, edit.message).toBe(200);
    expect(await shown(id, 'ko-KR')).toBe(before.pictures['en-US']);
    const res = await remove(id, 'en-US');
    expect(res.data).toMatchObject({ picUrl: drawn(id, 'es-ES'), pictures: {} });
    expect(await shown(id, 'ko-KR')).toBe(drawn(id, 'es-ES'));
  });

  it('removing twice, or a picture the language never had, changes nothing and records nothing more', async () => {
    const { id } = await createBanner(server, operators.everyAdmin.token);
    const before = await withPictures(server, operators.everyAdmin.token, id, ['en-US', 'es-ES']);
    const first = await remove(id, 'es-ES');
    const second = await remove(id, 'es-ES');
    expect(second.http, second.message).toBe(200);
    expect(second.data).toEqual(first.data);
    const never = await remove(id, 'zh-CN');
    expect(never.http).toBe(200);
    expect(never.data).toEqual(first.data);
    expect(first.data.pictures).toEqual({ 'en-US': before.pictures['en-US'] });
    expect(await removals(id)).toHaveLength(1);
  });
});

describe('refused with a clear message, changing nothing', () => {
  let mine: AdminBannerData;
  let theirs: AdminBannerData;
  let everySite: AdminBannerData;
  beforeAll(async () => {
    mine = await createBanner(server, operators.siteOperator.token, operators.first.domain);
    mine = await withPictures(server, operators.siteOperator.token, mine.id, ['en-US', 'es-ES']);
    theirs = await createBanner(server, operators.everyAdmin.token, operators.second.domain);
    theirs = await withPictures(server, operators.everyAdmin.token, theirs.id, ['es-ES']);
    everySite = await createBanner(server, operators.everyAdmin.token, null);
    everySite = await withPictures(server, operators.everyAdmin.token, everySite.id, ['es-ES']);
  });

  const unchanged = async (banner: AdminBannerData) => {
    const row = await stored(banner.id);
    expect(row.pictures).toEqual(banner.pictures);
    expect(row.picUrl).toBe(banner.picUrl);
    expect(await removals(banner.id)).toEqual([]);
  };

  it('an operator of another site, a viewer, a player, nobody', async () => {
    for (const banner of [theirs, everySite]) {
      const refused = await remove(banner.id, 'es-ES', operators.siteOperator.token);
      expect(refused).toMatchObject({ http: 403, data: { code: 'permission_denied' } });
      await unchanged(banner);
    }
    expect(await remove(mine.id, 'es-ES', operators.viewer.token)).toMatchObject({
      http: 403,
      data: { code: 'permission_denied' },
    });
    const player = await quickUser(server);
    expect(await remove(mine.id, 'es-ES', player.token)).toMatchObject({
      http: 403,
      data: { code: 'operator_only' },
    });
    expect((await remove(mine.id, 'es-ES', '')).http).toBe(401);
    await unchanged(mine);
    // Their own site's banner, they may.
    const allowed = await remove(mine.id, 'es-ES', operators.siteOperator.token);
    expect(allowed.http, allowed.message).toBe(200);
    expect(allowed.data.pictures).toEqual({ 'en-US': mine.pictures['en-US'] });
  });

  it('an unknown language, none, an unknown banner, an id that is no id', async () => {
    const french = await remove(mine.id, 'fr-FR');
    expect(french.http).toBe(400);
    expect(french.message).toBe('locale: This language is not supported');
    expect(french.data.issues[0]).toMatchObject({ path: 'locale', code: 'locale_unsupported' });
    expect((await remove(mine.id, undefined)).data.issues[0]).toMatchObject({ path: 'locale' });
    const unknown = await remove(99_999_999, 'en-US');
    expect(unknown.http).toBe(400);
    expect(unknown.message).toBe('id: No such banner');
    expect(unknown.data.issues[0]).toMatchObject({ path: 'id', code: 'banner_not_found' });
    for (const id of ['7', 0, -3, 1.5]) {
      const res = await remove(id, 'en-US');
      expect(res.http, String(id)).toBe(400);
      expect(res.data.issues[0]).toMatchObject({ path: 'id' });
    }
    await unchanged(theirs);
  });
});

describe('at the same moment', () => {
  it('an upload and a removal of other languages both land', async () => {
    for (let round = 0; round < 4; round++) {
      const { id } = await createBanner(server, operators.everyAdmin.token);
      const before = await withPictures(server, operators.everyAdmin.token, id, ['en-US', 'es-ES']);
      const [uploaded, removed] = await Promise.all([
        uploadPicture(server, operators.everyAdmin.token, { id, locale: 'ko-KR' }),
        remove(id, 'es-ES'),
      ]);
      expect(uploaded.http, uploaded.message).toBe(200);
      expect(removed.http, removed.message).toBe(200);
      const row = await stored(id);
      expect(row.pictures).toEqual({
        'en-US': before.pictures['en-US'],
        'ko-KR': uploaded.data.pictures['ko-KR'],
      });
    }
  });

  it('two uploads and two removals of four languages all land', async () => {
    for (let round = 0; round < 3; round++) {
      const { id } = await createBanner(server, operators.everyAdmin.token);
      const before = await withPictures(server, operators.everyAdmin.token, id, ['en-US', 'es-ES']);
      const results = await Promise.all([
        uploadPicture(server, operators.everyAdmin.token, { id, locale: 'ko-KR' }),
        uploadPicture(server, operators.everyAdmin.token, { id, locale: 'zh-CN' }),
        remove(id, 'es-ES'),
        remove(id, 'en-US'),
      ]);
      for (const r of results) expect(r.http, r.message).toBe(200);
      const row = await stored(id);
      expect(Object.keys(row.pictures).sort()).toEqual(['ko-KR', 'zh-CN']);
      expect(row.picUrl).toBe(drawn(id, 'en-US'));
      expect(before.pictures['es-ES']).toBeDefined();
    }
  });
});
