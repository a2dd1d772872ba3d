import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import type { z } from 'zod/mini';
import {
  type Call,
  type CallAnswer,
  type CallInput,
  DEVICE_HEADER,
  IDEMPOTENCY_KEY_HEADER,
  type UploadSpec,
} from '#contract/call';
import {
  errorDataSchema,
  type FieldIssue,
  FORBIDDEN_MESSAGE,
  isSuccessStatus,
  Status,
} from '#contract/envelope';
import { deviceId } from './device';
import { currentLocale } from './i18n';
import { withLoading } from './loading';
import { isOffline, offlineMessage } from './offline';
import { getToken, getTokenHead, logout } from './session';
import { toast } from './toast';
import { validationMessage } from './validation-messages';

export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '/api';

/** Keys of sessionStorage merged into every body when present (spec section 7). */
export const PASSTHROUGH_KEYS = ['packagename', 'appsflyer_id'] as const;

/** A rejected call: the envelope's status and message, and its data (e.g. 400 issues, 429 retryAfter). */
export class ApiError extends Error {
  readonly status: number;
  readonly data: unknown;
  constructor(status: number, message: string, data: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
  }

  /** Field issues of a 400 answer, for forms to show under their fields. */
  get issues(): FieldIssue[] {
    const parsed = errorDataSchema.safeParse(this.data);
    return parsed.success ? (parsed.data?.issues ?? []) : [];
  }

  get retryAfter(): number | undefined {
    const parsed = errorDataSchema.safeParse(this.data);
    return parsed.success ? parsed.data?.retryAfter : undefined;
  }

  /** The code of a failure of the whole call (validation-codes.ts), e.g. `safe_locked`. */
  get code(): string | undefined {
    const parsed = errorDataSchema.safeParse(this.data);
    return parsed.success ? parsed.data?.code : undefined;
  }
}

/** Status of an ApiError that never got an envelope (network failure, unreadable answer). */
export const NO_ENVELOPE = 0;

/** A call that got no answer at all (no connection, or it dropped): the server may not have seen it. */
export class NoAnswerError extends ApiError {
  constructor(message: string) {
    super(NO_ENVELOPE, message);
    this.name = 'NoAnswerError';
  }
}

export const systemErrorMessage = (): string => t`System error`;

/**
 * Logs a call that failed, for whoever reads the console, except an abort (superseded) and a call that
 * got no answer while offline: that is expected, and the offline indicator says so.
 */
export function logFailure(what: string, error: unknown): void {
  if (error instanceof DOMException && error.name === 'AbortError') return;
  if (error instanceof NoAnswerError && isOffline()) return;
  console.error(`${what} failed`, error);
}

/** A failure in the user's language: its code's translation, else its first field issue's, else the server's words. */
function userMessage(data: unknown, serverMessage: string): string {
  const parsed = errorDataSchema.safeParse(data);
  const info = parsed.success ? parsed.data : null;
  const seconds = info?.retryAfter;
  if (info?.code === 'rate_limited' && seconds !== undefined) {
    return t`Too many attempts, try again in ${seconds} seconds`;
  }
  if (info?.code) return validationMessage(i18n, info.code, serverMessage);
  const firstIssue = info?.issues?.[0];
  if (firstIssue) return validationMessage(i18n, firstIssue.code, serverMessage);
  return serverMessage || systemErrorMessage();
}

export interface RequestOptions<S extends z.ZodMiniType> {
  /** The contract schema of the envelope's `data` (or of the text, for a non-JSON answer). */
  schema: S;
  /** No toast for a failed call: the caller shows the problem its own way. */
  silent?: boolean;
  /** No toast when the call gets no answer at all: the caller keeps it and sends it again (queued actions). */
  quietWithoutAnswer?: boolean;
  /** Called with status and message of every failed envelope (spec section 8). */
  onStatus?: (status: number, message: string) => void;
  /** A blocking action: the loading overlay shows while it runs. */
  loading?: boolean;
  signal?: AbortSignal;
  /** Extra request headers, e.g. the Idempotency-Key of a call that moves money. */
  headers?: Record<string, string>;
}

/** Reloads the page; a seam so the unit tests can observe it. */
export const browser = {
  reload: () => window.location.reload(),
};

function passthroughFields(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of PASSTHROUGH_KEYS) {
    try {
      const value = sessionStorage.getItem(key);
      if (value) out[key] = value;
    } catch {
      // No session storage (sandboxed frame): nothing to pass on.
    }
  }
  return out;
}

/** A GET carries its fields as query parameters; objects and arrays have no query form and are left out. */
function withQuery(url: string, fields: unknown): string {
  if (!isRecord(fields)) return url;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null || typeof value === 'object') continue;
    query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `${url}?${text}` : url;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function request<S extends z.ZodMiniType>(
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  options: RequestOptions<S>,
): Promise<z.output<S>> {
  // The server answers content pages and messages in the user's language.
  const headers: Record<string, string> = {
    ...options.headers,
    Accept: 'application/json',
    'Accept-Language': currentLocale(),
    [DEVICE_HEADER]: deviceId(),
  };
  // A form (an upload) sets its own multipart type and boundary, and carries only its own fields.
  const isForm = body instanceof FormData;
  if (method === 'POST' && !isForm) headers['Content-Type'] = 'application/json';
  const token = getToken();
  if (token) headers.Authorization = `${getTokenHead()}${token}`;
  const extra = passthroughFields();
  const payload =
    !isForm && (isRecord(body) || body === undefined || body === null) ? { ...(body ?? {}), ...extra } : body;

  const fail = (error: ApiError, toastIt: boolean): never => {
    if (toastIt && !options.silent) toast.negative(error.message);
    throw error;
  };

  let response: Response;
  let text: string;
  try {
    response = await fetch(
      method === 'GET' ? withQuery(`${API_BASE}${path}`, payload) : `${API_BASE}${path}`,
      {
        method,
        headers,
        body: method === 'GET' ? null : isForm ? (payload as FormData) : JSON.stringify(payload),
        credentials: 'same-origin',
        signal: options.signal ?? null,
      },
    );
    text = await response.text();
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    // Offline, the indicator already says so: background loads stay quiet (no toast, and no console
    // error: the failure is expected) and fall back to the persisted cache; user actions say it
    // themselves (the mutation cache in query-client.ts).
    if (isOffline()) return fail(new NoAnswerError(offlineMessage()), false);
    console.error(`${method} ${path} failed`, cause);
    return fail(new NoAnswerError(systemErrorMessage()), !options.quietWithoutAnswer);
  }

  const contentType = response.headers.get('content-type') ?? '';
  let envelope: unknown;
  if (contentType.includes('json')) {
    try {
      envelope = JSON.parse(text);
    } catch (cause) {
      console.error(`${method} ${path}: unreadable JSON`, cause);
      return fail(new ApiError(NO_ENVELOPE, systemErrorMessage()), true);
    }
  } else if (response.ok) {
    // Spec section 8: a non-JSON answer is returned as it is.
    const parsed = options.schema.safeParse(text);
    if (parsed.success) return parsed.data;
    console.error(`${method} ${path}: unexpected non-JSON answer`, parsed.error);
    return fail(new ApiError(NO_ENVELOPE, systemErrorMessage()), true);
  } else {
    console.error(`${method} ${path}: HTTP ${response.status} without an envelope`);
    return fail(new ApiError(response.status || NO_ENVELOPE, systemErrorMessage()), true);
  }

  if (!isRecord(envelope) || typeof envelope.status !== 'number') {
    console.error(`${method} ${path}: not an envelope`, envelope);
    return fail(new ApiError(NO_ENVELOPE, systemErrorMessage()), true);
  }
  const status = envelope.status;
  const message = typeof envelope.message === 'string' ? envelope.message : '';
  const data = envelope.data ?? null;

  if (isSuccessStatus(status)) {
    const parsed = options.schema.safeParse(data);
    if (parsed.success) return parsed.data;
    console.error(`${method} ${path}: answer does not match the contract`, parsed.error);
    return fail(new ApiError(NO_ENVELOPE, systemErrorMessage(), data), true);
  }

  options.onStatus?.(status, message);

  // 996 and 999 end the session the call was sent with. An answer to a call sent with no token, or with a
  // token this page has since dropped or replaced (a late answer after a logout, or after another login),
  // ends nothing: logging out and reloading then would throw away a new session, or cancel the page's own
  // navigation to the login page (Settings' "clear the saved data" landed on a reload of the old URL).
  const endsThisSession = token !== null && getToken() === token;
  if (status === Status.sessionExpired) {
    if (endsThisSession) {
      logout();
      browser.reload();
    }
    throw new ApiError(status, message || systemErrorMessage(), data);
  }
  if (status === Status.banned) {
    if (endsThisSession) logout();
    if (message === FORBIDDEN_MESSAGE) {
      toast.negative(t`Please contact customer service for account abnormality`);
    }
    throw new ApiError(status, message || systemErrorMessage(), data);
  }
  return fail(new ApiError(status, userMessage(data, message), data), true);
}

/** Options of `api.call`: a money call must carry the action's idempotency key (contract/call.ts). */
export type CallOptions<C extends Call> = Omit<RequestOptions<z.ZodMiniType>, 'schema' | 'headers'> &
  (C['movesMoney'] extends true ? { idempotencyKey: string } : { idempotencyKey?: undefined });

export const api = {
  /**
   * Calls a declared API call (contract): its method and path, the input type-checked against the
   * contract, the answer parsed by it, with the envelope rules of spec section 8.
   */
  call<C extends Call>(
    declaration: C,
    input: CallInput<C>,
    ...[options]: C['movesMoney'] extends true ? [CallOptions<C>] : [CallOptions<C>?]
  ): Promise<CallAnswer<C>> {
    const { idempotencyKey, ...rest } = (options ?? {}) as CallOptions<Call>;
    const run = () =>
      request(declaration.method, declaration.path, input, {
        ...rest,
        schema: declaration.answer,
        ...(idempotencyKey !== undefined && { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } }),
      }) as Promise<CallAnswer<C>>;
    return rest.loading ? withLoading(run) : run();
  },
  /**
   * Sends an upload call (a declaration with `upload`): its text fields and the file as multipart/form-data,
   * the answer parsed by the contract as for `call`.
   */
  upload<C extends Call & { upload: UploadSpec }>(
    declaration: C,
    input: CallInput<C>,
    file: Blob,
    options: CallOptions<C> = {} as CallOptions<C>,
  ): Promise<CallAnswer<C>> {
    const form = new FormData();
    for (const [key, value] of Object.entries(input as Record<string, unknown>))
      if (value !== undefined && value !== null) form.set(key, String(value));
    form.set(declaration.upload.field, file);
    const { idempotencyKey: _none, ...rest } = options as CallOptions<Call>;
    const run = () =>
      request('POST', declaration.path, form, { ...rest, schema: declaration.answer }) as Promise<
        CallAnswer<C>
      >;
    return rest.loading ? withLoading(run) : run();
  },
  /**
   * GET a file (spec section 7, file helpers: GET with query parameters returning a blob), with the
   * token; rejects on any answer that is not a 2xx file, so the caller can say the download failed.
   */
  async getBlob(
    path: string,
    query: Record<string, string>,
    signal?: AbortSignal,
  ): Promise<{ blob: Blob; filename: string | null }> {
    const headers: Record<string, string> = { 'Accept-Language': currentLocale() };
    const token = getToken();
    if (token) headers.Authorization = `${getTokenHead()}${token}`;
    const response = await fetch(withQuery(`${API_BASE}${path}`, query), {
      headers,
      credentials: 'same-origin',
      signal: signal ?? null,
    });
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || type.includes('json')) throw new ApiError(response.status, systemErrorMessage());
    const disposition = response.headers.get('content-disposition') ?? '';
    const match = /filename\*=UTF-8''([^;]+)|filename="?([^";]+)"?/i.exec(disposition);
    const raw = match?.[1] ?? match?.[2] ?? null;
    let filename = raw;
    try {
      filename = raw ? decodeURIComponent(raw) : null;
    } catch {
      // A malformed name: keep it as sent.
    }
    return { blob: await response.blob(), filename };
  },
};
