/**
 * The audit log in the console (issue 16, decision 0024): read and exported as CSV by those who may read the
 * `audit` resource (administrators), each of their sites' chains and, with a grant on every site, the
 * platform's.
 */
import { z } from 'zod/mini';
import { type Call, operatorAccess } from '../call';
import { pageRequestSchema, pageSchema } from '../paging';

/** An export's most rows: a longer period is exported in parts. */
export const AUDIT_EXPORT_MAX_ROWS = 10_000;

const epochMs = z.int('invalid_type').check(z.nonnegative('invalid_type'));

export const auditFilterSchema = z.object({
  /** An action or its start (`banner.`, `withdrawal.approve`); empty: every action. */
  action: z._default(
    z
      .string('invalid_type')
      .check(z.trim(), z.maxLength(60, 'too_long'), z.regex(/^[a-z_.]*$/, 'invalid_type')),
    '',
  ),
  /** Epoch ms, from (inclusive) and to (exclusive); absent: unbounded. */
  from: z.optional(epochMs),
  to: z.optional(epochMs),
});
export type AuditFilter = z.infer<typeof auditFilterSchema>;

export const auditListRequestSchema = z.extend(pageRequestSchema, auditFilterSchema.shape);

/** A GET's query arrives as text: numbers as digits. */
const queryMs = z.optional(
  z.pipe(
    z.string('invalid_type').check(z.regex(/^\d{1,15}$/, 'invalid_type')),
    z.transform((v) => Number(v)),
  ),
);
export const auditExportQuerySchema = z.object({
  action: auditFilterSchema.shape.action,
  from: queryMs,
  to: queryMs,
});

export const auditEntrySchema = z.object({
  id: z.int(),
  /** The site's domain; null: platform-wide. */
  site: z.nullable(z.string()),
  seq: z.int(),
  at: z.int(),
  /** The acting operator's UID; null: the server's own command line. */
  actorUid: z.nullable(z.int()),
  ip: z.string(),
  userAgent: z.string(),
  action: z.string(),
  resource: z.string(),
  recordId: z.string(),
  /** JSON text, or null. */
  before: z.nullable(z.string()),
  after: z.nullable(z.string()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** Newest first. */
export const adminAuditListCall = {
  method: 'POST',
  path: '/admin/audit/list',
  summary: 'List audit entries, newest first',
  input: auditListRequestSchema,
  answer: pageSchema(auditEntrySchema),
  access: operatorAccess('audit', 'read'),
} satisfies Call;

/** The same rows as CSV (oldest first, at most AUDIT_EXPORT_MAX_ROWS), as an attachment. */
export const adminAuditExportCall = {
  method: 'GET',
  path: '/admin/audit/export',
  summary: 'Export audit entries as CSV',
  input: auditExportQuerySchema,
  answer: z.string(),
  access: operatorAccess('audit', 'read'),
  raw: true,
} satisfies Call;
