import type { ExpressionBuilder } from 'kysely';
import type { RatioView } from '#contract/agent';
import type { Day } from '../../business-days';
import type { Db } from '../../db/create-db';
import type { Database } from '../../db/types';
import { fieldError } from '../../http/envelope';
import { gameChannels } from '../ledger/service';
import { sendMessages } from '../messages/service';
import type { AgentRatiosTable } from './tables';
import { lockTree, parentOf } from './tree-repository';

/*
 * Ratios (decision 0017): basis points of the valid bet per user and channel, each version taking effect on
 * a business day; on day d the version with the latest effective_day <= d applies, none means 0. On the wire
 * a ratio is a percent with at most 2 decimals.
 */

export const bpToPercent = (bp: number): number => bp / 100;
export const percentToBp = (percent: number): number => Math.round(percent * 100);

/** After every day: the latest versions, waiting ones included (what the ceiling and floor are checked on). */
export const LATEST: Day = '9999-12-31';

/** Ratio rows as user -> channel -> ratio; a later row of the same pair overwrites an earlier one. */
function byUserAndChannel(
  rows: readonly { user_id: number; channel_code: string; ratio_bp: number }[],
): Map<number, Map<string, number>> {
  const result = new Map<number, Map<string, number>>();
  for (const row of rows) {
    let channels = result.get(row.user_id);
    if (!channels) {
      channels = new Map();
      result.set(row.user_id, channels);
    }
    channels.set(row.channel_code, row.ratio_bp);
  }
  return result;
}

/** Each user's ratio per channel on a day (users and channels without a version are absent: 0). */
export async function ratiosOnDay(
  db: Db,
  userIds: readonly number[],
  day: Day,
): Promise<Map<number, Map<string, number>>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('agent_ratios')
    .select(['user_id', 'channel_code', 'ratio_bp', 'effective_day'])
    .where('user_id', 'in', [...new Set(userIds)])
    .where('effective_day', '<=', day)
    .orderBy('effective_day')
    .execute();
  // Ordered by day: a later version overwrites an earlier one.
  return byUserAndChannel(rows);
}

export const ratioOf = (ratios: Map<number, Map<string, number>>, userId: number, channel: string): number =>
  ratios.get(userId)?.get(channel) ?? 0;

/**
 * A user's ratios as the app shows them: today's in every enabled channel, and a change waiting for its day;
 * channels named in `locale` (the reader's language).
 */
export async function ratioViews(db: Db, userId: number, today: Day, locale?: string): Promise<RatioView[]> {
  const [current, latest] = await Promise.all([
    ratiosOnDay(db, [userId], today),
    db
      .selectFrom('agent_ratios')
      .select(['channel_code', 'ratio_bp', 'effective_day'])
      .where('user_id', '=', userId)
      .where('effective_day', '>', today)
      .orderBy('effective_day')
      .execute(),
  ]);
  const waiting = new Map(latest.map((r) => [r.channel_code, r]));
  return (await gameChannels(db, locale))
    .filter((c) => c.enabled)
    .map((c) => {
      const next = waiting.get(c.code);
      return {
        channel: c.code,
        name: c.name,
        rate: bpToPercent(ratioOf(current, userId, c.code)),
        ...(next ? { next: { rate: bpToPercent(next.ratio_bp), from: next.effective_day } } : {}),
      };
    });
}

// ---- the write side: every change under the tree lock, checked on the latest versions

/**
 * Each user's latest version per channel, waiting ones included (what the ceiling and floor are checked
 * on): one row per (user, channel), found through the unique index (user, channel, effective_day).
 */
export async function latestRatios(
  db: Db,
  userIds: readonly number[],
): Promise<Map<number, Map<string, number>>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('agent_ratios as r')
    .select(['r.user_id', 'r.channel_code', 'r.ratio_bp'])
    .where('r.user_id', 'in', [...new Set(userIds)])
    .where('r.effective_day', '=', (eb) =>
      eb
        .selectFrom('agent_ratios as v')
        .select((v) => v.fn.max('v.effective_day').as('day'))
        .whereRef('v.user_id', '=', 'r.user_id')
        .whereRef('v.channel_code', '=', 'r.channel_code'),
    )
    .execute();
  return byUserAndChannel(rows);
}

/**
 * The versions of `r` in force on some day from `from` on: the one in force on `from` and every later one
 * (decision 0041: the ceiling and floor hold on each of those days). From LATEST: the latest version alone.
 */
const inForceFrom = (from: Day) => (eb: ExpressionBuilder<Database & { r: AgentRatiosTable }, 'r'>) =>
  eb.or([
    eb('r.effective_day', '>', from),
    eb(
      'r.effective_day',
      '=',
      eb
        .selectFrom('agent_ratios as v')
        .select((v) => v.fn.max('v.effective_day').as('day'))
        .whereRef('v.user_id', '=', 'r.user_id')
        .whereRef('v.channel_code', '=', 'r.channel_code')
        .where('v.effective_day', '<=', from),
    ),
  ]);

/** A user's lowest ratio on any day from `from` on, per channel (the ceiling of their members' changes). */
export async function lowestRatiosFrom(db: Db, userId: number, from: Day): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('agent_ratios as r')
    .select((eb) => ['r.channel_code', eb.fn.min('r.ratio_bp').as('bp')])
    .where('r.user_id', '=', userId)
    .where(inForceFrom(from))
    .groupBy('r.channel_code')
    .execute();
  return new Map(rows.map((r) => [r.channel_code, r.bp]));
}

/**
 * The highest ratio among a user's direct members on any day from `from` on (the latest versions by
 * default), per channel: the floor of the user's own.
 */
export async function highestMemberRatios(
  db: Db,
  userId: number,
  from: Day = LATEST,
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('agent_ratios as r')
    .innerJoin('agent_tree as t', 't.descendant_id', 'r.user_id')
    .select((eb) => ['r.channel_code', eb.fn.max('r.ratio_bp').as('bp')])
    .where('t.ancestor_id', '=', userId)
    .where('t.depth', '=', 1)
    .where(inForceFrom(from))
    .groupBy('r.channel_code')
    .execute();
  return new Map(rows.map((r) => [r.channel_code, r.bp]));
}

/** The highest latest ratio anywhere in a user's subtree, per channel (a bind must keep it under the agent). */
export async function highestSubtreeRatios(db: Db, userId: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('agent_ratios as r')
    .select((eb) => ['r.channel_code', eb.fn.max('r.ratio_bp').as('bp')])
    .where((eb) =>
      eb.or([
        eb('r.user_id', '=', userId),
        eb(
          'r.user_id',
          'in',
          eb.selectFrom('agent_tree as t').select('t.descendant_id').where('t.ancestor_id', '=', userId),
        ),
      ]),
    )
    .where('r.effective_day', '=', (eb) =>
      eb
        .selectFrom('agent_ratios as v')
        .select((v) => v.fn.max('v.effective_day').as('day'))
        .whereRef('v.user_id', '=', 'r.user_id')
        .whereRef('v.channel_code', '=', 'r.channel_code'),
    )
    .groupBy('r.channel_code')
    .execute();
  return new Map(rows.map((r) => [r.channel_code, r.bp]));
}

/** A ratio change as the write side takes it: basis points per channel, in the order the caller sent them. */
export interface RatioChange {
  channel: string;
  bp: number;
}

/** Where a change's problem is reported: the request's `ratios` list, item by item. */
const ratioPath = (index: number, field: 'channel' | 'rate') => `ratios.${index}.${field}`;

/** Refuses a channel that is not a game channel (`channel_not_found`); a later duplicate replaces an earlier one. */
async function checkedChanges(trx: Db, changes: readonly RatioChange[]): Promise<Map<string, number>> {
  const known = new Set((await gameChannels(trx)).map((c) => c.code));
  const byChannel = new Map<string, number>();
  for (const [index, change] of changes.entries()) {
    if (!known.has(change.channel)) throw fieldError(ratioPath(index, 'channel'), 'channel_not_found');
    if (!Number.isInteger(change.bp) || change.bp < 0 || change.bp > 10_000)
      throw fieldError(ratioPath(index, 'rate'), 'ratio_invalid');
    byChannel.set(change.channel, change.bp);
  }
  return byChannel;
}

/**
 * Sets a user's ratios from `effectiveDay` on (a second change for that day replaces the first; the day from
 * tree.ts' ratioChangeDay, taken under the tree lock). Checked under the tree lock on every day from
 * `effectiveDay` on (decision 0041): never above the parent's ratio of any of those days
 * (`ratio_above_parent`), never below a direct member's (`ratio_below_member`). Call inside a write
 * transaction.
 */
export async function setRatios(
  trx: Db,
  actorId: number | null,
  userId: number,
  changes: readonly RatioChange[],
  effectiveDay: Day,
  now: number,
): Promise<void> {
  await lockTree(trx);
  const byChannel = await checkedChanges(trx, changes);
  const parentId = await parentOf(trx, userId);
  const ceiling = parentId === undefined ? undefined : await lowestRatiosFrom(trx, parentId, effectiveDay);
  const floor = await highestMemberRatios(trx, userId, effectiveDay);
  for (const [index, change] of changes.entries()) {
    const bp = byChannel.get(change.channel) ?? change.bp;
    if (ceiling !== undefined && bp > (ceiling.get(change.channel) ?? 0))
      throw fieldError(ratioPath(index, 'rate'), 'ratio_above_parent');
    if (bp < (floor.get(change.channel) ?? 0))
      throw fieldError(ratioPath(index, 'rate'), 'ratio_below_member');
  }
  const before = (await latestRatios(trx, [userId])).get(userId);
  await writeRatios(trx, actorId, userId, byChannel, effectiveDay, now);
  await tellRatioChanges(trx, userId, before, byChannel, effectiveDay, now);
}

/**
 * One message to the member per channel whose ratio this call changes. Keyed by the member, channel, day and
 * new value: setting the same ratio again (a replay) writes nothing.
 */
async function tellRatioChanges(
  trx: Db,
  userId: number,
  before: ReadonlyMap<string, number> | undefined,
  byChannel: ReadonlyMap<string, number>,
  effectiveDay: Day,
  now: number,
): Promise<void> {
  // Named in the member's language at send time (decision 0048): a message's params are stored as sent.
  const member = await trx.selectFrom('users').select('locale').where('id', '=', userId).executeTakeFirst();
  const names = new Map((await gameChannels(trx, member?.locale ?? undefined)).map((c) => [c.code, c.name]));
  const changed = [...byChannel].filter(([channel, bp]) => (before?.get(channel) ?? 0) !== bp);
  await sendMessages(
    trx,
    changed.map(([channel, bp]) => ({
      userId,
      kind: 'ratio_changed' as const,
      params: {
        channel: names.get(channel) ?? channel,
        from: bpToPercent(before?.get(channel) ?? 0),
        rate: bpToPercent(bp),
        day: effectiveDay,
      },
      dedupeKey: `ratio:${userId}:${channel}:${effectiveDay}:${bp}`,
      now,
    })),
  );
}

/** Upserts versions without checks: for callers that have capped them already (a bind's first ratios). */
export async function writeRatios(
  trx: Db,
  actorId: number | null,
  userId: number,
  byChannel: ReadonlyMap<string, number>,
  effectiveDay: Day,
  now: number,
): Promise<void> {
  if (byChannel.size === 0) return;
  await trx
    .insertInto('agent_ratios')
    .values(
      [...byChannel].map(([channel, bp]) => ({
        user_id: userId,
        channel_code: channel,
        ratio_bp: bp,
        effective_day: effectiveDay,
        set_by: actorId,
        created_at: now,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['user_id', 'channel_code', 'effective_day']).doUpdateSet((eb) => ({
        ratio_bp: eb.ref('excluded.ratio_bp'),
        set_by: eb.ref('excluded.set_by'),
        created_at: eb.ref('excluded.created_at'),
      })),
    )
    .execute();
  await mirrorWireRatios(trx, userId, now);
}

/**
 * The spec's `rate`, `rate1`, `rate2` and `defaultRate` of user info (decision 0017: the channels slots,
 * live-casino and sports, and the first channel's default) are the user's LATEST ratios, a change waiting
 * for tomorrow included, kept in the users' old columns whenever a ratio or default is written: every answer
 * that carries user info reads them at no cost, and the agent pages show today's ratio and the waiting change
 * apart (`ratioViews`).
 */
export const WIRE_CHANNELS = { rate: 'slots', rate1: 'live-casino', rate2: 'sports' } as const;

async function mirrorWireRatios(trx: Db, userId: number, now: number): Promise<void> {
  const latest = (await latestRatios(trx, [userId])).get(userId);
  const firstChannel = (await gameChannels(trx)).find((c) => c.enabled)?.code;
  const defaults = await defaultsOf(trx, userId);
  const wire = (channel: string | undefined) => bpToPercent(channel ? (latest?.get(channel) ?? 0) : 0);
  await trx
    .updateTable('users')
    .set({
      rate: wire(WIRE_CHANNELS.rate),
      rate1: wire(WIRE_CHANNELS.rate1),
      rate2: wire(WIRE_CHANNELS.rate2),
      default_rate: bpToPercent(firstChannel ? (defaults.get(firstChannel) ?? 0) : 0),
      updated_at: now,
    })
    .where('id', '=', userId)
    .execute();
}

/**
 * An agent's defaults for new direct members, each within the agent's own latest ratio
 * (`ratio_above_parent`: "above your own"). Call inside a write transaction.
 */
export async function setDefaults(
  trx: Db,
  agentId: number,
  changes: readonly RatioChange[],
  now: number,
): Promise<void> {
  await lockTree(trx);
  const byChannel = await checkedChanges(trx, changes);
  const own = (await latestRatios(trx, [agentId])).get(agentId);
  for (const [index, change] of changes.entries()) {
    const bp = byChannel.get(change.channel) ?? change.bp;
    if (bp > (own?.get(change.channel) ?? 0))
      throw fieldError(ratioPath(index, 'rate'), 'ratio_above_parent');
  }
  await trx
    .insertInto('agent_defaults')
    .values(
      [...byChannel].map(([channel, bp]) => ({
        user_id: agentId,
        channel_code: channel,
        ratio_bp: bp,
        updated_at: now,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['user_id', 'channel_code']).doUpdateSet((eb) => ({
        ratio_bp: eb.ref('excluded.ratio_bp'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
  await mirrorWireRatios(trx, agentId, now);
}

/** An agent's defaults per channel. */
export async function defaultsOf(db: Db, agentId: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('agent_defaults')
    .select(['channel_code', 'ratio_bp'])
    .where('user_id', '=', agentId)
    .execute();
  return new Map(rows.map((r) => [r.channel_code, r.ratio_bp]));
}

/**
 * Ratios as the app shows them for many users at once (the team page): today's version and a waiting one
 * per channel, in one query (the latest version up to today, and any later one).
 */
export async function ratioViewsOf(
  db: Db,
  userIds: readonly number[],
  today: Day,
  locale?: string,
): Promise<Map<number, RatioView[]>> {
  const views = new Map<number, RatioView[]>();
  if (userIds.length === 0) return views;
  const [rows, channels] = await Promise.all([
    db
      .selectFrom('agent_ratios as r')
      .select(['r.user_id', 'r.channel_code', 'r.ratio_bp', 'r.effective_day'])
      .where('r.user_id', 'in', [...new Set(userIds)])
      // Today's version and any waiting one.
      .where(inForceFrom(today))
      .orderBy('r.effective_day')
      .execute(),
    gameChannels(db, locale),
  ]);
  const current = new Map<string, number>();
  const waiting = new Map<string, { bp: number; day: Day }>();
  for (const row of rows) {
    const key = `${row.user_id}:${row.channel_code}`;
    if (row.effective_day <= today) current.set(key, row.ratio_bp);
    else if (!waiting.has(key)) waiting.set(key, { bp: row.ratio_bp, day: row.effective_day });
  }
  for (const userId of new Set(userIds))
    views.set(
      userId,
      channels
        .filter((c) => c.enabled)
        .map((c) => {
          const key = `${userId}:${c.code}`;
          const next = waiting.get(key);
          return {
            channel: c.code,
            name: c.name,
            rate: bpToPercent(current.get(key) ?? 0),
            ...(next ? { next: { rate: bpToPercent(next.bp), from: next.day } } : {}),
          };
        }),
    );
  return views;
}
