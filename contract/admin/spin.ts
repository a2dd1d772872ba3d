/**
 * The operator's follow-ups of item prizes of the spin wheel (issue 15, decision 0022): customer service is in
 * touch with the player within SPIN_FOLLOW_UP_HOURS (../spin.ts) and marks the follow-up done with a note.
 */
import { z } from 'zod/mini';
import { type Call, operatorAccess } from '../call';
import { FOLLOW_UP_STATES } from '../console-states';
import { pageRequestSchema, pageSchema } from '../paging';

export const FOLLOW_UP_NOTE_MAX = 500;

export const followUpSchema = z.object({
  id: z.int(),
  user: z.object({ uid: z.int(), username: z.string() }),
  day: z.string(),
  prize: z.object({ code: z.string(), name: z.string() }),
  createdAt: z.int(),
  dueAt: z.int(),
  doneAt: z.nullable(z.int()),
  doneBy: z.nullable(z.object({ uid: z.int() })),
  note: z.nullable(z.string()),
});
export type FollowUp = z.infer<typeof followUpSchema>;

export const followUpListRequestSchema = z.extend(pageRequestSchema, {
  /** Omitted: both. Open ones come oldest due first. */
  state: z.optional(z.enum(FOLLOW_UP_STATES, { error: 'invalid_type' })),
});
export type FollowUpListRequest = z.input<typeof followUpListRequestSchema>;

export const adminFollowUpListCall = {
  method: 'POST',
  path: '/admin/spin/follow-ups',
  summary: 'List lucky-spin prizes awaiting follow-up',
  input: followUpListRequestSchema,
  answer: pageSchema(followUpSchema),
  access: operatorAccess('spin', 'read'),
} satisfies Call;

export const followUpDoneRequestSchema = z.object({
  id: z
    .int({ error: (i) => (i.input === undefined ? 'required' : 'invalid_type') })
    .check(z.positive('invalid_type')),
  note: z
    .string({ error: (i) => (i.input === undefined ? 'required' : 'invalid_type') })
    .check(z.trim(), z.minLength(1, 'required'), z.maxLength(FOLLOW_UP_NOTE_MAX, 'too_long')),
});
export type FollowUpDoneRequest = z.input<typeof followUpDoneRequestSchema>;

/** open -> done, once; a second one: 409 `state_changed`. */
export const adminFollowUpDoneCall = {
  method: 'POST',
  path: '/admin/spin/follow-ups/done',
  summary: 'Mark a spin follow-up done',
  input: followUpDoneRequestSchema,
  answer: followUpSchema,
  access: operatorAccess('spin', 'write'),
} satisfies Call;
