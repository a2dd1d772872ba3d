import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Call } from '#contract/call';
import { IDEMPOTENCY_KEY_HEADER } from '#contract/call';
import {
  COMPONENTS,
  completeOperation,
  isSandboxCallback,
  type OpenApiObject,
  uniqueOperationIds,
} from './openapi-document';
import './serve';

export const OPENAPI_PATH = '/api/docs';

const callOf = (config: unknown): Call | undefined => (config as { call?: Call } | undefined)?.call;

function describe(call: Call): Record<string, unknown> {
  const tag = call.path.split('/')[1] ?? 'api';
  const operator = typeof call.access === 'object' ? call.access.operator : undefined;
  const who =
    call.access === 'public'
      ? 'Anyone.'
      : call.access === 'optionalUser'
        ? 'Anyone; answered per user when a token is sent (a dead token is still refused with 996).'
        : operator
          ? `Operators allowed to ${operator.action} the resource "${operator.resource}" (their sites' records), second factor passed.`
          : 'A signed-in user.';
  const signed = isSandboxCallback(call)
    ? ' Signed by the payment provider in the body: sign is the hex HMAC-SHA256 of the other fields with the sandbox secret; a bad signature is refused (400 signature_invalid).'
    : '';
  return {
    tags: [tag],
    description: `${who}${signed}${call.movesMoney ? ` Moves money: send a fresh ${IDEMPOTENCY_KEY_HEADER} per action, the same one on a retry.` : ''}${call.upload ? ` Body: multipart/form-data, the file in the part "${call.upload.field}" (at most ${call.upload.maxBytes} bytes) beside the text fields.` : ''}`,
  };
}

const TAGS: Record<string, string> = {
  admin: 'The operator console (operators only, second factor passed).',
  agent: 'The agent programme: links, team, commission.',
  appcard: "The promoter's short-video account card.",
  bonus: 'Bonuses: offers, turnover requirements, claims and what a withdrawal forfeits.',
  cp: 'Notices.',
  cplogin: 'Sign-in, registration and password reset.',
  dev: 'Demo mode only: the dev SMS outbox and clock.',
  doucps: 'Catalogue 2: short-video demands.',
  games: 'Games, and the seamless wallet calls game providers make.',
  gen: 'Short links.',
  mainview: 'Home: sites, banners, help pages.',
  messages: "The player's messages.",
  protection: 'Responsible gaming: limits, blocks, reality checks.',
  push: 'Web push subscriptions.',
  spin: 'The lucky spin.',
  uid: 'The agent programme (spec paths).',
  user: 'The signed-in user.',
  wallet: 'Balance, deposits, withdrawals, the safe, records, and the payment sandbox.',
  wxcps: 'Catalogue 1: apps to promote.',
};

/** A route's path as the document writes it: Fastify's `:provider` is OpenAPI's `{provider}`. */
export const openApiPath = (url: string): string => url.replace(/:(\w+)/g, '{$1}');

/** The path parameters of a route, for the document (each a string the handler reads itself). */
function pathParams(url: string): Record<string, unknown> | undefined {
  const names = [...url.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
  if (names.length === 0) return undefined;
  return {
    type: 'object',
    required: names,
    properties: Object.fromEntries(
      names.map((n) => [
        n,
        { type: 'string', minLength: 1, maxLength: 32, description: "The provider's code in Beacon." },
      ]),
    ),
  };
}

/**
 * The OpenAPI document of the API, generated from the routes' contract declarations (decision 0015) and
 * served at /api/docs for providers and operators who integrate with Beacon. Routes outside /api (pages,
 * media, the manifest) are not part of it; the dev calls are only registered, so only listed, in demo mode.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  // The call of each documented operation, for the whole-document pass below.
  const calls = new Map<string, Call>();
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Beacon API',
        version: '1',
        description:
          "Every answer is the envelope { status, message, data } (status 200 is success; errors keep the same shape, see each call's responses), except the game providers' seamless calls and the few pages and files marked so. Times are epoch milliseconds; money is a decimal with at most 2 decimals.",
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: '/', description: 'The server this document was read from.' }],
      tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
      // Plain JSON Schema 2020-12 objects, which the plugin's OpenAPI 3.0-leaning types do not all admit.
      components: COMPONENTS as never,
    },
    transform: (doc) => {
      const { schema, url } = jsonSchemaTransform(doc);
      const call = callOf(doc.route.config);
      const hide = !url.startsWith('/api/') || url === OPENAPI_PATH;
      if (call && !hide)
        for (const method of [doc.route.method].flat())
          calls.set(`${method.toLowerCase()} ${openApiPath(url)}`, call);
      const params = pathParams(url);
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
          ...(params && { params }),
          ...(hide && { hide: true }),
        } as FastifySchema,
      };
    },
    transformObject: (documentObject) => {
      const doc = (
        'openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject
      ) as OpenApiObject;
      for (const [path, ops] of Object.entries(doc.paths ?? {}))
        for (const [method, op] of Object.entries(ops)) {
          const call = calls.get(`${method} ${path}`);
          if (call) ops[method] = completeOperation(call, op);
        }
      uniqueOperationIds(doc);
      return doc as never;
    },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}
