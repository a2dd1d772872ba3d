import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preValidationHookHandler,
} from 'fastify';
import type { z } from 'zod/mini';
import {
  type Access,
  ADMIN_PATH_PREFIX,
  type Call,
  EMPTY_BODY,
  type ParsedInput,
  type UploadSpec,
} from '#contract/call';
import { envelopeSchema } from '#contract/envelope';
import type { AppContext } from '../context';
import type { AuditActor } from '../modules/audit/service';
import type { Authenticated } from '../modules/auth/service';
import type { Operator } from '../modules/operators/service';
import { optionalUser, requireOperator, requireUser } from './auth';
import { ok } from './envelope';
import { idempotencyKeyOf } from './idempotency';
import { acceptMultipart, parseUploadFields, readUpload, type UploadedFile } from './upload';

/** The session a handler gets: none for public calls, maybe one for optionalUser, always one otherwise. */
export type AuthFor<A extends Access> = A extends 'public'
  ? null
  : A extends 'optionalUser'
    ? Authenticated | null
    : A extends 'user'
      ? Authenticated
      : OperatorAuth;

/** An operator's call: the session, the operator's grants, and who acts from where (for the audit log). */
export interface OperatorAuth extends Authenticated {
  operator: Operator;
  actor: AuditActor;
}

/** The handler's `auth`: an operator's call gets the operator and the audit actor beside the session. */
function authFor(request: FastifyRequest): Authenticated | OperatorAuth | null {
  const { auth, operator } = request;
  if (!auth || !operator) return auth;
  const userAgent = request.headers['user-agent'] ?? '';
  return { ...auth, operator, actor: { userId: auth.user.id, ip: request.ip, userAgent } };
}

export interface CallContext<C extends Call> {
  /** The parsed body (POST) or query (GET). */
  input: ParsedInput<C>;
  auth: AuthFor<C['access']>;
  request: FastifyRequest;
  reply: FastifyReply;
  /** An upload call's file (server/http/upload.ts); absent for every other call. */
  file: C['upload'] extends UploadSpec ? UploadedFile : undefined;
}

/** What a handler answers: the envelope's data (a raw call sends its answer itself and returns the reply). */
export type Handler<C extends Call> = (call: CallContext<C>) => Promise<HandlerAnswer<C>> | HandlerAnswer<C>;
type HandlerAnswer<C extends Call> = C['raw'] extends true ? unknown : z.input<C['answer']>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The declaration a route was registered from (the OpenAPI document and its test read it). */
    call?: Call;
  }
}

function accessHooks(ctx: AppContext, access: Access): onRequestHookHandler[] {
  if (access === 'public') return [];
  if (access === 'optionalUser') return [optionalUser(ctx)];
  if (access === 'user') return [requireUser(ctx)];
  return [requireOperator(ctx, access.operator)];
}

/**
 * A POST that takes nothing may be sent no body at all: that is nothing, so it is checked as `{}` (Fastify
 * hands a schema `null` for a missing body, which must stay refused when it is sent as the body).
 */
const noBodyAsEmpty: preValidationHookHandler = async (request) => {
  if (request.body === undefined) request.body = {};
};

/** Every /admin path is an operator's call and every operator's call is under /admin: one gated area. */
function assertAdminArea(call: Call): void {
  const isAdminPath = call.path.startsWith(ADMIN_PATH_PREFIX);
  const isOperatorCall = typeof call.access === 'object';
  if (isAdminPath !== isOperatorCall)
    throw new Error(`${call.path}: /admin paths, and only they, are operator calls`);
}

/**
 * Registers a declared call: its input is validated by the contract before the handler runs (400 with
 * field issues otherwise; a POST without declared input takes EMPTY_BODY), access is checked first thing on the request (onRequest, before the body is
 * read), a money call must carry its Idempotency-Key, and the handler's answer is wrapped in the envelope
 * and serialised through the answer schema.
 */
export function serve<C extends Call>(
  app: FastifyInstance,
  ctx: AppContext,
  call: C,
  handler: Handler<C>,
): void {
  assertAdminArea(call);
  // A POST that declares no input still has its body checked: an empty object, nothing else (issue 31).
  const input = call.input ?? (call.method === 'POST' ? EMPTY_BODY : undefined);
  app.route({
    method: call.method,
    url: call.path,
    config: { call },
    onRequest: accessHooks(ctx, call.access),
    ...(input === EMPTY_BODY && { preValidation: noBodyAsEmpty }),
    schema: {
      // An upload's fields are checked once its multipart body is read (parseUploadFields).
      ...(input && !call.upload && (call.method === 'GET' ? { querystring: input } : { body: input })),
      ...(call.raw ? {} : { response: { 200: envelopeSchema(call.answer) } }),
    },
    handler: async (request, reply) => {
      if (call.movesMoney) idempotencyKeyOf(request);
      let payload = call.method === 'GET' ? request.query : request.body;
      let file: UploadedFile | undefined;
      if (call.upload) {
        const upload = await readUpload(request, call.upload);
        payload = parseUploadFields(call, upload.fields);
        file = upload.file;
      }
      const answer = await handler({
        input: payload as ParsedInput<C>,
        auth: authFor(request) as AuthFor<C['access']>,
        request,
        reply,
        file: file as CallContext<C>['file'],
      });
      return call.raw ? answer : ok(answer);
    },
  });
}

/** Registers an upload call: serve() in a scope of its own where multipart bodies are parsed, within its limits. */
export function serveUpload<C extends Call & { upload: UploadSpec }>(
  app: FastifyInstance,
  ctx: AppContext,
  call: C,
  handler: Handler<C>,
): void {
  app.register(async (scope) => {
    await acceptMultipart(scope, call.upload);
    serve(scope, ctx, call, handler);
  });
}
