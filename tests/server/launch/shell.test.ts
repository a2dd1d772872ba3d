import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAUNCH_DATA_ELEMENT_ID, launchDataSchema } from '#contract/content';
import { insertBanner } from '../../../server/modules/content/repository';
import { jsonForScript } from '../../../server/modules/launch/shell';
import { startServer, type TestServer } from '../harness';

const INDEX =
  '<!doctype html><html><head><title>Beacon</title></head><body><div id="app-loading"></div><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>';
const HOSTILE_NAME = '</script><script>alert(1)</script><!--';

let dir: string;
let server: TestServer;
const html = (p: string) =>
  fetch(`${server.url}${p}`, { headers: { accept: 'text/html' } }).then(async (res) => ({
    res,
    text: await res.text(),
  }));

/** The JSON block as the browser would read it: the element's text between its tags. */
function launchData(text: string) {
  const open = `<script type="application/json" id="${LAUNCH_DATA_ELEMENT_ID}">`;
  const start = text.indexOf(open);
  if (start < 0) return null;
  const body = text.slice(start + open.length, text.indexOf('</script>', start));
  return launchDataSchema.parse(JSON.parse(body));
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'beacon-launch-'));
  await writeFile(path.join(dir, 'index.html'), INDEX);
  server = await startServer({ env: { STATIC_DIR: dir } });
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the shell of / carries launch data', () => {
  it('without banners: an empty list and no preload', async () => {
    const { res, text } = await html('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(launchData(text)?.banners).toEqual([]);
    expect(text).not.toContain('rel="preload"');
  });

  it('with banners: the same list bannerList answers, and a preload of the first picture', async () => {
    const now = server.clock.now();
    const banner = (name: string, order: number, multi: string | null = null) =>
      insertBanner(server.db, {
        site_id: null,
        bannername: name,
        remark: '<p>Hi</p>',
        pic_url: `/media/banner/${order}.svg`,
        multi_pic: multi,
        sort_order: order,
        enabled: 1,
        created_at: now,
      });
    await banner(HOSTILE_NAME, 2);
    await banner('First', 1, JSON.stringify({ 'en-US': '/media/banner/1-en.svg', 'zh-CN': '/z.svg' }));

    const { text } = await html('/');
    const listed = await server.post('/mainview/bannerList');
    const data = launchData(text);
    expect(data?.banners).toEqual(listed.data);
    expect(data?.banners.map((b) => b.bannername)).toEqual(['First', HOSTILE_NAME]);
    expect(data?.at).toBe(now);
    // The first banner's picture for the default language (en-US), fetched while the scripts load.
    expect(text).toContain(
      '<link rel="preload" as="image" href="/media/banner/1-en.svg" fetchpriority="high" /></head>',
    );
    // The hostile name cannot close the data block: one data block, then the page's own script.
    expect(text.match(/<script/g)).toHaveLength(2);
    expect(text).not.toContain('alert(1)</script>');
    // …nor reach the markup as markup anywhere else.
    expect(text).not.toContain('<script>alert');
    // The first view: the first banner painted into #root before any script, the indicator hidden.
    expect(text).toContain('<div id="app-loading" hidden>');
    const root = text.slice(text.indexOf('<div id="root">'), text.indexOf('<script type="module"'));
    expect(root).toContain('data-first-view');
    expect(root).toContain('<img class="banner__image" src="/media/banner/1-en.svg" alt="First"');
    expect(root).not.toContain(HOSTILE_NAME);
  });

  it('without a banner the shell keeps its loading indicator and an empty root', async () => {
    await server.db.updateTable('banners').set({ enabled: 0 }).execute();
    const { text } = await html('/');
    expect(launchData(text)?.banners).toEqual([]);
    expect(text).toContain('<div id="app-loading"></div><script type="application/json"');
    expect(text).toContain('<div id="root"></div>');
  });

  it('leaves /index.html (what the service worker precaches) and the other routes as built', async () => {
    expect((await html('/index.html')).text).toBe(INDEX);
    expect((await html('/promotion/2')).text).toBe(INDEX);
  });
});

describe('jsonForScript', () => {
  it('escapes what could end the element or start a comment, and still parses to the same value', () => {
    const value = { a: '</script><!-- & \u2028\u2029 >' };
    const out = jsonForScript(value);
    expect(out).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(out)).toEqual(value);
  });
});
