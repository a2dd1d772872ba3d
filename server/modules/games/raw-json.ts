import type { FastifyInstance } from 'fastify';

/**
 * A provider call's JSON parsed in a scope of its own, its exact bytes kept in `request.rawBody` for the
 * signature that covers them (every wire's: Beacon's HMAC, Hub88's RSA); a body that is not JSON is a 400 the
 * scope's error handler answers in its wire's shape.
 */
export function keepRawJson(scope: FastifyInstance): void {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = String(body);
    try {
      done(null, JSON.parse(String(body)));
    } catch {
      done(Object.assign(new Error('The body is not JSON'), { statusCode: 400 }), undefined);
    }
  });
}
