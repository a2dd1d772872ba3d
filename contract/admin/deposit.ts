import { z } from 'zod/mini';
import { type Call, operatorAccess } from '../call';
import { DEPOSIT_STATES, MONEY_LIST_SORTS } from '../console-states';
import { pageRequestSchema, pageSchema } from '../paging';

/**
 * The console's deposits (issue 16): every deposit order of the operator's sites, newest first or as asked, by state,
 * and found by its order number or its player's UID. Read only: a deposit completes by its provider's
 * callback (decision 0008), never by an operator's word.
 */

export const adminDepositListRequestSchema = z.extend(pageRequestSchema, {
  state: z.optional(z.enum(DEPOSIT_STATES, 'invalid_type')),
  /** newest (the default) or oldest by when ordered, or largest amount first. */
  sort: z._default(z.enum(MONEY_LIST_SORTS, 'invalid_type'), 'newest'),
  /** An order number (letters and digits) or a UID (digits); empty: every order. */
  query: z._default(
    z
      .string('invalid_type')
      .check(
        z.trim(),
        z.toUpperCase(),
        z.maxLength(40, 'too_long'),
        z.regex(/^[0-9A-Z]*$/, 'deposit_query_invalid'),
      ),
    '',
  ),
});

export const adminDepositSchema = z.object({
  orderNo: z.string(),
  userUid: z.int(),
  /** The player's phone, masked. */
  phone: z.string(),
  site: z.nullable(z.string()),
  amount: z.number(),
  state: z.enum(DEPOSIT_STATES),
  provider: z.string(),
  providerRef: z.nullable(z.string()),
  failReason: z.nullable(z.string()),
  createdAt: z.int(),
  completedAt: z.nullable(z.int()),
});
export type AdminDeposit = z.infer<typeof adminDepositSchema>;

export const adminDepositListCall = {
  method: 'POST',
  path: '/admin/deposits/list',
  summary: 'List deposit orders',
  input: adminDepositListRequestSchema,
  answer: pageSchema(adminDepositSchema),
  access: operatorAccess('deposit', 'read'),
} satisfies Call;
