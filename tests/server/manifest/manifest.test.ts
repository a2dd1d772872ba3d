import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebAppManifest } from '../../../server/modules/manifest/manifest';
import { insertSite } from '../../../server/modules/site/repository';
import { serverForSuite, startServer, type TestServer } from '../harness';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** node:http, because fetch will not send a Host header of our choosing. */
function get(server: TestServer, urlPath: string, headers: Record<string, string> = {}): Promise<Answer> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port, path: urlPath, headers: { 'accept-encoding': 'identity', ...headers } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
  });
}

const manifestFor = async (server: TestServer, host: string, headers: Record<string, string> = {}) => {
  const res = await get(server, '/manifest.webmanifest', { host, ...headers });
  expect(res.status).toBe(200);
  return JSON.parse(res.body) as WebAppManifest;
};

const site = (domain: string, name: string, shortName: string, themeColor: string) => ({
  domain,
  name,
  short_name: shortName,
  theme_color: themeColor,
  support_handle: '@help',
  currency_symbols: null,
  min_withdraw: 100_00,
  max_withdraw: 50_000_00,
  min_transfer: 10_00,
  created_at: Date.UTC(2026, 0, 1),
});

/** Addresses a site's own icons could have (the manifest names what the row says; uploads are tested apart). */
const OWN_ICONS = {
  icon_192: '/media/upload/7-0123456789abcdef.png',
  icon_512: '/media/upload/8-123456789abcdef0.png',
  icon_maskable_512: '/media/upload/9-23456789abcdef01.png',
  icon_apple_180: '/media/upload/10-3456789abcdef012.png',
};

const server = serverForSuite();
beforeAll(async () => {
  await insertSite(server.db, site('first.example', 'First Site', 'First', '#0f766e'));
  await insertSite(server.db, site('promo.example', 'Promo Portal', 'Promo', '#7c3aed'));
  await insertSite(server.db, { ...site('own.example', 'Own Icons', 'Own', '#0e7490'), ...OWN_ICONS });
  // Half a set (never written by the console, which sets and clears the four together): the build's.
  await insertSite(server.db, {
    ...site('half.example', 'Half Icons', 'Half', '#0e7490'),
    icon_192: OWN_ICONS.icon_192,
  });
});

describe('GET /manifest.webmanifest', () => {
  it('answers the manifest of the site matching the host, as application/manifest+json, revalidated', async () => {
    const res = await get(server, '/manifest.webmanifest', { host: 'promo.example' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const manifest = JSON.parse(res.body) as WebAppManifest;
    expect(manifest).toMatchObject({
      id: '/',
      name: 'Promo Portal',
      short_name: 'Promo',
      theme_color: '#7c3aed',
      background_color: '#ffffff',
      lang: 'en',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
    });
    expect(manifest.description).toContain('Promo Portal');
  });

  it('matches the host case-insensitively and without its port', async () => {
    expect((await manifestFor(server, 'FIRST.Example:8443')).name).toBe('First Site');
  });

  it('follows X-Forwarded-Host from a trusted proxy (the test server trusts it)', async () => {
    const manifest = await manifestFor(server, '127.0.0.1', { 'x-forwarded-host': 'promo.example' });
    expect(manifest.short_name).toBe('Promo');
  });

  it('falls back to the page defaults (index.html) for a host with no site, and echoes nothing of it', async () => {
    const res = await get(server, '/manifest.webmanifest', { host: 'unknown-host.example' });
    expect(res.status).toBe(200);
    const manifest = JSON.parse(res.body) as WebAppManifest;
    expect(manifest).toMatchObject({ name: 'Beacon', short_name: 'Beacon', theme_color: '#f97316' });
    expect(res.body).not.toContain('unknown-host');
  });

  it('lists icons 192 and 512 for any use and a maskable 512', async () => {
    const manifest = await manifestFor(server, 'first.example');
    expect(manifest.icons).toEqual([
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ]);
  });

  it("names a site's own icons when it has them, in the same sizes and purposes, shortcuts included", async () => {
    const manifest = await manifestFor(server, 'own.example');
    expect(manifest.icons).toEqual([
      { src: OWN_ICONS.icon_192, sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: OWN_ICONS.icon_512, sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: OWN_ICONS.icon_maskable_512, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ]);
    for (const shortcut of manifest.shortcuts)
      expect(shortcut.icons).toEqual([
        { src: OWN_ICONS.icon_192, sizes: '192x192', type: 'image/png', purpose: 'any' },
      ]);
    // Another site's manifest names none of them, and a site with half a set names the build's.
    for (const host of ['first.example', 'half.example']) {
      const other = await get(server, '/manifest.webmanifest', { host });
      expect(other.body).not.toContain('/media/upload/');
      expect((JSON.parse(other.body) as WebAppManifest).icons[0]?.src).toBe('/icons/icon-192.png');
    }
  });

  it('has shortcuts to both catalogues and the promotion page, each named and with an icon', async () => {
    const manifest = await manifestFor(server, 'first.example');
    expect(manifest.shortcuts.map((s) => s.url)).toEqual(['/', '/?tab=2', '/promotion/1']);
    for (const shortcut of manifest.shortcuts) {
      expect(shortcut.name.length).toBeGreaterThan(0);
      expect(shortcut.short_name.length).toBeGreaterThan(0);
      expect(shortcut.short_name.length).toBeLessThanOrEqual(12);
      expect(shortcut.icons.length).toBeGreaterThan(0);
      // Every shortcut stays inside the app's scope.
      expect(new URL(shortcut.url, 'https://x.example').pathname.startsWith(manifest.scope)).toBe(true);
    }
  });

  it('answers 304 to a request that already holds the same version', async () => {
    const first = await get(server, '/manifest.webmanifest', { host: 'first.example' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await get(server, '/manifest.webmanifest', {
      host: 'first.example',
      'if-none-match': etag,
    });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    // Another site's manifest is another version.
    const other = await get(server, '/manifest.webmanifest', {
      host: 'promo.example',
      'if-none-match': etag,
    });
    expect(other.status).toBe(200);
  });
});

describe('the manifest route next to the built app', () => {
  let withStatic: TestServer;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'beacon-manifest-'));
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>shell</title>');
    await writeFile(path.join(dir, 'manifest.webmanifest'), '{"name":"a stale file"}');
    withStatic = await startServer({ env: { STATIC_DIR: dir } });
  });
  afterAll(async () => {
    await withStatic.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('wins over a file of the same name and over the app shell', async () => {
    const res = await get(withStatic, '/manifest.webmanifest', { host: 'localhost', accept: 'text/html' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect((JSON.parse(res.body) as WebAppManifest).display).toBe('standalone');
  });
});

/** Width, height and RGBA pixels of an 8-bit RGBA, non-interlaced PNG (what scripts/generate-icons.mjs writes). */
function decodePng(file: Buffer): { width: number; height: number; pixels: Buffer } {
  expect(file.subarray(1, 4).toString('ascii')).toBe('PNG');
  const width = file.readUInt32BE(16);
  const height = file.readUInt32BE(20);
  expect([file[24], file[25], file[28]]).toEqual([8, 6, 0]);
  const idat: Buffer[] = [];
  for (let at = 8; at < file.length; ) {
    const length = file.readUInt32BE(at);
    if (file.subarray(at + 4, at + 8).toString('ascii') === 'IDAT')
      idat.push(file.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * 4;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const value = raw[y * (stride + 1) + 1 + x] ?? 0;
      const left = x >= 4 ? (pixels[y * stride + x - 4] ?? 0) : 0;
      const up = y > 0 ? (pixels[(y - 1) * stride + x] ?? 0) : 0;
      const upLeft = x >= 4 && y > 0 ? (pixels[(y - 1) * stride + x - 4] ?? 0) : 0;
      const p = left + up - upLeft;
      const paeth =
        Math.abs(p - left) <= Math.abs(p - up) && Math.abs(p - left) <= Math.abs(p - upLeft)
          ? left
          : Math.abs(p - up) <= Math.abs(p - upLeft)
            ? up
            : upLeft;
      const predictor = [0, left, up, (left + up) >> 1, paeth][filter ?? 0] ?? 0;
      pixels[y * stride + x] = (value + predictor) & 0xff;
    }
  }
  return { width, height, pixels };
}

describe('the icons the manifest names', () => {
  const publicFile = (src: string) => readFileSync(path.join(__dirname, '../../../public', src));

  it('exist in public/ at the size they declare', async () => {
    const manifest = await manifestFor(server, 'first.example');
    const icons = [...manifest.icons, ...manifest.shortcuts.flatMap((s) => s.icons)];
    for (const icon of icons) {
      const { width, height } = decodePng(publicFile(icon.src));
      expect(`${width}x${height}`).toBe(icon.sizes);
    }
  });

  it('keep the maskable mark inside the safe zone: everything outside the 40% circle is plain background', async () => {
    const manifest = await manifestFor(server, 'first.example');
    const maskable = manifest.icons.find((icon) => icon.purpose === 'maskable');
    if (!maskable) throw new Error('no maskable icon');
    const { width, height, pixels } = decodePng(publicFile(maskable.src));
    const background = [...pixels.subarray(0, 4)];
    expect(background).toEqual([0xf9, 0x73, 0x16, 0xff]);
    let outside = 0;
    let markInside = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const o = (y * width + x) * 4;
        const same = [...pixels.subarray(o, o + 4)].every((v, i) => v === background[i]);
        if (Math.hypot(x + 0.5 - width / 2, y + 0.5 - height / 2) > 0.4 * width) {
          outside++;
          if (!same) throw new Error(`pixel ${x},${y} outside the safe zone is not background`);
        } else if (!same) markInside++;
      }
    }
    expect(outside).toBeGreaterThan(0);
    // The mark is there at all, not a plain orange square.
    expect(markInside).toBeGreaterThan(0.05 * width * height);
  });
});
