/**
 * The console's reports (issue 16): a site's figures per business day over a range, with their totals. Days
 * are business days, `YYYY-MM-DD` in the deployment's business time zone (decision 0017: one zone for every
 * site, named in the answer); money is the wallet's (decimal, at most 2 decimals). Under /api/admin/reports/.
 */
import { z } from 'zod/mini';
import { type Call, operatorAccess } from '../call';
import { siteTargetSchema } from '../site';
import { ifNoIssueYet, moneyValue } from '../wallet';

/** A report covers at most this many days, both ends included (the agent reports' limit too). */
export const REPORT_RANGE_MAX_DAYS = 92;

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** A real calendar date's number of days since 1970-01-01, or NaN (2026-02-30 is no date). */
function dayNumber(text: string): number {
  const m = DAY_PATTERN.exec(text);
  if (!m) return Number.NaN;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  // Date.UTC rolls an impossible date over (Feb 30 -> Mar 2): written back, it is another text.
  return new Date(ms).toISOString().slice(0, 10) === text ? ms / DAY_MS : Number.NaN;
}

const businessDate = z.string({ error: (i) => (i.input === undefined ? 'required' : 'day_invalid') }).check(
  z.regex(DAY_PATTERN, 'day_invalid'),
  z.refine((text) => !Number.isNaN(dayNumber(text)), { error: 'day_invalid', ...ifNoIssueYet }),
  z.describe('A calendar date, YYYY-MM-DD, that exists (not 2026-02-30).'),
);

/** When a report asks for no days: this many, up to the business day today. */
export const REPORT_DEFAULT_DAYS = 7;

export const adminReportRequestSchema = z
  .object({
    /** A site's domain, or null: every site the operator may read reports of. */
    site: siteTargetSchema,
    /**
     * Both or neither: without them, the last REPORT_DEFAULT_DAYS business days up to today in the
     * business time zone, which only the server knows (a phone's date may already be tomorrow there).
     */
    from: z.optional(businessDate),
    to: z.optional(businessDate),
  })
  .check(
    z.superRefine((r, ctx) => {
      if (r.from === undefined && r.to === undefined) return;
      if (r.from === undefined) return ctx.addIssue({ code: 'custom', path: ['from'], message: 'required' });
      if (r.to === undefined) return ctx.addIssue({ code: 'custom', path: ['to'], message: 'required' });
      const days = dayNumber(r.to) - dayNumber(r.from) + 1;
      // NaN (a field already refused) passes: its own issue says what is wrong.
      if (days < 1 || days > REPORT_RANGE_MAX_DAYS)
        ctx.addIssue({ code: 'custom', path: ['to'], message: 'range_invalid' });
    }),
  );
export type AdminReportRequest = z.input<typeof adminReportRequestSchema>;

export const reportFiguresSchema = z.object({
  /** Completed deposits, by the day they completed. */
  deposits: moneyValue,
  /** Paid withdrawals, by the day they were settled. */
  withdrawals: moneyValue,
  /** deposits - withdrawals (may be negative). */
  net: moneyValue,
  /**
   * What bonuses cost the site: granted - capped - expired - forfeited - cancelled (the bonus report's
   * cost), by the day each posting was made; negative on a day that took back more than it gave.
   */
  bonusCost: moneyValue,
  /** Accounts registered. */
  newUsers: z.int(),
  /** Distinct users with a counted bet or a completed deposit; in the totals, distinct over the range. */
  activeUsers: z.int(),
  /** Stakes of settled rounds, by the day each round was bet. */
  bets: moneyValue,
  validBets: moneyValue,
  /** What the agent programme settled for the day (decision 0017). */
  rakeBack: moneyValue,
  commissions: moneyValue,
});
export type ReportFigures = z.infer<typeof reportFiguresSchema>;

export const reportDaySchema = z.object({ day: z.string(), ...reportFiguresSchema.shape });
export type ReportDay = z.infer<typeof reportDaySchema>;

export const adminReportSchema = z.object({
  /** Every day of the range, oldest first (zeros where nothing happened). */
  days: z.array(reportDaySchema),
  totals: reportFiguresSchema,
  /** The IANA zones the days are in: each site counts its days in its own (decision 0033). */
  timeZones: z.array(z.string()),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

/** The figures of one site, or of every site the operator may read, per business day. */
export const adminReportCall = {
  method: 'POST',
  path: '/admin/reports/daily',
  summary: "Read a site's figures per business day",
  input: adminReportRequestSchema,
  answer: adminReportSchema,
  access: operatorAccess('report', 'read'),
} as const satisfies Call;
