import type { Call } from '#contract/call';
import { IDEMPOTENCY_KEY_HEADER } from '#contract/call';
import { Status } from '#contract/envelope';
import { EVOLUTION_AUTH_PARAM, EVOLUTION_CALLS } from '#contract/game-evolution';
import { HUB88_CALLS, HUB88_SIGNATURE_HEADER } from '#contract/game-hub88';
import {
  PROVIDER_HEADER,
  SEAMLESS_CALLS,
  SIGNATURE_HEADER,
  SIGNATURE_WINDOW_SECONDS,
  TIMESTAMP_HEADER,
} from '#contract/game-provider';
import { sandboxCallbackCall } from '#contract/wallet';

/*
 * What the document says beyond each route's schemas (server/http/openapi.ts builds it): who may call and
 * how they prove it, every error answer the server really sends (server/http/errors.ts, auth.ts,
 * envelope.ts), the bodies as closed objects, summaries and unique operation ids. Read by Redocly in
 * `npm test` and by Prism in front of the real server (tests/server/openapi/).
 */

type Json = Record<string, unknown>;
type Operation = Json & {
  operationId?: string;
  summary?: string;
  parameters?: Json[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Json }> };
  responses?: Record<string, Json>;
};
export interface OpenApiObject extends Json {
  paths?: Record<string, Record<string, Operation>>;
  components?: Json;
}

/** The seamless wallet calls game providers make (docs/games-protocol.md): signed, answered in their own shape. */
const SEAMLESS_CALL_SET: ReadonlySet<Call> = new Set(Object.values(SEAMLESS_CALLS));
/**
 * The aggregators' wallet calls (decision 0054): each proven in the aggregator's own way (its security
 * scheme), every answer HTTP 200 in its own shape (malformed calls too), and bodies open to fields it adds
 * (ignored), as aggregators add them without a new version.
 */
interface Aggregator {
  scheme: string;
  answer: string;
}
const AGGREGATOR_OF = new Map<Call, Aggregator>([
  ...Object.values(HUB88_CALLS).map((c): [Call, Aggregator] => [
    c,
    {
      scheme: 'hub88Signature',
      answer:
        "Hub88's answer: an RS_* status, the request's request_uuid, and the balance in 1/100,000 of the currency wherever the player is known (malformed calls too: RS_ERROR_WRONG_SYNTAX).",
    },
  ]),
  ...Object.values(EVOLUTION_CALLS).map((c): [Call, Aggregator] => [
    c,
    {
      scheme: 'evolutionToken',
      answer:
        "Evolution's answer: a One Wallet status, the request's uuid, and the balance and bonus as decimal numbers of the currency wherever the player is known (malformed calls too: INVALID_PARAMETER).",
    },
  ]),
]);

/** Keys the app adds to every body it sends when it was opened with them (spec section 7); dropped unread. */
const PASSTHROUGH_PROPERTIES = {
  packagename: { type: 'string', description: 'Passed through from the app link; ignored.' },
  appsflyer_id: { type: 'string', description: 'Passed through from the app link; ignored.' },
};

const errorEnvelope = (statuses: readonly number[], description: string): Json => ({
  description,
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['status', 'message', 'data'],
        additionalProperties: false,
        properties: {
          status:
            statuses.length === 1
              ? { type: 'integer', const: statuses[0] }
              : { type: 'integer', enum: statuses },
          message: { type: 'string' },
          data: { $ref: '#/components/schemas/ErrorData' },
        },
      },
    },
  },
});

const RETRY_AFTER = {
  schema: { type: 'integer', minimum: 1 },
  description: 'Seconds until the caller may try again.',
};

/** The shared pieces every operation refers to. */
export const COMPONENTS = {
  securitySchemes: {
    bearer: {
      type: 'http',
      scheme: 'bearer',
      description:
        'The session token login answers (tokenHead + token). A dead token answers 401 with status 996.',
    },
    providerSignature: {
      type: 'apiKey',
      in: 'header',
      name: SIGNATURE_HEADER,
      description: `Game providers' seamless wallet calls: hex HMAC-SHA256, with the provider's secret, of \`<${TIMESTAMP_HEADER}>.<raw body>\`; the timestamp (epoch seconds) within ${SIGNATURE_WINDOW_SECONDS} s of the server's clock; the provider named by ${PROVIDER_HEADER}. Answers are signed the same way. An unsigned or wrongly signed call is answered 200 { status: "INVALID_SIGNATURE" }.`,
    },
    hub88Signature: {
      type: 'apiKey',
      in: 'header',
      name: HUB88_SIGNATURE_HEADER,
      description: `Hub88's wallet calls (docs.hub88.io, Operator API): base64 RSA-SHA256 (PKCS #1 v1.5) of the raw body with Hub88's private key, checked with the public keys configured for the provider named in the path (two during a rotation). A call whose signature does not check is answered 200 { status: "RS_ERROR_INVALID_SIGNATURE", request_uuid }.`,
    },
    evolutionToken: {
      type: 'apiKey',
      in: 'query',
      name: EVOLUTION_AUTH_PARAM,
      description: `Evolution's One Wallet calls: the authentication token agreed with Evolution for the provider named in the path (two during a rotation), in the query. A call without it, or with another, is answered 200 { status: "INVALID_TOKEN_ID", uuid }.`,
    },
  },
  schemas: {
    FieldIssue: {
      type: 'object',
      required: ['path', 'code', 'message'],
      additionalProperties: false,
      properties: {
        path: { type: 'string', description: 'The field, dotted; "body" for the body as a whole.' },
        code: {
          type: 'string',
          description: 'A stable key the app translates (contract/validation-codes.ts).',
        },
        message: { type: 'string' },
      },
    },
    ErrorData: {
      type: ['object', 'null'],
      additionalProperties: false,
      properties: {
        issues: { type: 'array', items: { $ref: '#/components/schemas/FieldIssue' } },
        code: { type: 'string', description: 'A stable key for a failure not about one field.' },
        retryAfter: { type: 'integer', minimum: 0, description: 'Seconds until the caller may try again.' },
      },
    },
    ProviderError: {
      type: 'object',
      required: ['status'],
      properties: { status: { type: 'string', const: 'INVALID_REQUEST' }, message: { type: 'string' } },
    },
  },
  responses: {
    BadRequest: errorEnvelope(
      [Status.badRequest],
      'The body or query is not what the call takes (data.issues names each field; "body" when it is not a JSON object), the JSON is malformed, or a rule refused it (data.code).',
    ),
    SessionExpired: errorEnvelope(
      [Status.sessionExpired],
      'No token, or a missing, expired or revoked one: status 996, the app logs out.',
    ),
    Forbidden: errorEnvelope(
      [Status.banned, 403],
      'Status 999 (message "forbidden"): the account is banned. Status 403 on /admin calls: not an operator, second factor not passed, or no grant for the call (data.code).',
    ),
    PayloadTooLarge: errorEnvelope([413], 'The body is larger than the call takes (64 KiB for JSON).'),
    UnsupportedMediaType: errorEnvelope(
      [415],
      'The body is not application/json (nor multipart/form-data for an upload).',
    ),
    IdempotencyKeyReused: errorEnvelope(
      [Status.unprocessable],
      `The ${IDEMPOTENCY_KEY_HEADER} was used before for another request (data.code idempotency_key_reused).`,
    ),
    ServerError: errorEnvelope([Status.serverError], 'An unexpected failure.'),
    OtherError: {
      ...errorEnvelope(
        [Status.notFound, Status.conflict, Status.unprocessable, Status.tooManyRequests, 503],
        "A failure of this call's own rules, with data.code: 404 not found, 409 conflict, 422 refused, 429 too many attempts (data.retryAfter, and the Retry-After header), 503 a service it needs is unavailable.",
      ),
      headers: { 'Retry-After': RETRY_AFTER },
    },
    ProviderBadRequest: {
      description: "A malformed call (after a valid signature): the protocol's INVALID_REQUEST.",
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ProviderError' } } },
    },
  },
};

const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });

function securityOf(call: Call): Json[] {
  if (SEAMLESS_CALL_SET.has(call)) return [{ providerSignature: [] }];
  const aggregator = AGGREGATOR_OF.get(call);
  if (aggregator) return [{ [aggregator.scheme]: [] }];
  if (call.access === 'public') return [];
  if (call.access === 'optionalUser') return [{}, { bearer: [] }];
  return [{ bearer: [] }];
}

/** The error answers a call can get: what the framework, the hooks and the envelope send, then its own. */
function errorResponses(call: Call): Record<string, Json> {
  const takesToken = call.access !== 'public';
  const hasBody = call.method === 'POST';
  const responses: Record<string, Json> = {};
  // An aggregator reads only HTTP 200 answers: a malformed call of its is answered 200 in its own shape.
  const answersBadRequest = !AGGREGATOR_OF.has(call) && Boolean(call.input || hasBody || call.movesMoney);
  if (SEAMLESS_CALL_SET.has(call)) responses['400'] = ref('ProviderBadRequest');
  else if (answersBadRequest) responses['400'] = ref('BadRequest');
  if (takesToken) {
    responses['401'] = ref('SessionExpired');
    responses['403'] = ref('Forbidden');
  }
  if (hasBody) {
    responses['413'] = ref('PayloadTooLarge');
    responses['415'] = ref('UnsupportedMediaType');
  }
  if (call.movesMoney) responses['422'] = ref('IdempotencyKeyReused');
  responses['500'] = ref('ServerError');
  responses.default = ref('OtherError');
  return responses;
}

/** Every object of a body closed to other keys (the passthrough keys named), through unions. */
function closeBody(schema: Json): Json {
  for (const key of ['oneOf', 'anyOf'] as const) {
    const variants = schema[key];
    if (Array.isArray(variants)) return { ...schema, [key]: variants.map((v) => closeBody(v as Json)) };
  }
  if (schema.type !== 'object' || schema.additionalProperties !== undefined) return schema;
  return {
    ...schema,
    properties: { ...PASSTHROUGH_PROPERTIES, ...(schema.properties as Json | undefined) },
    additionalProperties: false,
  };
}

const operationIdOf = (call: Call): string =>
  call.path
    .slice(1)
    .split(/[/-]/)
    .map((part, i) => (i === 0 ? part : `${part.charAt(0).toUpperCase()}${part.slice(1)}`))
    .join('');

function rawAnswer(call: Call, doc: Operation): Json {
  const ok = doc.responses?.['200'] ?? {};
  if (SEAMLESS_CALL_SET.has(call))
    return { ...ok, description: `The protocol's answer, signed (${SIGNATURE_HEADER}).` };
  const aggregator = AGGREGATOR_OF.get(call);
  if (aggregator) return { ...ok, description: aggregator.answer };
  if (call.path === '/admin/audit/export')
    return {
      description: 'The rows as CSV, an attachment.',
      content: { 'text/csv': { schema: { type: 'string' } } },
    };
  if (call.path.startsWith('/wxcps/down'))
    return {
      description: 'The file, an attachment.',
      content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
    };
  return { description: 'An HTML page.', content: { 'text/html': { schema: { type: 'string' } } } };
}

/** The headers of a seamless call, beside its signature (the security scheme). */
const SEAMLESS_HEADERS: Json[] = [
  {
    in: 'header',
    name: PROVIDER_HEADER,
    required: true,
    description: "The provider's code, as configured in Beacon.",
    schema: { type: 'string', minLength: 1, maxLength: 64 },
  },
  {
    in: 'header',
    name: TIMESTAMP_HEADER,
    required: true,
    description: `Epoch seconds, within ${SIGNATURE_WINDOW_SECONDS} s of the server's clock; signed with the body.`,
    schema: { type: 'string', pattern: '^[0-9]{1,12}$' },
  },
];

/**
 * Completes one operation of the generated document from the call it was registered from. The route's own
 * schemas (body, query, answer) are already there, converted from the contract by fastify-type-provider-zod.
 */
export function completeOperation(call: Call, doc: Operation): Operation {
  // The summary is the declaration's own, written by hand (the document test refuses an operation without).
  const out: Operation = { ...doc, summary: call.summary, operationId: operationIdOf(call) };
  out.security = securityOf(call);
  if (SEAMLESS_CALL_SET.has(call)) out.parameters = [...(doc.parameters ?? []), ...SEAMLESS_HEADERS];
  const body = doc.requestBody?.content['application/json'];
  if (body && !AGGREGATOR_OF.has(call))
    out.requestBody = {
      ...doc.requestBody,
      content: { 'application/json': { schema: closeBody(body.schema) } },
    };
  if (call.upload) {
    out.requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: [call.upload.field],
            properties: {
              [call.upload.field]: {
                type: 'string',
                format: 'binary',
                description: `At most ${call.upload.maxBytes} bytes.`,
              },
            },
          },
        },
      },
    };
  }
  const ok = doc.responses?.['200'];
  out.responses = {
    '200': call.raw
      ? rawAnswer(call, doc)
      : { ...ok, description: 'Success: the envelope with status 200, its data as below.' },
    ...errorResponses(call),
  };
  return out;
}

/** Ids made unique across the document: the second operation of a path (a page's GET and its POST) says its method. */
export function uniqueOperationIds(doc: OpenApiObject): void {
  const seen = new Set<string>();
  for (const ops of Object.values(doc.paths ?? {}))
    for (const [method, op] of Object.entries(ops)) {
      if (!op.operationId) continue;
      if (seen.has(op.operationId))
        op.operationId = `${op.operationId}${method.charAt(0).toUpperCase()}${method.slice(1)}`;
      seen.add(op.operationId);
    }
}

export const isSandboxCallback = (call: Call): boolean => call === sandboxCallbackCall;
