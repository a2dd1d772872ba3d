import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { bannerPicture } from '#contract/content';
import type { AppContext } from '../../context';
import { DEFAULT_LOCALE, listBanners } from '../content/service';
import { callerSiteId } from '../site/service';
import { injectLaunchData } from './shell';

/**
 * `GET /`: the app shell with the site's banners in it (see shell.ts), so a first visit's largest paint
 * does not wait for the scripts, then a bannerList call, then the picture. Only `/`: other routes get
 * the plain shell, and `/index.html` stays the build's own file, which the service worker precaches.
 */
export function registerLaunchShellRoute(app: FastifyInstance, ctx: AppContext, staticRoot: string): void {
  const file = path.join(staticRoot, 'index.html');
  let cached: { mtimeMs: number; text: string } | null = null;
  // A new build replaces index.html under a running server (npm start rebuilds when stale).
  const shell = async (): Promise<string> => {
    const { mtimeMs } = await stat(file);
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, text: await readFile(file, 'utf8') };
    return cached.text;
  };

  app.get('/', async (req, reply) => {
    const plain = await shell();
    let html = plain;
    try {
      // A first visit shows the default language until the user picks another (DESIGN.md section 4).
      const banners = await listBanners(ctx, await callerSiteId(ctx, req), DEFAULT_LOCALE);
      const first = banners[0] ? bannerPicture(banners[0], DEFAULT_LOCALE) : null;
      html = injectLaunchData(plain, { banners, locale: DEFAULT_LOCALE, at: ctx.clock.now() }, first);
    } catch (error) {
      // The launch data only speeds the first paint up: without it the app asks for the banners itself.
      req.log.warn({ err: error }, 'launch data left out of the shell');
    }
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
}
