import { z } from 'zod/mini';

/** Envelope statuses of the wire (DESIGN.md section 3, spec section 8). */
export const Status = {
  ok: 200,
  okAlt: 2004,
  badRequest: 400,
  /** Missing, expired or revoked token: the app logs out and reloads. */
  sessionExpired: 996,
  /** Banned account (message `forbidden`): the app logs out. */
  banned: 999,
  notFound: 404,
  conflict: 409,
  unprocessable: 422,
  tooManyRequests: 429,
  serverError: 500,
} as const;

export const FORBIDDEN_MESSAGE = 'forbidden';

export const isSuccessStatus = (status: number): boolean => status === Status.ok || status === Status.okAlt;

/** One field problem of a 400 answer: `path` names the field, `code` is a stable key the app translates. */
export const fieldIssueSchema = z.object({
  path: z.string(),
  code: z.string(),
  message: z.string(),
});
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

export const errorDataSchema = z.nullable(
  z.object({
    issues: z.optional(z.array(fieldIssueSchema)),
    /** A stable key for a failure that is not about one field (see validation-codes.ts), for translation. */
    code: z.optional(z.string()),
    /** Seconds until the caller may try again (429 answers). */
    retryAfter: z.optional(z.int().check(z.nonnegative())),
  }),
);

export const envelopeSchema = <T extends z.ZodMiniType>(data: T) =>
  z.object({ status: z.int(), message: z.string(), data });

export type Envelope<T> = { status: number; message: string; data: T };
