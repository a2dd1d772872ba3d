import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Call, UploadSpec } from '#contract/call';
import { Status } from '#contract/envelope';
import { validationMessages } from '#contract/validation-codes';
import { ApiError, badRequest, fieldError, issue } from './envelope';
import { toFieldIssues } from './errors';

/*
 * Upload calls (a declaration with `upload`): multipart/form-data is parsed only on their routes, in a
 * scope of their own, with every limit set, so no other route accepts a multipart body.
 */

/** The file as it arrived: its bytes, and the sender's name and type for it (never trusted). */
export interface UploadedFile {
  bytes: Buffer;
  filename: string;
  mimetype: string;
}

/** Text fields beside the file: few and short. */
const FIELD_LIMITS = { fields: 8, fieldSize: 1024, fieldNameSize: 64, headerPairs: 50 };

const tooMany = () => new ApiError(413, 413, validationMessages.upload_invalid, { code: 'upload_invalid' });

/** The request's text fields and its one file; a limit passed or a missing file is a clear 4xx. */
export async function readUpload(
  request: FastifyRequest,
  spec: UploadSpec,
): Promise<{ fields: Record<string, string>; file: UploadedFile }> {
  if (!request.isMultipart())
    throw new ApiError(415, 415, validationMessages.upload_invalid, { code: 'upload_invalid' });
  const fields: Record<string, string> = {};
  let file: UploadedFile | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      // Read to the end either way: an unread file part stalls the stream.
      const bytes = await part.toBuffer();
      if (part.fieldname !== spec.field) throw fieldError(part.fieldname, 'upload_invalid');
      file = { bytes, filename: part.filename, mimetype: part.mimetype };
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new ApiError(413, 413, validationMessages.file_too_large, {
        issues: [issue(spec.field, 'file_too_large')],
      });
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw tooMany();
    throw new ApiError(400, Status.badRequest, validationMessages.upload_invalid, { code: 'upload_invalid' });
  }
  if (!file || file.bytes.length === 0) throw fieldError(spec.field, 'file_required');
  return { fields, file };
}

/** The text fields checked by the declaration's input schema: 400 with field issues as for JSON calls. */
export function parseUploadFields<C extends Call>(call: C, fields: Record<string, string>): unknown {
  if (!call.input) return {};
  const parsed = call.input.safeParse(fields);
  if (parsed.success) return parsed.data;
  throw badRequest(
    toFieldIssues(
      parsed.error.issues.map((i) => ({
        keyword: i.code,
        instancePath: `/${i.path.join('/')}`,
        message: i.message,
      })),
    ),
  );
}

/** Lets `scope` parse multipart bodies within the upload's limits (serveUpload() calls it). */
export async function acceptMultipart(scope: FastifyInstance, spec: UploadSpec): Promise<void> {
  await scope.register(multipart, {
    limits: { ...FIELD_LIMITS, files: 1, parts: FIELD_LIMITS.fields + 1, fileSize: spec.maxBytes },
    throwFileSizeLimit: true,
  });
}
