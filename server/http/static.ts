import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';
const SHORT = 'public, max-age=3600';

/** Hashed build output never changes; the shell and the service worker must revalidate every time. */
export function cacheControlFor(relativePath: string): string {
  // A precompressed copy (index.html.br) is cached like the file it stands for.
  const p = relativePath
    .replaceAll('\\', '/')
    .replace(/^\/+/, '')
    .replace(/\.(br|gz)$/, '');
  if (p.startsWith('assets/')) return IMMUTABLE;
  const base = path.posix.basename(p);
  if (base === 'index.html' || base === 'sw.js' || base.endsWith('.webmanifest')) return NO_CACHE;
  return SHORT;
}

export const staticDirExists = (dir: string): boolean => existsSync(dir) && statSync(dir).isDirectory();

/** A source map (or its precompressed copy): the app's original source, comments and all. */
export const isSourceMap = (pathname: string): boolean => /\.map(\.(br|gz))?$/i.test(pathname);

/**
 * Serves the built app from `root`; unknown paths fall through to the app's not-found handler, and so
 * do source maps unless `serveSourceMaps` (the build keeps them for debugging a deployment).
 */
export async function registerStatic(
  app: FastifyInstance,
  root: string,
  opts: { serveSourceMaps: boolean },
): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: true,
    index: ['index.html'],
    cacheControl: false,
    preCompressed: true,
    allowedPath: (pathname) => opts.serveSourceMaps || !isSourceMap(pathname),
    setHeaders: (res, filePath) => {
      res.setHeader('Cache-Control', cacheControlFor(path.relative(root, filePath)));
    },
  });
}

/** A navigation the app should answer with its shell (it renders its own not-found page). */
export function isSpaNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '';
  if (pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/s/')) return false;
  const last = pathname.split('/').pop() ?? '';
  if (last.includes('.')) return false;
  return (request.headers.accept ?? '').includes('text/html');
}

export function sendAppShell(reply: FastifyReply): FastifyReply {
  reply.header('Cache-Control', NO_CACHE);
  return reply.type('text/html; charset=utf-8').sendFile('index.html');
}

export const NOT_BUILT_MESSAGE =
  'The app has not been built. Run `npm run build`, then restart the server (API calls under /api work already).';
