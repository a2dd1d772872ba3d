import { randomBytes } from 'node:crypto';
import { encode } from 'uqr';
import type {
  AgentLinkInfo,
  AgentLinks,
  DownlinkRequest,
  GeneratedLink,
  RechargeLinkRequest,
} from '#contract/agent';
import { Status } from '#contract/envelope';
import { toMinor, toMoney } from '#contract/wallet';
import type { AppContext } from '../../context';
import type { Db } from '../../db/create-db';
import { codedError, fieldError } from '../../http/envelope';
import { bpToPercent, latestRatios, percentToBp } from './ratios';
import { bind, businessDays } from './tree';
import * as repo from './tree-repository';

/*
 * Invite codes and links (decision 0017): every user's invite code with its registration link and QR code;
 * links an agent makes, presetting a new member's ratio and job (`register`) or opening the deposit page for
 * a member (`recharge`); and the binding a registration makes through either, in its own transaction.
 */

/** A link's code: 96 random bits, URL-safe (the part of the URL nobody can guess). */
const newLinkCode = (): string => randomBytes(12).toString('base64url');

/** The characters a link's code is made of: anything else is no code (not worth a query). */
const LINK_CODE = /^[A-Za-z0-9_-]{1,32}$/;

/** A QR code as one SVG path, drawn here (no network), as the app's own QrCode component draws it. */
export function qrSvg(text: string): string {
  const { data, size } = encode(text, { ecc: 'M', border: 2 });
  let d = '';
  data.forEach((row, y) => {
    row.forEach((on, x) => {
      if (on) d += `M${x} ${y}h1v1h-1z`;
    });
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges">` +
    `<rect width="${size}" height="${size}" fill="#fff"/><path d="${d}" fill="#1c1917"/></svg>`
  );
}

/** The app's page for a path, on the origin the request came through. */
const pageUrl = (origin: string, path: string, params: Record<string, string>): string => {
  const url = new URL(path, origin);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
};

const notAnAgent = () => codedError(403, 403, 'not_an_agent');
export const memberNotFound = () => codedError(404, Status.notFound, 'member_not_found');
const linkNotFound = () => codedError(404, Status.notFound, 'link_not_found');

/** Loads a user who must be an agent (job 1 or 2), else `not_an_agent`. */
export async function agentOf(db: Db, userId: number): Promise<repo.TreeUser> {
  const user = await repo.findUserById(db, userId);
  if (!user || user.job < 1) throw notAnAgent();
  return user;
}

/** `/uid/app/links`: the user's invite code, the registration page with it filled in, and its QR code. */
export async function ownLinks(ctx: AppContext, userId: number, origin: string): Promise<AgentLinks> {
  const user = await repo.findUserById(ctx.db, userId);
  if (!user) throw memberNotFound();
  const registerUrl = pageUrl(origin, '/register', { code: user.invite_code });
  return { inviteCode: user.invite_code, registerUrl, qrSvg: qrSvg(registerUrl) };
}

async function insertLink(
  ctx: AppContext,
  values: {
    agent_id: number;
    kind: 'register' | 'recharge';
    ratio_bp?: number | null;
    join_job?: number | null;
    member_id?: number | null;
    amount?: number | null;
  },
): Promise<string> {
  const code = newLinkCode();
  await ctx.db
    .insertInto('agent_links')
    .values({
      code,
      ratio_bp: null,
      join_job: null,
      member_id: null,
      amount: null,
      ...values,
      created_at: ctx.clock.now(),
      expires_at: null,
    })
    .execute();
  return code;
}

/**
 * `/uid/app/gen/downlink`: a registration link presetting the new member's ratio (in every channel) and job.
 * Agents only; the ratio may not exceed the agent's own highest (`ratio_above_parent`), and at registration
 * each channel is capped by the agent's ratio there.
 */
export async function genDownlink(
  ctx: AppContext,
  userId: number,
  input: Required<DownlinkRequest>,
  origin: string,
): Promise<GeneratedLink> {
  await agentOf(ctx.db, userId);
  const ratioBp = percentToBp(input.rate);
  const own = (await latestRatios(ctx.db, [userId])).get(userId);
  if (ratioBp > Math.max(0, ...(own?.values() ?? []))) throw fieldError('rate', 'ratio_above_parent');
  const code = await insertLink(ctx, {
    agent_id: userId,
    kind: 'register',
    ratio_bp: ratioBp,
    join_job: input.join === 'agent' ? 1 : 0,
  });
  const url = pageUrl(origin, '/register', { link: code });
  return { code, url, qrSvg: qrSvg(url) };
}

/** `/uid/app/gen/rechargelink`: a link that opens the deposit page for a member of the agent's team. */
export async function genRechargeLink(
  ctx: AppContext,
  userId: number,
  input: RechargeLinkRequest,
  origin: string,
): Promise<GeneratedLink> {
  await agentOf(ctx.db, userId);
  const member = await repo.findUserByUid(ctx.db, input.memberUid);
  if (!member || (await repo.depthBelow(ctx.db, userId, member.id)) === undefined) throw memberNotFound();
  const code = await insertLink(ctx, {
    agent_id: userId,
    kind: 'recharge',
    member_id: member.id,
    amount: input.amount === undefined ? null : toMinor(input.amount),
  });
  const url = pageUrl(origin, '/Deposit', { for: code });
  return { code, url, qrSvg: qrSvg(url) };
}

/** A live link by its code (unknown, malformed or expired: undefined). */
async function liveLink(db: Db, code: string, now: number) {
  if (!LINK_CODE.test(code)) return undefined;
  const link = await db
    .selectFrom('agent_links as l')
    .innerJoin('users as a', 'a.id', 'l.agent_id')
    .select([
      'l.agent_id',
      'l.kind',
      'l.ratio_bp',
      'l.join_job',
      'l.member_id',
      'l.amount',
      'l.expires_at',
      'a.invite_code',
    ])
    .where('l.code', '=', code)
    .executeTakeFirst();
  if (!link || (link.expires_at !== null && link.expires_at <= now)) return undefined;
  return link;
}

/** `/agent/link` (public): what a link's code stands for, for the registration and deposit pages. */
export async function linkInfo(ctx: AppContext, code: string): Promise<AgentLinkInfo> {
  const link = await liveLink(ctx.db, code, ctx.clock.now());
  if (!link) throw linkNotFound();
  if (link.kind === 'register')
    return {
      kind: 'register',
      inviteCode: link.invite_code,
      rate: bpToPercent(link.ratio_bp ?? 0),
      join: (link.join_job ?? 0) >= 1 ? 'agent' : 'player',
    };
  const member =
    link.member_id === null
      ? undefined
      : await ctx.db.selectFrom('users').select('uid').where('id', '=', link.member_id).executeTakeFirst();
  return {
    kind: 'recharge',
    inviteCode: link.invite_code,
    ...(member ? { memberUid: member.uid } : {}),
    ...(link.amount === null ? {} : { amount: toMoney(link.amount) }),
  };
}

/** What a registration names: an invite code, or a link made by an agent (the link wins when both are sent). */
export interface RegistrationInvite {
  inviteCode: string | null;
  link: string | null;
}

interface ResolvedInvite {
  agentId: number;
  ratioBp: number | null;
  joinJob: number | null;
}

/**
 * The agent a registration binds to, or null when it names none. Refuses an unknown invite code
 * (`invite_code_not_found` on inviteCode) and an unknown, expired or non-registration link (`link_not_found`).
 */
export async function resolveInvite(
  db: Db,
  invite: RegistrationInvite,
  now: number,
): Promise<ResolvedInvite | null> {
  if (invite.link) {
    const link = await liveLink(db, invite.link, now);
    if (link?.kind !== 'register') throw fieldError('link', 'link_not_found');
    return {
      agentId: link.agent_id,
      ratioBp: link.ratio_bp,
      joinJob: link.join_job,
    };
  }
  const code = invite.inviteCode?.trim().toUpperCase();
  if (!code) return null;
  const agent = await repo.findUserByInviteCode(db, code);
  if (!agent) throw fieldError('inviteCode', 'invite_code_not_found');
  return { agentId: agent.id, ratioBp: null, joinJob: null };
}

/**
 * Binds a user who is registering, in the registration's transaction: the same business day, with the
 * link's preset ratio and job or the agent's defaults. The invite is resolved again here, so a link
 * that went away in between is refused rather than half applied.
 */
export async function bindAtRegistration(
  ctx: AppContext,
  trx: Db,
  userId: number,
  invite: RegistrationInvite,
  now: number,
): Promise<void> {
  const resolved = await resolveInvite(trx, invite, now);
  if (!resolved) return;
  await bind(trx, userId, resolved.agentId, {
    day: (await businessDays(ctx, userId, trx)).today,
    ratioBp: resolved.ratioBp,
    joinJob: resolved.joinJob,
    now,
  });
}
