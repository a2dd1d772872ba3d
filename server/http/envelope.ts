import { type Envelope, type FieldIssue, FORBIDDEN_MESSAGE, Status } from '#contract/envelope';
import { isValidationCode, type ValidationCode, validationMessages } from '#contract/validation-codes';

export const ok = <T>(data: T): Envelope<T> => ({ status: Status.ok, message: 'success', data });

type ErrorData = { issues?: FieldIssue[]; code?: ValidationCode; retryAfter?: number } | null;

/** A failure with its HTTP status, envelope status and message; the error handler turns it into an envelope. */
export class ApiError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly status: number,
    message: string,
    readonly data: ErrorData = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const issue = (path: string, code: string, message?: string): FieldIssue => ({
  path,
  code,
  message: message ?? (isValidationCode(code) ? validationMessages[code] : code),
});

/** One message for the toast: the first problem, naming its field. */
export const issuesMessage = (issues: FieldIssue[]): string => {
  const first = issues[0];
  return first ? `${first.path}: ${first.message}` : 'Invalid request';
};

export const badRequest = (issues: FieldIssue[]): ApiError =>
  new ApiError(400, Status.badRequest, issuesMessage(issues), { issues });

export const fieldError = (path: string, code: ValidationCode, message?: string): ApiError =>
  badRequest([issue(path, code, message)]);

/** A failure of the whole call (not one field), with its code for the app to translate. */
export const codedError = (httpStatus: number, status: number, code: ValidationCode): ApiError =>
  new ApiError(httpStatus, status, validationMessages[code], { code });

export const sessionExpired = (): ApiError =>
  new ApiError(401, Status.sessionExpired, 'Your session has expired, please log in again');

export const forbidden = (): ApiError => new ApiError(403, Status.banned, FORBIDDEN_MESSAGE);

export const notFound = (message = 'Not found'): ApiError => new ApiError(404, Status.notFound, message);

export const conflict = (code: ValidationCode): ApiError => codedError(409, Status.conflict, code);

export const tooManyRequests = (retryAfterSeconds: number): ApiError => {
  const retryAfter = Math.max(1, Math.ceil(retryAfterSeconds));
  return new ApiError(429, Status.tooManyRequests, `Too many attempts, try again in ${retryAfter} seconds`, {
    code: 'rate_limited',
    retryAfter,
  });
};

export const serviceUnavailable = (code: ValidationCode): ApiError => codedError(503, 503, code);
