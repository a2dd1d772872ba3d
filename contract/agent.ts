/**
 * The agent programme's wire contract (issue 14, decision 0017): the spec's `/uid/app/*` calls (detail,
 * links, agentdown, gen/downlink, gen/rechargelink), binding an invite code later, joining as an agent and
 * promoting a direct member, the team tree, one member's page, reports and their rows, rake back, and moving
 * earnings to the main balance. The operator's calls (holds, job 2, voiding a round) are in admin/agent.ts.
 *
 * Ratios travel as percent with at most 2 decimals (0.3 = 0.30% of the valid bet) and are stored as integer
 * basis points. Money is the wallet's (decimal, at most 2 decimals, displayed rounded down). Days are business
 * days, `YYYY-MM-DD` in the deployment's business time zone; times are epoch milliseconds.
 */
import { z } from 'zod/mini';
import { FIGURES, type Figure, RANGES } from './agent-figures';
import type { Call } from './call';
import { daySchema } from './day';
import { pageRequestSchema, pageSchema } from './paging';
import { ifNoIssueYet, money, moneyValue, TWO_DECIMALS } from './wallet';

/** The highest ratio anyone may hold, percent (a site may set less; the server checks its own limit). */
export const RATIO_MAX_PERCENT = 100;

/** A ratio as sent: percent, 0 to 100, at most 2 decimals. */
export const ratioPercent = z
  .number({
    error: (issue: { input: unknown }) =>
      issue.input === undefined || issue.input === null ? 'ratio_required' : 'ratio_invalid',
  })
  .check(
    z.gte(0, 'ratio_invalid'),
    z.lte(RATIO_MAX_PERCENT, 'ratio_invalid'),
    z.refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-9, {
      error: 'ratio_invalid',
      ...ifNoIssueYet,
    }),
    z.describe(`Percent of the valid bet, 0 to ${RATIO_MAX_PERCENT} (0.3 = 0.30%). ${TWO_DECIMALS}`),
  );

/** A member's public number (users.uid), as the app shows it. */
const uid = z
  .int({ error: (i) => (i.input === undefined ? 'member_required' : 'invalid_type') })
  .check(z.positive('invalid_type'));
const channelCode = z.string().check(z.maxLength(32, 'too_long'));

export const channelRatioSchema = z.object({ channel: channelCode, rate: ratioPercent });
export type ChannelRatio = z.infer<typeof channelRatioSchema>;

/** A ratio as answered: the one in effect today, and a change waiting for its day if any. */
export const ratioViewSchema = z.object({
  channel: z.string(),
  name: z.string(),
  rate: z.number(),
  /** Set when a change takes effect later (always the next business day). */
  next: z.optional(z.object({ rate: z.number(), from: z.string() })),
});
export type RatioView = z.infer<typeof ratioViewSchema>;

// ---- /uid/app/detail: the agent's summary

export const agentDetailSchema = z.object({
  job: z.int(),
  inviteCode: z.string(),
  /** The user's invite code's owner, if bound ("already bound the code" once set). */
  boundTo: z.nullable(z.object({ uid: z.int(), inviteCode: z.string() })),
  ratios: z.array(ratioViewSchema),
  defaults: z.array(ratioViewSchema),
  members: z.object({ direct: z.int(), total: z.int() }),
  commission: z.object({
    /** May be negative after a correction; then it blocks the withdrawal. */
    balance: moneyValue,
    held: moneyValue,
    /** Today so far, at today's ratios, before settlement (an estimate). */
    todayEstimate: moneyValue,
    yesterday: moneyValue,
  }),
  rakeBack: z.object({ balance: moneyValue, todayEstimate: moneyValue }),
  /** The least commission that can be moved to the main balance. */
  withdrawMin: moneyValue,
  today: daySchema,
});
export type AgentDetail = z.infer<typeof agentDetailSchema>;

export const agentDetailCall = {
  method: 'POST',
  path: '/uid/app/detail',
  summary: "Read the agent's summary",
  answer: agentDetailSchema,
  access: 'user',
} satisfies Call;

// ---- /uid/app/links: the invite code, its registration link and QR code

export const agentLinksSchema = z.object({
  inviteCode: z.string(),
  /** The registration page with the code filled in. */
  registerUrl: z.string(),
  /** The same link as an SVG QR code (drawn on the server, no network). */
  qrSvg: z.string(),
});
export type AgentLinks = z.infer<typeof agentLinksSchema>;

export const agentLinksCall = {
  method: 'POST',
  path: '/uid/app/links',
  summary: 'Read the invite code, its link and QR code',
  answer: agentLinksSchema,
  access: 'user',
} satisfies Call;

// ---- /uid/app/gen/downlink: a registration link presetting the member's ratio and job

export const downlinkRequestSchema = z.object({
  /** The ratio the member gets in every channel (each capped by the agent's own). */
  rate: ratioPercent,
  join: z._default(z.enum(['player', 'agent'], { error: 'invalid_type' }), 'player'),
});
export type DownlinkRequest = z.input<typeof downlinkRequestSchema>;
export const generatedLinkSchema = z.object({ code: z.string(), url: z.string(), qrSvg: z.string() });
export type GeneratedLink = z.infer<typeof generatedLinkSchema>;

export const genDownlinkCall = {
  method: 'POST',
  path: '/uid/app/gen/downlink',
  summary: 'Make a registration link presetting ratio and job',
  input: downlinkRequestSchema,
  answer: generatedLinkSchema,
  access: 'user',
} satisfies Call;

// ---- /uid/app/gen/rechargelink: a link that opens the deposit page for a member

export const rechargeLinkRequestSchema = z.object({
  memberUid: uid,
  amount: z.optional(money),
});
export type RechargeLinkRequest = z.input<typeof rechargeLinkRequestSchema>;

export const genRechargeLinkCall = {
  method: 'POST',
  path: '/uid/app/gen/rechargelink',
  summary: 'Make a deposit link for a member',
  input: rechargeLinkRequestSchema,
  answer: generatedLinkSchema,
  access: 'user',
} satisfies Call;

/** What a link's code stands for, asked by the registration and deposit pages (no session needed). */
export const agentLinkRequestSchema = z.object({
  code: z.string().check(z.minLength(1, 'link_not_found'), z.maxLength(32, 'link_not_found')),
});
export const agentLinkInfoSchema = z.object({
  kind: z.enum(['register', 'recharge']),
  inviteCode: z.string(),
  /** register: the ratio and job it presets. */
  rate: z.optional(z.number()),
  join: z.optional(z.enum(['player', 'agent'])),
  /** recharge: the member it is for, and the amount it presets. */
  memberUid: z.optional(z.int()),
  amount: z.optional(moneyValue),
});
export type AgentLinkInfo = z.infer<typeof agentLinkInfoSchema>;

export const agentLinkCall = {
  method: 'POST',
  path: '/agent/link',
  summary: "Read what an agent link's code stands for",
  input: agentLinkRequestSchema,
  answer: agentLinkInfoSchema,
  access: 'public',
} satisfies Call;

// ---- /uid/app/agentdown: set a direct member's ratios

/** One ratio per channel (a channel named twice: the last one counts), at least one. */
export const ratioList = z
  .array(channelRatioSchema, {
    error: (i: { input: unknown }) => (i.input === undefined ? 'ratio_required' : 'invalid_type'),
  })
  .check(z.minLength(1, 'ratio_required'), z.maxLength(16, 'too_long'));

export const agentDownRequestSchema = z.object({
  memberUid: uid,
  ratios: ratioList,
});
export type AgentDownRequest = z.input<typeof agentDownRequestSchema>;
export const agentDownSchema = z.object({ ratios: z.array(ratioViewSchema) });

export const agentDownCall = {
  method: 'POST',
  path: '/uid/app/agentdown',
  summary: "Set a direct member's ratios",
  input: agentDownRequestSchema,
  answer: agentDownSchema,
  access: 'user',
} satisfies Call;

/** The agent's own defaults for new direct members (each within the agent's own ratio). */
export const agentDefaultsRequestSchema = z.object({
  ratios: ratioList,
});
export const agentDefaultsCall = {
  method: 'POST',
  path: '/agent/defaults',
  summary: 'Set the ratios new direct members start with',
  input: agentDefaultsRequestSchema,
  answer: agentDownSchema,
  access: 'user',
} satisfies Call;

// ---- binding a code later, joining as an agent, promoting a direct member

export const bindRequestSchema = z.object({
  inviteCode: z
    .string({ error: (i) => (i.input === undefined ? 'invite_code_required' : 'invalid_type') })
    .check(z.minLength(1, 'invite_code_required'), z.maxLength(16, 'invite_code_format')),
});
export const bindCall = {
  method: 'POST',
  path: '/agent/bind',
  summary: 'Bind an invite code to the account',
  input: bindRequestSchema,
  answer: z.object({ boundTo: z.object({ uid: z.int(), inviteCode: z.string() }) }),
  access: 'user',
} satisfies Call;

export const jobSchema = z.object({ job: z.int() });
export const joinAgentCall = {
  method: 'POST',
  path: '/agent/join',
  summary: 'Join the agent programme',
  answer: jobSchema,
  access: 'user',
} satisfies Call;

export const promoteRequestSchema = z.object({ memberUid: uid });
export const promoteCall = {
  method: 'POST',
  path: '/agent/promote',
  summary: 'Promote a direct member to agent',
  input: promoteRequestSchema,
  answer: jobSchema,
  access: 'user',
} satisfies Call;

// ---- the team

/** A member as their agent sees them: never more than this, never another branch's. */
export const memberSchema = z.object({
  uid: z.int(),
  /** Masked: area code, the first 3 and the last 2 digits. */
  phone: z.string(),
  /** The member's chosen avatar (user.ts AVATARS), null for none. */
  avatar: z.optional(z.nullable(z.string())),
  job: z.int(),
  /** 1 = a direct member. */
  depth: z.int(),
  joinedAt: z.number(),
  ratios: z.array(ratioViewSchema),
  /** Direct and all members below this one. */
  members: z.object({ direct: z.int(), total: z.int() }),
  deposits: moneyValue,
  validBets: moneyValue,
  /** Commission this member's play has earned the viewing agent (settled). */
  commission: moneyValue,
});
export type Member = z.infer<typeof memberSchema>;

export const teamRequestSchema = z.extend(pageRequestSchema, {
  /** Whose direct members to list: omitted for the viewer's own; else a member of the viewer's team. */
  parentUid: z.optional(uid),
  /** A member's UID, or digits of their phone number; searches the whole team. */
  search: z._default(z.string().check(z.maxLength(20, 'too_long')), ''),
});
export type TeamRequest = z.input<typeof teamRequestSchema>;
export const teamSchema = z.object({
  members: z.object({ direct: z.int(), total: z.int() }),
  /** The chain from the viewer down to `parentUid` (empty for the viewer's own level). */
  path: z.array(z.object({ uid: z.int(), phone: z.string() })),
  page: pageSchema(memberSchema),
});
export type Team = z.infer<typeof teamSchema>;

export const teamCall = {
  method: 'POST',
  path: '/agent/team',
  summary: "List the agent's team",
  input: teamRequestSchema,
  answer: teamSchema,
  access: 'user',
} satisfies Call;

export const downlineRequestSchema = z.object({ memberUid: uid });
export const downlineSchema = z.object({
  member: memberSchema,
  /** The member's valid bets and the commission they brought, by day (last 30 business days). */
  days: z.array(z.object({ day: z.string(), validBets: moneyValue, commission: moneyValue })),
  /** Whether the viewer may set this member's ratios (a direct member). */
  canSetRatio: z.boolean(),
});
export type Downline = z.infer<typeof downlineSchema>;

export const downlineCall = {
  method: 'POST',
  path: '/agent/downline',
  summary: 'Read one member of the team',
  input: downlineRequestSchema,
  answer: downlineSchema,
  access: 'user',
} satisfies Call;

// ---- reports

export { FIGURES, type Figure, RANGES };

export const rangeRequestSchema = z.object({
  range: z._default(z.enum(RANGES, { error: 'invalid_type' }), 'today'),
  /** custom only: the first and last business day, at most 92 days apart. */
  from: z.optional(daySchema),
  to: z.optional(daySchema),
});
export type RangeRequest = z.input<typeof rangeRequestSchema>;

export const ownFiguresSchema = z.object({
  bets: moneyValue,
  validBets: moneyValue,
  wins: moneyValue,
  deposits: moneyValue,
  withdrawals: moneyValue,
  rakeBack: moneyValue,
});
export const teamFiguresSchema = z.object({
  newMembers: z.int(),
  activeMembers: z.int(),
  deposits: moneyValue,
  withdrawals: moneyValue,
  validBets: moneyValue,
  commission: moneyValue,
});
export const reportDaySchema = z.object({
  day: z.string(),
  validBets: moneyValue,
  rakeBack: moneyValue,
  /** Agents only. */
  teamValidBets: z.optional(moneyValue),
  commission: z.optional(moneyValue),
});
export const reportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /**
   * The range's first day whose rake back and commission are not settled yet (settlement books a day once
   * it has ended on every site): from it on, those figures are 0 until then. Null when every day is settled.
   */
  unsettledFrom: z.nullable(z.string()),
  own: ownFiguresSchema,
  /** Agents only. */
  team: z.optional(teamFiguresSchema),
  days: z.array(reportDaySchema),
});
export type Report = z.infer<typeof reportSchema>;

export const reportCall = {
  method: 'POST',
  path: '/agent/report',
  summary: "Read the agent's report over days",
  input: rangeRequestSchema,
  answer: reportSchema,
  access: 'user',
} satisfies Call;

export const reportDetailsRequestSchema = z.extend(pageRequestSchema, {
  figure: z.enum(FIGURES, { error: 'invalid_type' }),
  range: z._default(z.enum(RANGES, { error: 'invalid_type' }), 'today'),
  from: z.optional(daySchema),
  to: z.optional(daySchema),
});
export type ReportDetailsRequest = z.input<typeof reportDetailsRequestSchema>;
export const reportRowSchema = z.object({
  day: z.string(),
  at: z.optional(z.number()),
  /** The member the row is about (team figures), masked as in the team. */
  member: z.optional(z.object({ uid: z.int(), phone: z.string() })),
  channel: z.optional(z.string()),
  amount: moneyValue,
  /** Deposits and withdrawals: the order's number (as in the wallet's records). */
  orderNo: z.optional(z.string()),
  /** The ledger transaction the row's money moved in, where it moved money. */
  ledgerTransactionId: z.optional(z.int()),
  /** Commission rows: why it is held, when it is. */
  held: z.optional(z.string()),
});
export type ReportRow = z.infer<typeof reportRowSchema>;
export const reportDetailsSchema = z.object({ total: moneyValue, page: pageSchema(reportRowSchema) });

export const reportDetailsCall = {
  method: 'POST',
  path: '/agent/report/details',
  summary: "List a report's rows",
  input: reportDetailsRequestSchema,
  answer: reportDetailsSchema,
  access: 'user',
} satisfies Call;

// ---- rake back

export const rakeBackSchema = z.object({
  balance: moneyValue,
  /** Today so far at today's ratios (settled after the day ends). */
  todayEstimate: moneyValue,
  ratios: z.array(ratioViewSchema),
  history: z.array(z.object({ day: z.string(), validBets: moneyValue, amount: moneyValue })),
});
export type RakeBack = z.infer<typeof rakeBackSchema>;

export const rakeBackCall = {
  method: 'POST',
  path: '/agent/rakeback',
  summary: "Read today's rake back so far",
  answer: rakeBackSchema,
  access: 'user',
} satisfies Call;

// ---- earnings to the main balance

export const earningsWithdrawRequestSchema = z.object({
  from: z.enum(['commission', 'rakeback'], { error: 'invalid_type' }),
  amount: money,
});
export type EarningsWithdrawRequest = z.input<typeof earningsWithdrawRequestSchema>;
export const earningsWithdrawSchema = z.object({
  /** What is left in the earnings account moved from. */
  balance: moneyValue,
  /** The main balance (withdrawable) after the move. */
  canWithdrawCoin: moneyValue,
});

export const earningsWithdrawCall = {
  method: 'POST',
  path: '/agent/withdraw',
  summary: 'Move agent earnings to the main balance',
  input: earningsWithdrawRequestSchema,
  answer: earningsWithdrawSchema,
  access: 'user',
  movesMoney: true,
} satisfies Call;
