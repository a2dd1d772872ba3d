import { z } from 'zod/mini';

/**
 * One API call, declared once (decision 0015): the server registers its route from this declaration
 * (server/http/serve.ts), the OpenAPI document at /api/docs is generated from it, and the app calls it
 * with `api.call(declaration, input)`, so path, input, answer and access cannot drift apart.
 *
 * Declarations are plain object literals checked with `satisfies Call`, one export each (named
 * `<verb><Thing>Call`), so a bundle takes only the calls and schemas its screens use.
 */
export interface Call {
  /** POST for every call of spec section 7 but the few it names as GET (file helpers, /appcard/view). */
  readonly method: 'GET' | 'POST';
  /** Exactly the spec's path after `/api`. */
  readonly path: `/${string}`;
  /** The body (POST) or the query (GET); absent when the call takes none: a POST's body is then EMPTY_BODY. */
  readonly input?: z.ZodMiniType;
  /** The envelope's `data`; with `raw`, what the answer is instead of an envelope (an HTML page). */
  readonly answer: z.ZodMiniType;
  readonly access: Access;
  /** The call moves money: the `Idempotency-Key` header is required and a replay moves nothing. */
  readonly movesMoney?: true;
  /** The answer is not an envelope (a provider's HTML page, a file): the handler sends it itself. */
  readonly raw?: true;
  /**
   * The body is multipart/form-data: one file in `field`, at most `maxBytes`, beside text fields that
   * `input` validates (server/http/upload.ts).
   */
  readonly upload?: UploadSpec;
  /**
   * One line for the OpenAPI document, written by hand: every declaration has one (tests/server/openapi/
   * document.test.ts refuses an operation without); optional only for the test suites' own fixture calls.
   */
  readonly summary?: string;
}

/** An upload call's file part. */
export interface UploadSpec {
  readonly field: string;
  readonly maxBytes: number;
}

/**
 * Who may call: anyone; anyone, answered per user when a token is sent (a dead token is still refused);
 * a signed-in user; an operator holding a permission (every /admin path, and only those).
 */
export type Access = 'public' | 'optionalUser' | 'user' | { readonly operator: OperatorPermission };

/**
 * What operators act on (decision 0024). `session` is the operator's own sign-in (the second factor), open to
 * every operator before it is passed; `command` is a four-eyes command, approved by whoever may write the
 * command's own resource.
 */
export const OPERATOR_RESOURCES = [
  'session',
  'site',
  'banner',
  'notice',
  'catalogue',
  'content',
  'message',
  'user',
  'deposit',
  'withdrawal',
  'commission',
  'spin',
  'bonus',
  'game',
  'settings',
  'operator',
  'audit',
  'report',
  'command',
] as const;
export type OperatorResource = (typeof OPERATOR_RESOURCES)[number];
export type OperatorAction = 'read' | 'write';
/** An operator call's permission: an action on a resource. */
export interface OperatorPermission {
  readonly resource: OperatorResource;
  readonly action: OperatorAction;
}

/** A declaration's access for operators allowed `action` on `resource`. */
export const operatorAccess = (resource: OperatorResource, action: OperatorAction) =>
  ({ operator: { resource, action } }) as const;

/**
 * The body of a POST that takes nothing (issue 31): an object, so a string, null or an array is refused with
 * 400 like any other wrong body; no body at all is nothing, which is what the call takes (server/http/serve.ts).
 * Not strict: like every body it drops keys it does not name, because the app adds the spec's passthrough
 * keys (packagename, appsflyer_id) to every body it sends.
 */
export const EMPTY_BODY = z.object({});

/** The input a caller sends (defaults may be left out). */
export type CallInput<C extends Call> = C['input'] extends z.ZodMiniType
  ? z.input<C['input']>
  : Record<string, never>;
/** The input a handler receives, parsed (defaults filled in). */
export type ParsedInput<C extends Call> = C['input'] extends z.ZodMiniType
  ? z.output<C['input']>
  : Record<string, never>;
export type CallAnswer<C extends Call> = z.output<C['answer']>;

export const ADMIN_PATH_PREFIX = '/admin/';

/**
 * The header the app sends its device id in (a random id it keeps on the device): with the client's address,
 * what commission holds are decided on (decision 0017; hashed on the server).
 */
export const DEVICE_HEADER = 'X-Beacon-Device';

/** The header of a money call's key (1-100 visible ASCII characters, one per user action, reused on retry). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Answer header set on a replayed answer. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,100}$/;
