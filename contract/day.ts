import { z } from 'zod/mini';

/**
 * A day as the API names it: a calendar date "YYYY-MM-DD" (a business day in the site's business time zone,
 * decision 0017, or a calendar day of the user's site, decision 0046). The one schema for it: calls, answers
 * and the app's URL filters.
 */
export const daySchema = z
  .string({ error: (i) => (i.input === undefined ? 'required' : 'invalid_type') })
  .check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'day_invalid'));
