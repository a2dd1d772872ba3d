// Issue 16: a site's own icons. An administrator of a site uploads one picture; the server checks it by its
// bytes, crops it to a centred square and makes four PNGs (192 and 512 for any use, a maskable 512 with the
// picture in the inner 80% on the theme colour, the 180 apple-touch-icon), stores them as uploads and
// points the site at them, audited in the same transaction. That site's manifest names them, no other
// site's does; removing them brings back the build's. Wrong, oversized, small and unauthorised uploads are
// refused with a clear message and change nothing; the uploads sweep keeps icons in use and deletes
// replaced ones after the grace period.
import http from 'node:http';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { type AdminSite, SITE_ICON_MAX_BYTES, type SiteIcon } from '#contract/admin/site';
import { verifyAudit } from '../../../server/modules/audit/service';
import { CONTENT_UPLOAD_REFERRERS } from '../../../server/modules/content/service';
import type { WebAppManifest } from '../../../server/modules/manifest/manifest';
import { SITE_UPLOAD_REFERRERS } from '../../../server/modules/site-settings/service';
import { sweepUploads, UPLOAD_GRACE_MS } from '../../../server/modules/uploads/service';
import { quickUser } from '../agent/team-fixtures';
import { freshColour } from '../content/picture-helpers';
import { serverForSuite } from '../harness';
import { operatorsOfTwoSitesForSuite } from '../operators/helpers';
import { uploadsWorker } from '../uploads/fixtures';

const server = serverForSuite();
/** The first site's theme colour, set in beforeAll (not the demo's orange, so the test tells them apart). */
const THEME = '#1f618d';

const BUILD_ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];
const ICON_URL = /^\/media\/upload\/\d+-[0-9a-f]{16}\.png$/;

const operators = operatorsOfTwoSitesForSuite(server, 'administrator');
beforeAll(async () => {
  const site = (await list(operators.everyAdmin.token)).find((s) => s.domain === operators.first.domain);
  if (!site) throw new Error('no first site');
  const { businessTimeZone: _, country: __, icon: ___, ...settings } = site;
  const saved = await server.post(
    '/admin/sites/save',
    { ...settings, themeColor: THEME },
    operators.everyAdmin.token,
  );
  expect(saved.http, saved.message).toBe(200);
});

const list = async (token: string) => {
  const res = await server.post('/admin/sites/list', {}, token);
  expect(res.http, res.message).toBe(200);
  return res.data as AdminSite[];
};

/** A `width` x `height` picture of one colour in `format`. */
const flat = (
  width: number,
  height: number,
  colour: string,
  format: 'png' | 'jpeg' | 'webp' | 'gif' = 'png',
): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer();

interface IconForm {
  domain?: string;
  file?: { bytes: Uint8Array; name: string; type: string };
}

/** POSTs the icon form as multipart/form-data, as the console's form does. */
async function uploadIcon(token: string, form: IconForm) {
  const body = new FormData();
  if (form.domain !== undefined) body.set('domain', form.domain);
  if (form.file)
    body.set('icon', new Blob([Uint8Array.from(form.file.bytes)], { type: form.file.type }), form.file.name);
  const res = await fetch(`${server.url}/api/admin/sites/icon`, {
    method: 'POST',
    body,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  // biome-ignore lint/suspicious/noExplicitAny: the envelope's data, read per test
  const envelope = (await res.json()) as { status: number; message: string; data: any };
  return { http: res.status, ...envelope };
}

/** Uploads a fresh square picture (a colour of its own: new uploads) for `domain`; answers the icons. */
async function freshIcon(domain: string, token = operators.everyAdmin.token): Promise<SiteIcon> {
  const res = await uploadIcon(token, {
    domain,
    file: { bytes: await flat(512, 512, freshColour()), name: 'icon.png', type: 'image/png' },
  });
  expect(res.http, res.message).toBe(200);
  return (res.data as AdminSite).icon as SiteIcon;
}

const removeIcon = (domain: string, token = operators.everyAdmin.token) =>
  server.post('/admin/sites/icon/remove', { domain }, token);

/** node:http, because fetch will not send a Host header of our choosing. */
function manifestFor(host: string): Promise<WebAppManifest> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/manifest.webmanifest',
        headers: { host, 'accept-encoding': 'identity' },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`manifest: ${res.statusCode}`));
          else resolve(JSON.parse(body) as WebAppManifest);
        });
      },
    );
    req.on('error', reject);
  });
}

/** The served file at `url`: its status, type, caching, and (when 200) its decoded RGBA pixels. */
async function served(url: string) {
  const res = await fetch(`${server.url}${url}`);
  if (res.status !== 200)
    return { status: res.status, type: null, cache: null, meta: undefined, pixel: undefined };
  const bytes = Buffer.from(await res.arrayBuffer());
  const meta = await sharp(bytes).metadata();
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixel = (x: number, y: number) => [
    ...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4),
  ];
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    cache: res.headers.get('cache-control'),
    meta,
    pixel,
  };
}

const rgba = (hex: string, alpha = 255) => [
  Number.parseInt(hex.slice(1, 3), 16),
  Number.parseInt(hex.slice(3, 5), 16),
  Number.parseInt(hex.slice(5, 7), 16),
  alpha,
];
/** Each channel within `by` of the expected (PNG is lossless, but a JPEG upload and scaling are not exact). */
const near = (actual: number[], expected: number[], by = 4) =>
  actual.length === expected.length && actual.every((v, i) => Math.abs(v - (expected[i] ?? 0)) <= by);

const iconColumns = (siteId: number) =>
  server.db
    .selectFrom('sites')
    .select(['icon_192', 'icon_512', 'icon_maskable_512', 'icon_apple_180'])
    .where('id', '=', siteId)
    .executeTakeFirstOrThrow();

const uploadsStored = async () =>
  Number(
    (
      await server.db
        .selectFrom('media_uploads')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const auditRows = (action: string, siteId: number) =>
  server.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('chain', '=', siteId)
    .orderBy('seq')
    .execute();

/** Saves the first site's settings as listed, with `changes`; answers the call's result. */
async function saveFirst(changes: Record<string, unknown>) {
  const site = (await list(operators.everyAdmin.token)).find((s) => s.domain === operators.first.domain);
  if (!site) throw new Error('no first site');
  const { businessTimeZone: _, country: __, icon: ___, ...settings } = site;
  return server.post('/admin/sites/save', { ...settings, ...changes }, operators.siteOperator.token);
}

describe('uploading a site icon', () => {
  it('a site administrator uploads a picture: four PNGs at their sizes, cropped to the centre, audited', async () => {
    // Taller than wide: red at the top and green at the bottom, blue in the middle, where the centred square
    // (rows 300 to 900) lies. A crop from the top, or a squashed picture, would show red.
    const blue = '#2e86c1';
    const tall = await sharp({ create: { width: 600, height: 1200, channels: 3, background: blue } })
      .composite([
        { input: await flat(600, 200, '#c0392b'), top: 0, left: 0 },
        { input: await flat(600, 200, '#27ae60'), top: 1000, left: 0 },
      ])
      .jpeg({ quality: 95 })
      .toBuffer();
    const auditsBefore = (await auditRows('site.icon', operators.first.id)).length;
    const res = await uploadIcon(operators.siteOperator.token, {
      domain: operators.first.domain,
      file: { bytes: tall, name: 'logo.jpg', type: 'image/jpeg' },
    });
    expect(res.http, res.message).toBe(200);
    const icon = (res.data as AdminSite).icon as SiteIcon;
    expect(Object.keys(icon).sort()).toEqual(['any192', 'any512', 'apple180', 'maskable512']);
    for (const url of Object.values(icon)) expect(url).toMatch(ICON_URL);
    expect(new Set(Object.values(icon)).size).toBe(4);
    expect(await iconColumns(operators.first.id)).toEqual({
      icon_192: icon.any192,
      icon_512: icon.any512,
      icon_maskable_512: icon.maskable512,
      icon_apple_180: icon.apple180,
    });

    const sizes: Record<keyof SiteIcon, number> = {
      any192: 192,
      any512: 512,
      maskable512: 512,
      apple180: 180,
    };
    for (const [key, size] of Object.entries(sizes) as [keyof SiteIcon, number][]) {
      const file = await served(icon[key]);
      expect(file.status, key).toBe(200);
      expect(file.type).toBe('image/png');
      expect(file.cache).toMatch(/immutable/);
      expect(file.meta).toMatchObject({ format: 'png', width: size, height: size });
      expect(file.meta?.exif).toBeUndefined();
      // The middle of the tall picture, not its top or bottom, fills the icon (or its safe zone).
      expect(near(file.pixel?.(size / 2, size / 2) ?? [], rgba(blue)), key).toBe(true);
    }
    for (const key of ['any192', 'any512', 'apple180'] as const) {
      const file = await served(icon[key]);
      const size = sizes[key];
      for (const [x, y] of [
        [1, 1],
        [size - 2, 1],
        [1, size - 2],
        [size - 2, size - 2],
      ] as const)
        expect(near(file.pixel?.(x, y) ?? [], rgba(blue)), `${key} ${x},${y}`).toBe(true);
    }
    // The maskable icon: the theme colour around the inner 80% (51 pixels each side), the picture inside.
    const maskable = await served(icon.maskable512);
    for (const [x, y] of [
      [0, 0],
      [50, 256],
      [256, 50],
      [461, 256],
      [256, 461],
      [511, 511],
    ] as const)
      expect(near(maskable.pixel?.(x, y) ?? [], rgba(THEME), 0), `${x},${y}`).toBe(true);
    for (const [x, y] of [
      [53, 53],
      [458, 458],
    ] as const)
      expect(near(maskable.pixel?.(x, y) ?? [], rgba(blue)), `${x},${y}`).toBe(true);

    // An address of the same upload with another extension, or another hash, names nothing.
    expect((await served(icon.any192.replace(/\.png$/, '.webp'))).status).toBe(404);
    expect((await served(icon.any192.replace(/-[0-9a-f]{16}\./, '-0000000000000000.'))).status).toBe(404);

    const audits = await auditRows('site.icon', operators.first.id);
    expect(audits.length).toBe(auditsBefore + 1);
    const audit = audits.at(-1);
    expect(Number(audit?.actor_id)).toBe(operators.siteOperator.id);
    expect(JSON.parse(String(audit?.before))).toEqual({ icon: null });
    expect(JSON.parse(String(audit?.after))).toEqual({ icon });
    expect(await verifyAudit(server.db)).toEqual([]);
  });

  it('keeps a transparent picture transparent in the icons for any use; the maskable and apple ones are opaque on the theme colour', async () => {
    const mark = freshColour();
    const transparent = await sharp({
      create: { width: 512, height: 512, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([{ input: await flat(256, 256, mark), top: 128, left: 128 }])
      .png()
      .toBuffer();
    const res = await uploadIcon(operators.everyAdmin.token, {
      domain: operators.first.domain,
      file: { bytes: transparent, name: 'mark.png', type: 'image/png' },
    });
    expect(res.http, res.message).toBe(200);
    const icon = (res.data as AdminSite).icon as SiteIcon;
    expect((await served(icon.any512)).pixel?.(2, 2)?.[3]).toBe(0);
    expect(near((await served(icon.any512)).pixel?.(256, 256) ?? [], rgba(mark))).toBe(true);
    expect(near((await served(icon.apple180)).pixel?.(2, 2) ?? [], rgba(THEME), 0)).toBe(true);
    expect(near((await served(icon.maskable512)).pixel?.(60, 60) ?? [], rgba(THEME), 0)).toBe(true);
  });

  it('the site manifest names its icons, another site and an unknown host name the build icons', async () => {
    const icon = await freshIcon(operators.first.domain);
    const own = await manifestFor(operators.first.domain);
    expect(own.icons).toEqual([
      { src: icon.any192, sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: icon.any512, sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: icon.maskable512, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ]);
    for (const shortcut of own.shortcuts) expect(shortcut.icons.map((i) => i.src)).toEqual([icon.any192]);
    // The public site list names the 180 icon, which the app links for iOS's home screen.
    const publicSite = async (domain: string) =>
      (
        (await server.post('/mainview/sites', {})).data as { domain: string; appleTouchIcon: string | null }[]
      ).find((s) => s.domain === domain);
    expect(await publicSite(operators.first.domain)).toMatchObject({ appleTouchIcon: icon.apple180 });
    await removeIcon(operators.second.domain);
    expect(await publicSite(operators.second.domain)).toMatchObject({ appleTouchIcon: null });
    for (const host of [operators.second.domain, 'unknown-host.example']) {
      const other = await manifestFor(host);
      expect(other.icons).toEqual(BUILD_ICONS);
      expect(JSON.stringify(other)).not.toContain('/media/upload/');
    }
  });

  it('replacing names the new icons; the old ones keep answering; removing brings back the build icons, once', async () => {
    const old = await freshIcon(operators.first.domain);
    const current = await freshIcon(operators.first.domain);
    expect((await manifestFor(operators.first.domain)).icons.map((i) => i.src)).toEqual([
      current.any192,
      current.any512,
      current.maskable512,
    ]);
    // An installed app or a manifest a browser holds may still name the old ones.
    for (const url of Object.values(old)) expect((await served(url)).status).toBe(200);
    const replaced = (await auditRows('site.icon', operators.first.id)).at(-1);
    expect(JSON.parse(String(replaced?.before))).toEqual({ icon: old });
    expect(JSON.parse(String(replaced?.after))).toEqual({ icon: current });

    const removalsBefore = (await auditRows('site.icon.remove', operators.first.id)).length;
    const removed = await removeIcon(operators.first.domain, operators.siteOperator.token);
    expect(removed.http, removed.message).toBe(200);
    expect((removed.data as AdminSite).icon).toBeNull();
    expect(await iconColumns(operators.first.id)).toEqual({
      icon_192: null,
      icon_512: null,
      icon_maskable_512: null,
      icon_apple_180: null,
    });
    expect((await manifestFor(operators.first.domain)).icons).toEqual(BUILD_ICONS);
    expect(
      (await list(operators.everyAdmin.token)).find((s) => s.domain === operators.first.domain)?.icon,
    ).toBeNull();
    const removals = await auditRows('site.icon.remove', operators.first.id);
    expect(removals.length).toBe(removalsBefore + 1);
    expect(Number(removals.at(-1)?.actor_id)).toBe(operators.siteOperator.id);
    expect(JSON.parse(String(removals.at(-1)?.before))).toEqual({ icon: current });
    expect(JSON.parse(String(removals.at(-1)?.after))).toEqual({ icon: null });
    // Still served for the grace period.
    for (const url of Object.values(current)) expect((await served(url)).status).toBe(200);

    // Removing again changes nothing and records nothing.
    const again = await removeIcon(operators.first.domain);
    expect(again.http, again.message).toBe(200);
    expect((await auditRows('site.icon.remove', operators.first.id)).length).toBe(removalsBefore + 1);
    expect(await verifyAudit(server.db)).toEqual([]);
  });

  it('two uploads at once: both land in turn, the site names one whole set, both audited', async () => {
    const [a, b] = await Promise.all(
      [freshColour(), freshColour()].map(async (colour) =>
        uploadIcon(operators.everyAdmin.token, {
          domain: operators.first.domain,
          file: { bytes: await flat(640, 640, colour), name: 'i.png', type: 'image/png' },
        }),
      ),
    );
    expect([a?.http, b?.http]).toEqual([200, 200]);
    const columns = await iconColumns(operators.first.id);
    const named = {
      any192: columns.icon_192,
      any512: columns.icon_512,
      maskable512: columns.icon_maskable_512,
      apple180: columns.icon_apple_180,
    };
    expect([a?.data.icon, b?.data.icon]).toContainEqual(named);
    const last = (await auditRows('site.icon', operators.first.id)).slice(-2);
    // The later of the two replaced the earlier one's set: each audit says what it really replaced.
    expect(JSON.parse(String(last[1]?.before))).toEqual(JSON.parse(String(last[0]?.after)));
    expect(JSON.parse(String(last[1]?.after))).toEqual({ icon: named });
    expect(await verifyAudit(server.db)).toEqual([]);
  });
});

describe('a new theme colour', () => {
  const lastSettingsAudit = async () => {
    const row = (await auditRows('site.settings', operators.first.id)).at(-1);
    return { before: JSON.parse(String(row?.before)), after: JSON.parse(String(row?.after)) };
  };

  it('paints the maskable and apple-touch icons again on it; the others stay; audited', async () => {
    const mark = freshColour();
    const transparent = await sharp({
      create: { width: 600, height: 600, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([{ input: await flat(300, 300, mark), top: 150, left: 150 }])
      .png()
      .toBuffer();
    const up = await uploadIcon(operators.everyAdmin.token, {
      domain: operators.first.domain,
      file: { bytes: transparent, name: 'mark.png', type: 'image/png' },
    });
    expect(up.http, up.message).toBe(200);
    const before = (up.data as AdminSite).icon as SiteIcon;

    const saved = await saveFirst({ themeColor: '#AA3366' });
    expect(saved.http, saved.message).toBe(200);
    const after = (saved.data as AdminSite).icon as SiteIcon;
    expect(after.any192).toBe(before.any192);
    expect(after.any512).toBe(before.any512);
    expect(after.maskable512).not.toBe(before.maskable512);
    expect(after.apple180).not.toBe(before.apple180);
    expect(after.maskable512).toMatch(ICON_URL);
    const maskable = await served(after.maskable512);
    expect(maskable.meta).toMatchObject({ format: 'png', width: 512, height: 512 });
    expect(near(maskable.pixel?.(10, 10) ?? [], rgba('#aa3366'), 0)).toBe(true);
    expect(near(maskable.pixel?.(256, 256) ?? [], rgba(mark))).toBe(true);
    const apple = await served(after.apple180);
    expect(apple.meta).toMatchObject({ format: 'png', width: 180, height: 180 });
    expect(near(apple.pixel?.(2, 2) ?? [], rgba('#aa3366'), 0)).toBe(true);
    expect(near(apple.pixel?.(90, 90) ?? [], rgba(mark))).toBe(true);
    // The manifest names the new maskable icon; the old one still answers for the grace period.
    expect((await manifestFor(operators.first.domain)).icons[2]?.src).toBe(after.maskable512);
    expect((await served(before.maskable512)).status).toBe(200);
    const audit = await lastSettingsAudit();
    expect(audit.before).toMatchObject({ themeColor: THEME, icon: before });
    expect(audit.after).toMatchObject({ themeColor: '#aa3366', icon: after });

    // The same colour again: the icons stay, and the audit does not speak of them.
    const same = await saveFirst({ name: 'Same colour' });
    expect(same.http, same.message).toBe(200);
    expect((same.data as AdminSite).icon).toEqual(after);
    expect((await lastSettingsAudit()).after).not.toHaveProperty('icon');

    // Back to the colour the other tests expect, repainted again.
    const back = await saveFirst({ themeColor: THEME });
    expect(back.http, back.message).toBe(200);
    expect(
      near((await served((back.data as AdminSite).icon?.apple180 ?? '')).pixel?.(2, 2) ?? [], rgba(THEME), 0),
    ).toBe(true);
    expect(await verifyAudit(server.db)).toEqual([]);
  });

  it('a site without icons of its own just saves', async () => {
    await removeIcon(operators.first.domain);
    const saved = await saveFirst({ themeColor: '#123456' });
    expect(saved.http, saved.message).toBe(200);
    expect((saved.data as AdminSite).icon).toBeNull();
    expect((await lastSettingsAudit()).after).not.toHaveProperty('icon');
    expect((await saveFirst({ themeColor: THEME })).http).toBe(200);
  });
});

describe('refused with a clear message, changing nothing', () => {
  let secondIcon: SiteIcon;
  beforeAll(async () => {
    secondIcon = await freshIcon(operators.second.domain);
  });

  /** Sends `form` for the second site unless it names another, and checks that nothing changed. */
  async function refused(
    token: string,
    form: IconForm,
    http: number,
    expected: { path?: string; code: string },
  ) {
    const uploads = await uploadsStored();
    const audits = (await auditRows('site.icon', operators.second.id)).length;
    const res = await uploadIcon(token, { domain: operators.second.domain, ...form });
    expect(res.http, res.message).toBe(http);
    expect(res.data.issues?.[0] ?? res.data).toMatchObject(expected);
    expect(res.message).not.toBe('');
    expect(await uploadsStored()).toBe(uploads);
    expect((await auditRows('site.icon', operators.second.id)).length).toBe(audits);
    expect(
      (await list(operators.everyAdmin.token)).find((s) => s.domain === operators.second.domain)?.icon,
    ).toEqual(secondIcon);
    return res;
  }
  const png = (bytes: Uint8Array) => ({ bytes, name: 'icon.png', type: 'image/png' });

  it('a wrong type behind a right extension: text, a GIF, an SVG named .png', async () => {
    const fakes = [
      new TextEncoder().encode('not a picture at all, only words'),
      await flat(600, 600, '#8e44ad', 'gif'),
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"/>'),
    ];
    for (const bytes of fakes) {
      const res = await refused(operators.everyAdmin.token, { file: png(bytes) }, 400, {
        path: 'icon',
        code: 'file_type_unsupported',
      });
      expect(res.message).toBe('icon: The file is not a PNG, JPEG or WebP picture');
    }
  });

  it('an oversized file (413, before it is decoded)', async () => {
    const big = new Uint8Array(SITE_ICON_MAX_BYTES + 1);
    big.set(await flat(600, 600, '#16a085'));
    const res = await refused(operators.everyAdmin.token, { file: png(big) }, 413, {
      path: 'icon',
      code: 'file_too_large',
    });
    expect(res.message).toBe('The file is larger than 5 MB');
  });

  it('a picture smaller than 512 on either side, one that does not decode, no file at all', async () => {
    for (const [width, height] of [
      [511, 511],
      [1024, 511],
      [511, 1024],
    ] as const)
      await refused(operators.everyAdmin.token, { file: png(await flat(width, height, '#d35400')) }, 400, {
        path: 'icon',
        code: 'picture_too_small',
      });
    const truncated = (await flat(600, 600, '#d35400')).subarray(0, 40);
    await refused(operators.everyAdmin.token, { file: png(truncated) }, 400, {
      path: 'icon',
      code: 'picture_unreadable',
    });
    await refused(operators.everyAdmin.token, {}, 400, { path: 'icon', code: 'file_required' });
  });

  it('an unknown site, or none named', async () => {
    const file = png(await flat(600, 600, '#2c3e50'));
    const res = await refused(operators.everyAdmin.token, { domain: 'nowhere.example', file }, 400, {
      path: 'domain',
      code: 'site_not_found',
    });
    expect(res.message).toMatch(/No such site/);
    const unnamed = await uploadIcon(operators.everyAdmin.token, { file });
    expect(unnamed.http).toBe(400);
    expect(unnamed.data.issues[0]).toMatchObject({ path: 'domain', code: 'required' });
    const removal = await removeIcon('nowhere.example');
    expect(removal.http).toBe(400);
    expect(removal.data.issues[0]).toMatchObject({ path: 'domain', code: 'site_not_found' });
  });

  it('an administrator of another site, a viewer, a player, no session: neither upload nor removal', async () => {
    const file = png(await flat(600, 600, '#7f8c8d'));
    await refused(operators.siteOperator.token, { file }, 403, { code: 'permission_denied' });
    await refused(operators.viewer.token, { file }, 403, { code: 'permission_denied' });
    const player = await quickUser(server);
    await refused(player.token, { file }, 403, { code: 'operator_only' });
    const uploads = await uploadsStored();
    expect((await uploadIcon('', { domain: operators.second.domain, file })).http).toBe(401);
    expect(await uploadsStored()).toBe(uploads);

    const removals = (await auditRows('site.icon.remove', operators.second.id)).length;
    expect(await removeIcon(operators.second.domain, operators.siteOperator.token)).toMatchObject({
      http: 403,
      data: { code: 'permission_denied' },
    });
    expect((await removeIcon(operators.second.domain, operators.viewer.token)).http).toBe(403);
    expect(await removeIcon(operators.second.domain, player.token)).toMatchObject({
      http: 403,
      data: { code: 'operator_only' },
    });
    expect((await auditRows('site.icon.remove', operators.second.id)).length).toBe(removals);
    expect(
      (await list(operators.everyAdmin.token)).find((s) => s.domain === operators.second.domain)?.icon,
    ).toEqual(secondIcon);
    expect((await manifestFor(operators.second.domain)).icons[0]?.src).toBe(secondIcon.any192);
  });
});

describe('the uploads sweep', () => {
  const sweep = () => sweepUploads(server.app.ctx, [...CONTENT_UPLOAD_REFERRERS, ...SITE_UPLOAD_REFERRERS]);
  const graceLater = () => server.clock.advance(UPLOAD_GRACE_MS + 60_000);
  const statuses = async (icon: SiteIcon) =>
    Promise.all(Object.values(icon).map(async (url) => (await served(url)).status));

  it('keeps the icons a site names, and deletes replaced and removed ones after the grace period', async () => {
    const replaced = await freshIcon(operators.first.domain);
    const current = await freshIcon(operators.first.domain);
    await sweep();
    expect(await statuses(replaced)).toEqual([200, 200, 200, 200]);
    graceLater();
    await sweep();
    expect(await statuses(replaced)).toEqual([404, 404, 404, 404]);
    expect(await statuses(current)).toEqual([200, 200, 200, 200]);

    const removed = await removeIcon(operators.first.domain);
    expect(removed.http, removed.message).toBe(200);
    await sweep();
    expect(await statuses(current)).toEqual([200, 200, 200, 200]);
    graceLater();
    await sweep();
    expect(await statuses(current)).toEqual([404, 404, 404, 404]);
  });

  it('an icon lives on for the grace period from when the site let go of it, not from its upload', async () => {
    const days = (n: number) => server.clock.advance(n * 24 * 60 * 60_000);
    const gone = [404, 404, 404, 404];
    const kept = [200, 200, 200, 200];
    // Replaced three days after its upload: still there five days later, gone three more days on.
    const replaced = await freshIcon(operators.first.domain);
    days(3);
    const current = await freshIcon(operators.first.domain);
    days(5);
    await sweep();
    expect(await statuses(replaced)).toEqual(kept);
    days(3);
    await sweep();
    expect(await statuses(replaced)).toEqual(gone);

    // Painted again on a new theme colour: the same for the two icons it replaced.
    const repainted = await saveFirst({ themeColor: '#5b2c6f' });
    expect(repainted.http, repainted.message).toBe(200);
    const now = (repainted.data as AdminSite).icon as SiteIcon;
    expect(now.maskable512).not.toBe(current.maskable512);
    // An opaque picture fills the apple-touch icon: no colour shows, the same bytes are the same upload.
    expect(now.apple180).toBe(current.apple180);
    days(5);
    await sweep();
    expect((await served(current.maskable512)).status).toBe(200);
    days(3);
    await sweep();
    expect((await served(current.maskable512)).status).toBe(404);
    expect(await statuses(now)).toEqual(kept);

    // Removed: the same again.
    days(3);
    expect((await removeIcon(operators.first.domain)).http).toBe(200);
    days(5);
    await sweep();
    expect(await statuses(now)).toEqual(kept);
    days(3);
    await sweep();
    expect(await statuses(now)).toEqual(gone);
    expect((await saveFirst({ themeColor: THEME })).http).toBe(200);
  });

  it('runs as the uploads module worker, which keeps site icons', async () => {
    const kept = await freshIcon(operators.first.domain);
    const worker = await uploadsWorker(server);
    expect(worker).toBeTruthy();
    graceLater();
    await worker?.runOnce();
    expect(await statuses(kept)).toEqual([200, 200, 200, 200]);
    await removeIcon(operators.first.domain);
    graceLater();
    await worker?.runOnce();
    expect(await statuses(kept)).toEqual([404, 404, 404, 404]);
  });
});
