import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { callerSite } from '../site/service';
import { buildManifest, manifestSiteOf } from './manifest';

/** If-None-Match may list several tags, weak or strong; either form of ours counts. */
const matchesEtag = (header: string | undefined, etag: string): boolean =>
  (header ?? '').split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);

export const MANIFEST_PATH = '/manifest.webmanifest';

/**
 * `/manifest.webmanifest`, outside /api: the browser fetches it from the page's <link rel="manifest">.
 * Registered as its own route so it wins over the static files and the app shell fallback. Only the
 * host picks the site; nothing of the request is written into the answer.
 */
export function registerManifestRoute(app: FastifyInstance, ctx: AppContext): void {
  app.get(MANIFEST_PATH, async (req, reply) => {
    const site = manifestSiteOf((await callerSite(ctx, req)).own);
    const body = JSON.stringify(buildManifest(site));
    // A site's name or colour may change at any time: the browser revalidates, and usually gets a 304.
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    reply.header('Cache-Control', 'no-cache').header('ETag', etag);
    if (matchesEtag(req.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.type('application/manifest+json; charset=utf-8').send(body);
  });
}
