import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { locales, config as zodConfig } from 'zod';
import type { FieldIssue } from '#contract/envelope';
import { Status } from '#contract/envelope';
import { isValidationCode } from '#contract/validation-codes';
import { ApiError, badRequest, issue } from './envelope';

// The contract is built with zod/mini, which sets no locale; toFieldIssues reads zod's English messages.
zodConfig(locales.en());

type ZodValidationItem = { keyword: string; instancePath: string; message?: string };

/** Map zod issues to stable codes: the contract's own codes pass through, generic zod failures get a generic code. */
export function toFieldIssues(items: ZodValidationItem[]): FieldIssue[] {
  const seen = new Set<string>();
  const issues: FieldIssue[] = [];
  for (const item of items) {
    const path = item.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
    if (seen.has(path)) continue; // one problem per field: the first one zod found
    seen.add(path);
    const raw = item.message ?? '';
    if (isValidationCode(raw)) {
      issues.push(issue(path, raw));
    } else if (item.keyword === 'invalid_type') {
      issues.push(issue(path, /received undefined|received null/.test(raw) ? 'required' : 'invalid_type'));
    } else if (item.keyword === 'too_big') {
      issues.push(issue(path, 'too_long'));
    } else {
      issues.push(issue(path, item.keyword || 'invalid', raw || 'This field is invalid'));
    }
  }
  return issues;
}

export function sendApiError(reply: FastifyReply, err: ApiError): FastifyReply {
  if (err.data?.retryAfter !== undefined) reply.header('Retry-After', String(err.data.retryAfter));
  return reply.code(err.httpStatus).send({ status: err.status, message: err.message, data: err.data });
}

export const isApiPath = (url: string): boolean =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

const FRAMEWORK_ERRORS: Record<string, { http: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { http: 400, message: 'Malformed JSON body' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { http: 400, message: 'Malformed JSON body' },
  FST_ERR_CTP_BODY_TOO_LARGE: { http: 413, message: 'Request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { http: 415, message: 'Unsupported content type, send application/json' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { http: 400, message: 'Invalid Content-Length' },
};

export function registerErrorHandling(
  app: FastifyInstance,
  notFound: (req: FastifyRequest, reply: FastifyReply) => unknown,
) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof ApiError) return sendApiError(reply, err);
    if (hasZodFastifySchemaValidationErrors(err)) {
      return sendApiError(reply, badRequest(toFieldIssues(err.validation)));
    }
    const known = err.code ? FRAMEWORK_ERRORS[err.code] : undefined;
    if (known) return sendApiError(reply, new ApiError(known.http, known.http, known.message));
    if (err instanceof SyntaxError && err.statusCode === 400) {
      return sendApiError(reply, new ApiError(400, Status.badRequest, 'Malformed JSON body'));
    }
    if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      request.log.info({ err }, 'client error');
      return sendApiError(reply, new ApiError(err.statusCode, err.statusCode, 'Bad request'));
    }
    request.log.error({ err }, 'unexpected error');
    return sendApiError(reply, new ApiError(500, Status.serverError, 'Internal server error'));
  });
  app.setNotFoundHandler(notFound);
}
