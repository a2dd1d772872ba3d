import type { FastifyInstance, FastifyReply } from 'fastify';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER } from '#contract/game-provider';
import { signedHeaders } from './signing';

/**
 * Bodies stay raw bytes: a signature covers the exact bytes sent, so they are checked before (and
 * parsed after) anything else. Each route parses with readJson.
 */
export function keepRawJsonBodies(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
}

export function rawBody(body: unknown): Buffer {
  return Buffer.isBuffer(body) ? body : Buffer.alloc(0);
}

/** The parsed JSON of a raw body; undefined when it is not JSON. */
export function readJson(body: unknown): unknown {
  try {
    return JSON.parse(rawBody(body).toString('utf8'));
  } catch {
    return undefined;
  }
}

/** Sends an answer signed with the shared secret; the signature covers exactly the bytes sent. */
export function sendSigned(
  reply: FastifyReply,
  secret: string,
  answer: unknown,
  httpStatus = 200,
): FastifyReply {
  const body = JSON.stringify(answer);
  const { timestamp, signature } = signedHeaders(secret, body);
  return reply
    .code(httpStatus)
    .type('application/json; charset=utf-8')
    .header(TIMESTAMP_HEADER, timestamp)
    .header(SIGNATURE_HEADER, signature)
    .send(body);
}
