import type { OutgoingHttpHeader, OutgoingHttpHeaders } from 'node:http';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { isApiPath } from './errors';

/** Only what the app needs: its own origin, data/blob images and media, https frames for external pages. */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  mediaSrc: ["'self'", 'blob:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  frameSrc: ['https:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * In demo mode the demo game provider's pages (its own process on loopback, plain http) open in the
 * game frame too; a real provider's pages are https.
 */
const DEMO_FRAME_SOURCES = ['http://127.0.0.1:*', 'http://localhost:*'];

export const helmetOptions = (demo: boolean) =>
  ({
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: demo
        ? { ...CSP_DIRECTIVES, frameSrc: [...CSP_DIRECTIVES.frameSrc, ...DEMO_FRAME_SOURCES] }
        : CSP_DIRECTIVES,
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xContentTypeOptions: true,
  }) as const;

/**
 * The headers @fastify/helmet sets with the options above, read once from a throwaway instance:
 * they depend on nothing in the request, and the plugin rebuilds its middleware on every request
 * (0.55x to 0.62x of the reference on a catalogue page, docs/perf.md). Reading them from helmet
 * itself keeps its values exact.
 */
async function helmetHeaders(demo: boolean): Promise<Array<[string, OutgoingHttpHeader]>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, helmetOptions(demo));
  let headers: OutgoingHttpHeaders = {};
  probe.addHook('onRequest', async (_request, reply) => {
    headers = reply.raw.getHeaders();
  });
  probe.get('/', async () => '');
  await probe.inject('/');
  await probe.close();
  return Object.entries(headers).filter(
    (entry): entry is [string, OutgoingHttpHeader] => entry[1] !== undefined,
  );
}

export async function registerSecurityHeaders(app: FastifyInstance, demo: boolean): Promise<void> {
  const headers = await helmetHeaders(demo);
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    // API answers carry tokens, balances and account data: no browser or shared cache may keep one
    // unless its route chose a policy of its own (a route's own cache-control replaces this one).
    if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
    done();
  });
}
