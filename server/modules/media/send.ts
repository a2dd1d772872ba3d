import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Range = { start: number; end: number } | 'unsatisfiable' | null;

/** One `bytes=` range (first-last, first-, or -suffix); several ranges are answered whole. */
export function parseRange(header: string | undefined, size: number): Range {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return null;
  const [, a = '', b = ''] = m;
  if (a === '' && b === '') return null;
  if (a === '') {
    const suffix = Number(b);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(a);
  const end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/** Streams a file, honouring a byte range (206) so players can seek. */
export async function sendFileWithRanges(
  request: FastifyRequest,
  reply: FastifyReply,
  filePath: string,
  contentType: string,
): Promise<FastifyReply> {
  const { size, mtime } = await stat(filePath);
  reply.header('Accept-Ranges', 'bytes');
  reply.header('Last-Modified', mtime.toUTCString());
  reply.type(contentType);
  const range = parseRange(request.headers.range, size);
  if (range === 'unsatisfiable') {
    reply.header('Content-Range', `bytes */${size}`);
    return reply.code(416).send();
  }
  if (range) {
    reply.code(206);
    reply.header('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
    reply.header('Content-Length', String(range.end - range.start + 1));
    return reply.send(createReadStream(filePath, range));
  }
  reply.header('Content-Length', String(size));
  return reply.send(createReadStream(filePath));
}

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form. */
export const attachment = (filename: string): string =>
  `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
