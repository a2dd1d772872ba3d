import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION_SMS_ENV, startServer, type TestServer } from '../harness';

let server: TestServer;
let dir: string;
const INDEX = `<!doctype html><html><head><title>Beacon</title></head><body><div id="root"></div>${'<!-- pad -->'.repeat(200)}</body></html>`;
const ASSET = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const MAP = JSON.stringify({ version: 3, sources: ['../src/secret.ts'], sourcesContent: ['// internal'] });

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'beacon-static-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'index.html'), INDEX);
  // The build writes precompressed copies beside each file (build-tools/precompress.ts).
  await writeFile(path.join(dir, 'index.html.br'), brotliCompressSync(INDEX));
  await writeFile(path.join(dir, 'assets', 'x-abc123.js'), ASSET);
  await writeFile(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  await writeFile(path.join(dir, 'manifest.webmanifest'), '{"name":"Beacon"}');
  await writeFile(path.join(dir, 'robots.txt'), 'User-agent: *\n');
  // The build writes source maps beside the code (the original sources, comments included).
  await writeFile(path.join(dir, 'assets', 'x-abc123.js.map'), MAP);
  await writeFile(path.join(dir, 'assets', 'x-abc123.js.map.br'), brotliCompressSync(MAP));
  await writeFile(path.join(dir, 'sw.js.map'), MAP);
  server = await startServer({ env: { STATIC_DIR: dir } });
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

const get = (p: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${p}`, { headers: { 'accept-encoding': 'identity', ...headers } });

describe('source maps', () => {
  it.each([
    '/sw.js.map',
    '/assets/x-abc123.js.map',
    '/assets/x-abc123.js%2Emap',
    '/assets/x-abc123.js.map.br',
  ])('are not served by default: %s is 404', async (p) => {
    for (const encoding of ['identity', 'br, gzip']) {
      const res = await get(p, { 'accept-encoding': encoding });
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('sourcesContent');
    }
  });

  it('are served when SERVE_SOURCE_MAPS is on', async () => {
    const debug = await startServer({ env: { STATIC_DIR: dir, SERVE_SOURCE_MAPS: 'true' } });
    try {
      for (const p of ['/sw.js.map', '/assets/x-abc123.js.map']) {
        const res = await fetch(`${debug.url}${p}`, { headers: { 'accept-encoding': 'identity' } });
        expect(res.status).toBe(200);
        expect(await res.text()).toBe(MAP);
      }
    } finally {
      await debug.close();
    }
  });
});

describe('static app', () => {
  it('serves hashed assets as immutable', async () => {
    const res = await get('/assets/x-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(await res.text()).toBe(ASSET);
  });

  it('sends the precompressed shell as it is, and still with no-cache', async () => {
    // `/` carries launch data (tests/server/launch/shell.test.ts); the shell file itself is served as built.
    const res = await get('/index.html', { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toBe(INDEX);
  });

  it.each(['/', '/index.html', '/sw.js', '/manifest.webmanifest'])('serves %s with no-cache', async (p) => {
    const res = await get(p);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('gives other public files a short cache', async () => {
    const res = await get('/robots.txt');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('falls back to index.html for app routes that accept HTML', async () => {
    for (const p of ['/promotion/2', '/GameDetail/15?x=1', '/no/such/page']) {
      const res = await get(p, { accept: 'text/html,application/xhtml+xml' });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toBe(INDEX);
    }
  });

  it('does not fall back for /api, /s/, files with an extension, or non-HTML requests', async () => {
    const api = await get('/api/whatever', { accept: 'text/html' });
    expect(api.status).toBe(404);
    expect((await api.json()).status).toBe(404);
    expect((await get('/s/abc', { accept: 'text/html' })).status).toBe(404);
    const missing = await get('/assets/missing-123.js', { accept: 'text/html' });
    expect(missing.status).toBe(404);
    expect(await missing.text()).not.toContain('<div id="root">');
    expect((await get('/promotion/2', { accept: 'application/json' })).status).toBe(404);
  });

  it('sets security headers with the CSP', async () => {
    const res = await get('/');
    const csp = res.headers.get('content-security-policy') ?? '';
    for (const d of [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self' data: blob:",
      "media-src 'self' blob:",
      "connect-src 'self'",
      "worker-src 'self'",
      "manifest-src 'self'",
      'frame-src https:',
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ]) {
      expect(csp).toContain(d);
    }
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('lets the game frame show the demo provider’s loopback pages in demo mode only', async () => {
    const demo = (await get('/')).headers.get('content-security-policy') ?? '';
    expect(demo).toContain('frame-src https: http://127.0.0.1:* http://localhost:*;');
    const production = await startServer({ env: { STATIC_DIR: dir, DEMO: '0', ...PRODUCTION_SMS_ENV } });
    try {
      const res = await fetch(`${production.url}/`);
      expect(res.headers.get('content-security-policy')).toContain('frame-src https:;');
    } finally {
      await production.close();
    }
  });

  it.each(['br', 'gzip'])('compresses with %s when asked', async (encoding) => {
    const res = await get('/assets/x-abc123.js', { 'accept-encoding': encoding });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe(encoding);
    // fetch decodes transparently: the content is intact.
    expect(await res.text()).toBe(ASSET);
  });

  it('serves HEAD for app routes', async () => {
    const res = await fetch(`${server.url}/team`, { method: 'HEAD', headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
  });
});

describe('without a build', () => {
  it('answers non-API paths with a 404 saying to run npm run build', async () => {
    const bare = await startServer();
    try {
      const res = await fetch(`${bare.url}/`, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('npm run build');
      expect((await bare.post('/mainview/sites')).http).toBe(200);
    } finally {
      await bare.close();
    }
  });
});
