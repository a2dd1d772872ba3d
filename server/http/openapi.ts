import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Call } from '#contract/call';
import { IDEMPOTENCY_KEY_HEADER } from '#contract/call';
import './serve';

export const OPENAPI_PATH = '/api/docs';

const callOf = (config: unknown): Call | undefined => (config as { call?: Call } | undefined)?.call;

function describe(call: Call): Record<string, unknown> {
  const tag = call.path.split('/')[1] ?? 'api';
  const signedIn = call.access !== 'public';
  const operator = typeof call.access === 'object' ? call.access.operator : undefined;
  const who =
    call.access === 'public'
      ? 'Anyone.'
      : call.access === 'optionalUser'
        ? 'Anyone; answered per user when a token is sent.'
        : operator
          ? `Operators allowed to ${operator.action} the resource "${operator.resource}" (their sites' records), second factor passed.`
          : 'A signed-in user.';
  return {
    tags: [tag],
    operationId: call.path.slice(1).replaceAll('/', '_'),
    description: `${who}${call.movesMoney ? ` Moves money: send a fresh ${IDEMPOTENCY_KEY_HEADER} per action, the same one on a retry.` : ''}${call.upload ? ` Body: multipart/form-data, the file in the part "${call.upload.field}" (at most ${call.upload.maxBytes} bytes) beside the text fields.` : ''}`,
    ...(call.upload && { consumes: ['multipart/form-data'] }),
    ...(signedIn && { security: [{ bearer: [] }] }),
  };
}

/**
 * The OpenAPI document of the API, generated from the routes' contract declarations (decision 0015) and
 * served at /api/docs for providers and operators who integrate with Beacon. Routes outside /api (pages,
 * media, the manifest) are not part of it.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Beacon API',
        version: '1',
        description:
          'Every answer is the envelope { status, message, data } (status 200 is success); the schemas below describe data. Times are epoch milliseconds; money is a decimal with at most 2 decimals.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'tokenHead + token' } },
      },
    },
    transform: (doc) => {
      const { schema, url } = jsonSchemaTransform(doc);
      const call = callOf(doc.route.config);
      const hide = !url.startsWith('/api/') || url === OPENAPI_PATH;
      const headers = call?.movesMoney
        ? {
            type: 'object',
            required: [IDEMPOTENCY_KEY_HEADER],
            properties: { [IDEMPOTENCY_KEY_HEADER]: { type: 'string', pattern: '^[\\x21-\\x7e]{1,100}$' } },
          }
        : undefined;
      return {
        url,
        schema: {
          ...(schema as FastifySchema),
          ...(call && describe(call)),
          ...(headers && { headers }),
          ...(hide && { hide: true }),
        } as FastifySchema,
      };
    },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}
