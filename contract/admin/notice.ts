import { z } from 'zod/mini';
import { type Call, operatorAccess } from '../call';
import { contentLocaleSchema, perLocale } from '../locales';
import { pageRequestSchema, pageSchema } from '../paging';
import { siteTargetSchema } from '../site';

/** Operator notice console (issue 5): create, edit, list, withdraw under /api/admin/notices/. */

/** Jobs (DESIGN.md section 4): 0 player, 1 agent, 2 senior agent. */
export const noticeJobSchema = z.union([z.literal(0), z.literal(1), z.literal(2)], 'notice_target_invalid');

export const NOTICE_TITLE_MAX = 100;
export const NOTICE_BODY_MAX = 1000;

export const noticeTextSchema = z.object({
  /** Empty: the notification shows the site's name. */
  title: z._default(z.string('invalid_type').check(z.trim(), z.maxLength(NOTICE_TITLE_MAX, 'too_long')), ''),
  body: z
    .string('required')
    .check(z.trim(), z.minLength(1, 'required'), z.maxLength(NOTICE_BODY_MAX, 'too_long')),
});
export type NoticeText = z.infer<typeof noticeTextSchema>;

const noticeFields = z.object({
  /** Texts per locale; the default locale's text is what other locales fall back to. */
  texts: perLocale(noticeTextSchema),
  defaultLocale: z._default(contentLocaleSchema, 'en-US'),
  /** A site's domain, or null: every site. */
  site: siteTargetSchema,
  /** null: every job; else only accounts with one of these jobs. */
  jobs: z._default(
    z.nullable(z.array(noticeJobSchema).check(z.minLength(1, 'notice_target_invalid'), z.maxLength(3))),
    null,
  ),
  /** null: every language; else only readers whose locale is one of these. */
  locales: z._default(
    z.nullable(z.array(contentLocaleSchema).check(z.minLength(1, 'notice_target_invalid'), z.maxLength(5))),
    null,
  ),
  /** Epoch ms; omitted: now. */
  publishFrom: z.optional(z.int('invalid_type').check(z.positive())),
  /** Epoch ms, after publishFrom; null: open-ended. */
  publishUntil: z._default(z.nullable(z.int('invalid_type').check(z.positive())), null),
});

/** Cross-field rules, reported on the field the operator has to change. */
const checkNotice = <T extends z.infer<typeof noticeFields>>(n: T, ctx: z.core.$RefinementCtx) => {
  const locales = Object.keys(n.texts);
  if (locales.length === 0)
    ctx.addIssue({ code: 'custom', path: ['texts'], message: 'notice_body_required' });
  else if (!n.texts[n.defaultLocale])
    ctx.addIssue({ code: 'custom', path: ['defaultLocale'], message: 'notice_default_text_missing' });
  if (n.publishUntil !== null && n.publishFrom !== undefined && n.publishUntil <= n.publishFrom)
    ctx.addIssue({ code: 'custom', path: ['publishUntil'], message: 'notice_window_invalid' });
};

export const noticeCreateRequestSchema = noticeFields.check(z.superRefine(checkNotice));
export type NoticeCreateRequest = z.infer<typeof noticeCreateRequestSchema>;

/** An edit replaces every field (texts included); deliveries already sent are not repeated. */
export const noticeEditRequestSchema = z
  .extend(noticeFields, { id: z.int('required').check(z.positive()) })
  .check(z.superRefine(checkNotice));
export type NoticeEditRequest = z.infer<typeof noticeEditRequestSchema>;

export const noticeIdRequestSchema = z.object({ id: z.int('required').check(z.positive()) });

export const NOTICE_STATES = ['scheduled', 'live', 'ended', 'withdrawn'] as const;

export const adminNoticeSchema = z.object({
  id: z.int(),
  texts: z.partialRecord(contentLocaleSchema, z.object({ title: z.string(), body: z.string() })),
  defaultLocale: z.string(),
  site: z.nullable(z.string()),
  jobs: z.nullable(z.array(z.int())),
  locales: z.nullable(z.array(z.string())),
  publishFrom: z.int(),
  publishUntil: z.nullable(z.int()),
  withdrawnAt: z.nullable(z.int()),
  createdAt: z.int(),
  state: z.enum(NOTICE_STATES),
  /** Push deliveries by state. */
  deliveries: z.object({
    pending: z.int(),
    sent: z.int(),
    dead: z.int(),
  }),
});
export type AdminNotice = z.infer<typeof adminNoticeSchema>;
export const adminNoticePageSchema = pageSchema(adminNoticeSchema);

/** Publishes a notice (now or at publishFrom); its push deliveries are queued when it goes live. */
export const noticeCreateCall = {
  method: 'POST',
  path: '/admin/notices/create',
  summary: 'Publish a notice',
  input: noticeCreateRequestSchema,
  answer: adminNoticeSchema,
  access: operatorAccess('notice', 'write'),
} satisfies Call;

export const noticeEditCall = {
  method: 'POST',
  path: '/admin/notices/edit',
  summary: 'Edit a notice',
  input: noticeEditRequestSchema,
  answer: adminNoticeSchema,
  access: operatorAccess('notice', 'write'),
} satisfies Call;

/** Takes a notice down; deliveries not sent yet are never sent. */
export const noticeWithdrawCall = {
  method: 'POST',
  path: '/admin/notices/withdraw',
  summary: 'Take a notice down',
  input: noticeIdRequestSchema,
  answer: adminNoticeSchema,
  access: operatorAccess('notice', 'write'),
} satisfies Call;

/** Every notice, newest first, with its delivery counts. */
export const adminNoticeListCall = {
  method: 'POST',
  path: '/admin/notices/list',
  summary: 'List notices with their delivery counts',
  input: pageRequestSchema,
  answer: adminNoticePageSchema,
  access: operatorAccess('notice', 'read'),
} satisfies Call;
