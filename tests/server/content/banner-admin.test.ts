// Issue 16: banners written per language with a picture per language. The console's calls create and edit
// them, an upload is checked by its bytes (never its name), re-encoded and stored, and the home carousel's
// call answers each language its own texts and pictures. Unauthorised, oversized, mistyped and misplaced
// uploads are refused with a clear message and leave nothing behind.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { BANNER_PICTURE_MAX_BYTES } from '#contract/admin/banner';
import { quickUser } from '../agent/team-fixtures';
import { serverForSuite } from '../harness';
import { operatorsOfTwoSitesForSuite } from '../operators/helpers';
import { uploadsStored } from '../uploads/fixtures';
import { postPictureForm } from './picture-helpers';

const server = serverForSuite();

const operators = operatorsOfTwoSitesForSuite(server, 'content_editor');

/** A picture of `width` x `height` in `format`, one flat colour. */
const picture = (width: number, height: number, format: 'png' | 'jpeg' | 'gif' = 'png', colour = '#c0392b') =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer();

interface Upload {
  id?: string;
  locale?: string;
  file?: { bytes: Uint8Array; name: string; type: string };
  extraFile?: true;
}

/** POSTs the banner picture form with these fields, each left out when not given. */
async function upload(token: string, form: Upload) {
  const body = new FormData();
  if (form.id !== undefined) body.set('id', form.id);
  if (form.locale !== undefined) body.set('locale', form.locale);
  if (form.file)
    body.set(
      'picture',
      new Blob([Uint8Array.from(form.file.bytes)], { type: form.file.type }),
      form.file.name,
    );
  if (form.extraFile && form.file)
    body.append(
      'picture',
      new Blob([Uint8Array.from(form.file.bytes)], { type: form.file.type }),
      'second.png',
    );
  return postPictureForm(server, token, body);
}

async function createBanner(token: string, site: string | null = null) {
  const res = await server.post(
    '/admin/banners/create',
    {
      site,
      texts: {
        'en-US': { name: 'Harvest week', remark: '<b>Double</b> clicks' },
        'es-ES': { name: 'Semana de cosecha', remark: 'Clics <b>dobles</b>' },
      },
      sortOrder: 0,
      enabled: true,
    },
    token,
  );
  expect(res.http, res.message).toBe(200);
  return res.data as { id: number; picUrl: string; pictures: Record<string, string> };
}

/** The home carousel's answer for a visitor (of the first site) reading `language`. */
async function carousel(language: string) {
  const res = await server.post('/mainview/bannerList', {}, undefined, {
    headers: { 'accept-language': language },
  });
  expect(res.http).toBe(200);
  return res as {
    headers: Headers;
    data: {
      id: number;
      bannername: string;
      remark: string;
      picUrl: string;
      multiPic: Record<string, string> | null;
    }[];
  };
}

describe('texts per language', () => {
  it('the carousel answers each language its own name and remark, others the default language', async () => {
    const { id } = await createBanner(operators.everyAdmin.token);
    const spanish = await carousel('es-ES,es;q=0.9');
    expect(spanish.headers.get('vary')).toMatch(/Accept-Language/i);
    expect(spanish.data.find((b) => b.id === id)).toMatchObject({
      bannername: 'Semana de cosecha',
      remark: 'Clics <b>dobles</b>',
    });
    const english = await carousel('en-US');
    expect(english.data.find((b) => b.id === id)).toMatchObject({ bannername: 'Harvest week' });
    const korean = await carousel('ko-KR');
    expect(korean.data.find((b) => b.id === id)?.bannername).toBe('Harvest week');
  });

  it('an edit replaces the texts; a hidden banner leaves the carousel', async () => {
    const { id } = await createBanner(operators.everyAdmin.token);
    const edit = await server.post(
      '/admin/banners/edit',
      {
        id,
        texts: { 'en-US': { name: 'Harvest month' }, 'zh-CN': { name: '丰收月' } },
        enabled: true,
      },
      operators.everyAdmin.token,
    );
    expect(edit.http, edit.message).toBe(200);
    expect(edit.data.texts).toEqual({
      'en-US': { name: 'Harvest month', remark: '' },
      'zh-CN': { name: '丰收月', remark: '' },
    });
    expect((await carousel('zh-CN')).data.find((b) => b.id === id)?.bannername).toBe('丰收月');
    expect((await carousel('es-ES')).data.find((b) => b.id === id)?.bannername).toBe('Harvest month');
    await server.post(
      '/admin/banners/edit',
      { id, texts: { 'en-US': { name: 'Off' } } },
      operators.everyAdmin.token,
    );
    expect((await carousel('en-US')).data.map((b) => b.id)).not.toContain(id);
  });

  it('refuses an unknown language, a default language without a text, and a name too long', async () => {
    const unknown = await server.post(
      '/admin/banners/create',
      { texts: { 'fr-FR': { name: 'Semaine' }, 'en-US': { name: 'Week' } } },
      operators.everyAdmin.token,
    );
    expect(unknown.http).toBe(400);
    expect(unknown.data.issues[0]).toMatchObject({ code: 'locale_unsupported' });
    const noDefault = await server.post(
      '/admin/banners/create',
      { texts: { 'es-ES': { name: 'Semana' } }, defaultLocale: 'en-US' },
      operators.everyAdmin.token,
    );
    expect(noDefault.http).toBe(400);
    expect(noDefault.data.issues[0]).toMatchObject({
      path: 'texts.en-US.name',
      code: 'banner_default_text_missing',
    });
    const long = await server.post(
      '/admin/banners/create',
      { texts: { 'en-US': { name: 'x'.repeat(101) } } },
      operators.everyAdmin.token,
    );
    expect(long.http).toBe(400);
    expect(long.data.issues[0]).toMatchObject({ path: 'texts.en-US.name', code: 'too_long' });
  });
});

describe('pictures per language', () => {
  it('stores an upload re-encoded at the banner size; each language shows its own, others the default', async () => {
    const { id } = await createBanner(operators.everyAdmin.token);
    const english = await upload(operators.everyAdmin.token, {
      id: String(id),
      locale: 'en-US',
      file: { bytes: await picture(1600, 600, 'jpeg', '#2e86c1'), name: 'harvest.jpg', type: 'image/jpeg' },
    });
    expect(english.http, english.message).toBe(200);
    const spanish = await upload(operators.everyAdmin.token, {
      id: String(id),
      locale: 'es-ES',
      file: { bytes: await picture(800, 300), name: 'cosecha.png', type: 'image/png' },
    });
    expect(spanish.http, spanish.message).toBe(200);
    const { picUrl, pictures } = spanish.data as { picUrl: string; pictures: Record<string, string> };
    expect(picUrl).toBe(pictures['en-US']);
    expect(pictures['es-ES']).toMatch(/^\/media\/upload\/\d+-[0-9a-f]{16}\.webp$/);
    expect(pictures['es-ES']).not.toBe(pictures['en-US']);

    const served = await fetch(`${server.url}${pictures['es-ES']}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toMatch(/immutable/);
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1500, height: 490 });
    expect(meta.exif).toBeUndefined();
    // An address with another hash is no address.
    const walked = (pictures['es-ES'] ?? '').replace(/-[0-9a-f]{16}\./, '-0000000000000000.');
    expect((await fetch(`${server.url}${walked}`)).status).toBe(404);

    const listed = (await carousel('es-ES')).data.find((b) => b.id === id);
    expect(listed).toMatchObject({ picUrl, multiPic: pictures });
  });

  it('an operator of one site uploads for their site only; a viewer and a player not at all', async () => {
    const mine = await createBanner(operators.siteOperator.token, operators.first.domain);
    const theirs = await createBanner(operators.everyAdmin.token, operators.second.domain);
    const everySite = await createBanner(operators.everyAdmin.token, null);
    // A colour of its own: the same picture uploaded twice is stored once.
    const file = { bytes: await picture(750, 245, 'png', '#8e44ad'), name: 'b.png', type: 'image/png' };
    const before = await uploadsStored(server);
    expect(
      (await upload(operators.siteOperator.token, { id: String(mine.id), locale: 'en-US', file })).http,
    ).toBe(200);
    for (const banner of [theirs, everySite]) {
      const refused = await upload(operators.siteOperator.token, {
        id: String(banner.id),
        locale: 'en-US',
        file,
      });
      expect(refused.http).toBe(403);
      expect(refused.data).toEqual({ code: 'permission_denied' });
    }
    const byViewer = await upload(operators.viewer.token, { id: String(mine.id), locale: 'en-US', file });
    expect(byViewer.http).toBe(403);
    const player = await quickUser(server);
    const byPlayer = await upload(player.token, { id: String(mine.id), locale: 'en-US', file });
    expect(byPlayer).toMatchObject({ http: 403, data: { code: 'operator_only' } });
    const anonymous = await upload('', { id: String(mine.id), locale: 'en-US', file });
    expect(anonymous.http).toBe(401);
    // Only the one allowed upload was stored.
    expect(await uploadsStored(server)).toBe(before + 1);
    // Nor can they create a banner on another site.
    const create = await server.post(
      '/admin/banners/create',
      { site: operators.second.domain, texts: { 'en-US': { name: 'x' } } },
      operators.siteOperator.token,
    );
    expect(create).toMatchObject({ http: 403, data: { code: 'permission_denied' } });
  });

  describe('refused with a clear message, storing nothing', () => {
    let id: number;
    let before: number;
    beforeAll(async () => {
      id = (await createBanner(operators.everyAdmin.token)).id;
    });
    const refused = async (form: Upload, http: number, path: string, code: string) => {
      before = await uploadsStored(server);
      const res = await upload(operators.everyAdmin.token, form);
      expect(res.http, res.message).toBe(http);
      expect(res.data.issues?.[0] ?? res.data).toMatchObject(path ? { path, code } : { code });
      expect(res.message).not.toBe('');
      expect(await uploadsStored(server)).toBe(before);
      const banner = await server.post('/admin/banners/list', { size: 50 }, operators.everyAdmin.token);
      const row = banner.data.content.find((b: { id: number }) => b.id === id);
      expect(row.pictures).toEqual({});
      return res;
    };

    it('an oversized file (413, before it is decoded)', async () => {
      const big = new Uint8Array(BANNER_PICTURE_MAX_BYTES + 1);
      big.set(await picture(750, 245));
      const res = await refused(
        { id: String(id), locale: 'en-US', file: { bytes: big, name: 'big.png', type: 'image/png' } },
        413,
        'picture',
        'file_too_large',
      );
      expect(res.message).toBe('The file is larger than 5 MB');
    });

    it('a wrong type behind a right extension: text, a GIF, an SVG named .png', async () => {
      const fakes = [
        new TextEncoder().encode('not a picture at all, only words'),
        await picture(800, 300, 'gif'),
        new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="300"/>'),
      ];
      for (const bytes of fakes) {
        const res = await refused(
          { id: String(id), locale: 'en-US', file: { bytes, name: 'banner.png', type: 'image/png' } },
          400,
          'picture',
          'file_type_unsupported',
        );
        expect(res.message).toBe('picture: The file is not a PNG, JPEG or WebP picture');
      }
    });

    it('a PNG that does not decode, and one smaller than the banner', async () => {
      const png = await picture(800, 300);
      const truncated = png.subarray(0, 40);
      await refused(
        { id: String(id), locale: 'en-US', file: { bytes: truncated, name: 'b.png', type: 'image/png' } },
        400,
        'picture',
        'picture_unreadable',
      );
      await refused(
        {
          id: String(id),
          locale: 'en-US',
          file: { bytes: await picture(749, 245), name: 'b.png', type: 'image/png' },
        },
        400,
        'picture',
        'picture_too_small',
      );
    });

    it('an unknown locale, a missing one, an unknown banner', async () => {
      const file = { bytes: await picture(750, 245), name: 'b.png', type: 'image/png' };
      const res = await refused(
        { id: String(id), locale: 'fr-FR', file },
        400,
        'locale',
        'locale_unsupported',
      );
      expect(res.message).toBe('locale: This language is not supported');
      await refused({ id: String(id), file }, 400, 'locale', 'locale_unsupported');
      await refused({ id: '99999999', locale: 'en-US', file }, 400, 'id', 'banner_not_found');
      await refused({ id: 'seven', locale: 'en-US', file }, 400, 'id', 'invalid_type');
    });

    it('no file, two files, or no multipart body at all', async () => {
      await refused({ id: String(id), locale: 'en-US' }, 400, 'picture', 'file_required');
      const file = { bytes: await picture(750, 245), name: 'b.png', type: 'image/png' };
      await refused({ id: String(id), locale: 'en-US', file, extraFile: true }, 413, '', 'upload_invalid');
      const json = await server.post(
        '/admin/banners/picture',
        { id, locale: 'en-US' },
        operators.everyAdmin.token,
      );
      expect(json).toMatchObject({ http: 415, data: { code: 'upload_invalid' } });
    });
  });

  it('each change is audited with its operator', async () => {
    const { id } = await createBanner(operators.everyAdmin.token);
    await upload(operators.everyAdmin.token, {
      id: String(id),
      locale: 'ko-KR',
      file: { bytes: await picture(750, 245, 'png', '#27ae60'), name: 'k.png', type: 'image/png' },
    });
    const rows = await server.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('resource', '=', 'banner')
      .where('record_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.action)).toEqual(['banner.create', 'banner.picture']);
    expect(rows.every((r) => Number(r.actor_id) === operators.everyAdmin.id)).toBe(true);
  });
});
