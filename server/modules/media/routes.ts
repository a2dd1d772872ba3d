import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { downImageCall, downVideoCall } from '#contract/catalogue';
import type { AppContext } from '../../context';
import { codedError } from '../../http/envelope';
import { serve } from '../../http/serve';
import { attachment, sendFileWithRanges } from './send';
import { type MediaContent, resolveDownload, resolveMedia } from './service';

/** Demo media never changes for a given URL. */
const MEDIA_CACHE = 'public, max-age=604800';
const UPLOAD_CACHE = 'public, max-age=31536000, immutable';

async function sendMedia(
  request: FastifyRequest,
  reply: FastifyReply,
  media: MediaContent,
  cacheControl: string,
): Promise<FastifyReply> {
  reply.header('Cache-Control', cacheControl);
  if (media.kind === 'svg') {
    // An SVG is a document: keep it inert even when opened directly.
    reply.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    return reply.type('image/svg+xml; charset=utf-8').send(media.body);
  }
  if (media.kind === 'bytes') return reply.type(media.contentType).send(media.body);
  return sendFileWithRanges(request, reply, media.path, media.contentType);
}

/** `/media/...`, outside /api: pictures and videos the catalogue and banners point at. */
export function registerMediaRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/media/*', async (req, reply) => {
    const media = await resolveMedia(ctx, req.url.split('?')[0] ?? '');
    if (!media) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    // An upload's address names its content (uploads/service.ts): it never changes.
    return sendMedia(req, reply, media, media.kind === 'bytes' ? UPLOAD_CACHE : MEDIA_CACHE);
  });
}

/** An absolute URL of this very server stands for its path; anything else is taken as given. */
function ownPath(url: string, host: string | undefined): string {
  if (!/^https?:\/\//i.test(url)) return url;
  try {
    const parsed = new URL(url);
    return host && parsed.host === host.toLowerCase() && !parsed.search ? parsed.pathname : url;
  } catch {
    return url;
  }
}

/** `GET /api/wxcps/downimage?url=` and `downvideo?url=`: an item's own media, as a download. */
export function mediaApiRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const [call, type] of [
    [downImageCall, 'image'],
    [downVideoCall, 'video'],
  ] as const) {
    serve(app, ctx, call, async ({ input, request, reply }) => {
      const media = await resolveDownload(ctx, ownPath(input.url, request.headers.host), type);
      if (!media) throw codedError(404, 404, 'media_not_found');
      reply.header('Content-Disposition', attachment(media.filename));
      return sendMedia(request, reply, media, 'private, max-age=3600');
    });
  }
}
