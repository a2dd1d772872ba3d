import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { toMoney } from '#contract/wallet';
import { type Day, dayEndIn, isDay } from '../../business-days';
import type { AppContext } from '../../context';
import type { Db } from '../../db/create-db';
import {
  earningsAccount,
  ensureEarningsAccountsMany,
  findByExternalRefs,
  type Posting,
  postMany,
  systemAccount,
  withMoneyTx,
} from '../ledger/service';
import { type NewMessage, sendMessages } from '../messages/service';
import { businessTimeZones } from '../site/service';
import { holdReasons } from './holds';
import * as repo from './settlement-repository';
import { sharesOf } from './shares';
import type { AgentLineKind, HoldReason } from './tables';

/*
 * The settlement of a business day (decision 0017). Once the day has ended in every site's zone (decision 0033), one process at a time (a lease
 * on the day's row in agent_settlement_days) reads every member's valid bets of the day per channel, each
 * member's chain on that day and everyone's ratios on that day, shares each valid bet along its chain
 * (shares.ts), and posts ONE ledger transaction per earner and kind, from sys:rakeback to the member's
 * earn:<id>:rakeback and from sys:commission to the agent's earn:<id>:commission (or earn:<id>:held for
 * commission held for review), under the external reference settlement / <kind>:<day>:<userId>. Its lines
 * go to agent_lines in the same money transaction, with that transaction's id.
 *
 * A crash half-way leaves some earners posted: the next run (this process again, or another once the lease
 * has run out) skips them and posts the rest, from the same valid bets (those its lines used). A day's sums
 * change after it ended through a void, or a valid bet landing late (a round closed, a transfer record
 * pulled: decision 0040); once the day's row exists, either records a correction: booked by the day whose
 * first lease claims it, as lines of the difference it made at the round's own day's chain and ratios.
 */

/** A lease outlives a batch by far; a crashed settler's day is taken over after it. */
export const LEASE_MS = 5 * 60_000;
/** Lines per money transaction: large enough to be quick, short enough not to hold other writers long. */
const BATCH_LINES = 20_000;

const SOURCE = 'settlement';
export const settlementRef = (kind: AgentLineKind, day: Day, userId: number): string =>
  `${kind}:${day}:${userId}`;

const owners = new WeakMap<AppContext, string>();
/** This process's (this app's) name as a lease owner. */
export function settlementOwner(ctx: AppContext): string {
  let id = owners.get(ctx);
  if (!id) {
    id = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    owners.set(ctx, id);
  }
  return id;
}

export type SettleOutcome = 'settled' | 'already_settled' | 'busy' | 'not_ended';

export interface SettleResult {
  day: Day;
  outcome: SettleOutcome;
  /** (member, channel) valid bets shared. */
  validBets: number;
  /** Lines and postings written by this run (a resumed run skips what an earlier one posted). */
  lines: number;
  postings: number;
  holds: number;
  /** Corrections of earlier days booked on this one. */
  corrections: number;
  /** Where the time went (the bench reports it): reading the day, sharing it out, writing it. */
  ms: { read: number; compute: number; write: number };
}

export interface SettleOptions {
  batchLines?: number;
  leaseMs?: number;
  /** Tests: runs after each committed batch (a throw stops the run there, as a crash would). */
  afterBatch?: (batch: number) => void | Promise<void>;
}

/** One line before it is written: where its money goes is decided per batch. */
interface Line {
  kind: AgentLineKind;
  earner: number;
  member: number;
  channel: string;
  depth: number;
  validBet: number;
  ratio: number;
  below: number;
  amount: number;
  correctsDay: Day | null;
}

class LeaseLost extends Error {}

type Chains = Map<number, { ancestor: number; depth: number }[]>;

function chainsOf(rows: repo.ChainRow[]): Chains {
  const chains: Chains = new Map();
  for (const r of rows) {
    let chain = chains.get(r.descendant_id);
    if (!chain) {
      chain = [];
      chains.set(r.descendant_id, chain);
    }
    chain.push({ ancestor: r.ancestor_id, depth: r.depth });
  }
  for (const chain of chains.values()) chain.sort((a, b) => a.depth - b.depth);
  return chains;
}

/** The chain's users from the member up, and their ratios in the channel. */
function chainOf(
  chains: Chains,
  ratios: Map<number, Map<string, number>>,
  member: number,
  channel: string,
): { users: number[]; depths: number[]; ratios: number[] } {
  const above = chains.get(member) ?? [];
  const users = [member, ...above.map((a) => a.ancestor)];
  return {
    users,
    depths: [0, ...above.map((a) => a.depth)],
    ratios: users.map((u) => ratios.get(u)?.get(channel) ?? 0),
  };
}

/** The lines of one valid bet along its chain (shares of 0 leave no line). */
function linesOf(
  chains: Chains,
  ratios: Map<number, Map<string, number>>,
  member: number,
  channel: string,
  validBet: number,
  out: Line[],
): void {
  const chain = chainOf(chains, ratios, member, channel);
  for (const share of sharesOf(validBet, chain.ratios)) {
    if (share.amount === 0) continue;
    out.push({
      kind: share.depth === 0 ? 'rakeback' : 'commission',
      earner: chain.users[share.depth] as number,
      member,
      channel,
      depth: chain.depths[share.depth] as number,
      validBet,
      ratio: share.ratioBp,
      below: share.belowRatioBp,
      amount: share.amount,
      correctsDay: null,
    });
  }
}

/**
 * The lines of the corrections booked on a day: each the difference its void made to the shares of the
 * voided round's (member, day, channel), at that day's chain and ratios. Corrections of one (member, day,
 * channel) apply in order, from the valid bet the day was settled with.
 */
async function correctionLines(db: Db, corrections: repo.CorrectionRow[], out: Line[]): Promise<void> {
  const byDay = new Map<Day, repo.CorrectionRow[]>();
  for (const c of corrections) byDay.set(c.round_day, [...(byDay.get(c.round_day) ?? []), c]);
  for (const [roundDay, booked] of byDay) {
    const members = [...new Set(booked.map((c) => c.user_id))];
    const chains = chainsOf(await repo.chainsOnDay(db, roundDay, members));
    const users = [...new Set([...members, ...[...chains.values()].flat().map((a) => a.ancestor)])];
    const ratios = await repo.ratiosOn(db, roundDay, users);
    const settledWith = new Map(
      (await repo.dayValidBets(db, roundDay, members)).map((v) => [
        `${v.user_id}:${v.channel_code}`,
        v.valid_bet,
      ]),
    );
    const bookedIds = new Set(booked.map((c) => c.id));
    const running = new Map(settledWith);
    for (const c of await repo.correctionsOfDay(db, roundDay, members)) {
      const key = `${c.user_id}:${c.channel_code}`;
      const before = running.get(key) ?? 0;
      const after = before + c.valid_bet_delta;
      running.set(key, after);
      if (!bookedIds.has(c.id)) continue;
      const chain = chainOf(chains, ratios, c.user_id, c.channel_code);
      const was = sharesOf(Math.max(before, 0), chain.ratios);
      const now = sharesOf(Math.max(after, 0), chain.ratios);
      for (const [i, share] of now.entries()) {
        const amount = share.amount - (was[i]?.amount ?? 0);
        if (amount === 0) continue;
        out.push({
          kind: i === 0 ? 'rakeback' : 'commission',
          earner: chain.users[i] as number,
          member: c.user_id,
          channel: c.channel_code,
          depth: chain.depths[i] as number,
          validBet: c.valid_bet_delta,
          ratio: share.ratioBp,
          below: share.belowRatioBp,
          amount,
          correctsDay: roundDay,
        });
      }
    }
  }
}

/** Takes the day: creates its row (claiming the corrections it books) or takes over a lapsed lease. */
async function takeDay(
  ctx: AppContext,
  day: Day,
  owner: string,
  leaseMs: number,
): Promise<'fresh' | 'resumed' | 'busy' | 'settled'> {
  return withMoneyTx(ctx.db, async (trx) => {
    await repo.lockDay(trx, day, 'exclusive');
    const now = ctx.clock.now();
    if (await repo.createDay(trx, day, owner, now + leaseMs)) {
      await repo.claimCorrections(trx, day);
      return 'fresh';
    }
    const row = await repo.findDay(trx, day);
    if (row?.state === 'settled') return 'settled';
    return (await repo.takeLease(trx, day, owner, now, now + leaseMs)) ? 'resumed' : 'busy';
  });
}

interface EarnerLines {
  earner: number;
  rakeback: Line[];
  commission: Line[];
}

/**
 * Writes one batch of earners in one money transaction, under the lease: each earner's postings (one per
 * kind) and lines, the day's new holds, and corrections against holds still open. Earners posted before (a
 * crashed run's) are skipped whole.
 */
async function writeBatch(
  ctx: AppContext,
  day: Day,
  owner: string,
  leaseMs: number,
  batch: EarnerLines[],
  held: Map<string, HoldReason>,
): Promise<{ lines: number; postings: number; holds: number }> {
  return withMoneyTx(ctx.db, async (trx) => {
    const now = ctx.clock.now();
    if (!(await repo.renewLease(trx, day, owner, now + leaseMs))) throw new LeaseLost();
    const refs = batch.flatMap((e) => [
      ...(e.rakeback.length > 0 ? [settlementRef('rakeback', day, e.earner)] : []),
      ...(e.commission.length > 0 ? [settlementRef('commission', day, e.earner)] : []),
    ]);
    const posted = await findByExternalRefs(trx, SOURCE, refs);

    // Commission of an earlier day still held, cancelled or released: its correction follows it.
    const corrected = batch.flatMap((e) =>
      e.commission
        .filter((l) => l.correctsDay !== null)
        .map((l) => ({ agentId: l.earner, memberId: l.member, day: l.correctsDay as Day })),
    );
    const earlierHolds = new Map(
      (await repo.lockHolds(trx, corrected)).map((h) => [`${h.agent_id}:${h.member_id}:${h.day}`, h]),
    );

    type Where = 'paid' | 'held' | { hold: repo.HoldRef };
    const postings: Posting[] = [];
    const written: { line: Line; where: Where; posting: number }[] = [];
    const told = new Map<number, { rakeback: number; commission: number; held: number }>();
    const tell = (earner: number) => {
      const t = told.get(earner) ?? { rakeback: 0, commission: 0, held: 0 };
      told.set(earner, t);
      return t;
    };
    for (const e of batch) {
      if (e.rakeback.length > 0 && !posted.has(settlementRef('rakeback', day, e.earner))) {
        const total = e.rakeback.reduce((s, l) => s + l.amount, 0);
        tell(e.earner).rakeback += total;
        for (const line of e.rakeback) written.push({ line, where: 'paid', posting: postings.length });
        postings.push({
          type: 'agent_rakeback',
          userId: e.earner,
          ref: `settlement:${day}`,
          legs: [
            { account: systemAccount('rakeback'), amount: -total },
            { account: earningsAccount(e.earner, 'rakeback'), amount: total },
          ],
          now,
          external: { source: SOURCE, ref: settlementRef('rakeback', day, e.earner) },
        });
      }
      if (e.commission.length > 0 && !posted.has(settlementRef('commission', day, e.earner))) {
        let paid = 0;
        let toHeld = 0;
        for (const line of e.commission) {
          let where: Where = 'paid';
          if (line.correctsDay === null) {
            if (held.has(`${line.earner}:${line.member}`)) where = 'held';
          } else {
            const hold = earlierHolds.get(`${line.earner}:${line.member}:${line.correctsDay}`);
            if (hold && hold.state !== 'released') where = { hold };
          }
          if (where === 'paid') paid += line.amount;
          else if (where === 'held' || where.hold.state === 'held') toHeld += line.amount;
          written.push({ line, where, posting: postings.length });
        }
        const t = tell(e.earner);
        t.commission += paid;
        t.held += toHeld;
        postings.push({
          type: 'agent_commission',
          userId: e.earner,
          ref: `settlement:${day}`,
          legs: [
            { account: systemAccount('commission'), amount: -(paid + toHeld) },
            { account: earningsAccount(e.earner, 'commission'), amount: paid },
            { account: earningsAccount(e.earner, 'held'), amount: toHeld },
          ],
          now,
          external: { source: SOURCE, ref: settlementRef('commission', day, e.earner) },
        });
      }
    }
    if (postings.length === 0) return { lines: 0, postings: 0, holds: 0 };
    const results = await postMany(trx, postings);
    await sendMessages(trx, settledMessages(day, told, now));
    const txOf = (i: number) => (results[i] as { transactionId: number }).transactionId;

    // The day's holds: one per (agent, member), of the commission lines it keeps back.
    const newHolds = new Map<
      string,
      { agentId: number; memberId: number; amount: number; posting: number }
    >();
    for (const w of written)
      if (w.where === 'held') {
        const key = `${w.line.earner}:${w.line.member}`;
        const hold = newHolds.get(key) ?? {
          agentId: w.line.earner,
          memberId: w.line.member,
          amount: 0,
          posting: w.posting,
        };
        hold.amount += w.line.amount;
        newHolds.set(key, hold);
      }
    const holdIds = await repo.insertHolds(
      trx,
      [...newHolds].map(([key, h]) => ({
        agentId: h.agentId,
        memberId: h.memberId,
        day,
        amount: h.amount,
        reason: held.get(key) as HoldReason,
        transactionId: txOf(h.posting),
        now,
      })),
    );
    const heldCorrections = new Map<number, number>();
    for (const w of written)
      if (typeof w.where === 'object' && w.where.hold.state === 'held')
        heldCorrections.set(w.where.hold.id, (heldCorrections.get(w.where.hold.id) ?? 0) + w.line.amount);
    for (const [holdId, delta] of heldCorrections) await repo.addToHold(trx, holdId, delta);

    await repo.insertLines(
      trx,
      written.map(({ line, where, posting }) => ({
        day,
        kind: line.kind,
        earner_id: line.earner,
        member_id: line.member,
        channel_code: line.channel,
        depth: line.depth,
        valid_bet: line.validBet,
        ratio_bp: line.ratio,
        below_ratio_bp: line.below,
        amount: line.amount,
        corrects_day: line.correctsDay,
        // Held: no money reached the earner yet (the posting holds it); released, the release posting.
        hold_id:
          where === 'paid'
            ? null
            : where === 'held'
              ? (holdIds.get(`${line.earner}:${line.member}`) as number)
              : where.hold.id,
        ledger_transaction_id: where === 'paid' ? txOf(posting) : null,
        created_at: now,
      })),
    );
    return { lines: written.length, postings: postings.length, holds: newHolds.size };
  });
}

/**
 * Each earner's message of the day, written with the batch that posts the earner (a resumed run skips the
 * earners posted before, and the key skips any message written twice). Amounts in money units.
 */
function settledMessages(
  day: Day,
  told: ReadonlyMap<number, { rakeback: number; commission: number; held: number }>,
  now: number,
): NewMessage[] {
  return [...told]
    .filter(([, t]) => t.rakeback + t.commission + t.held > 0)
    .map(([earner, t]) => ({
      userId: earner,
      kind: 'commission_settled',
      params: {
        day,
        commission: toMoney(t.commission),
        held: toMoney(t.held),
        rakeback: toMoney(t.rakeback),
      },
      dedupeKey: `settlement:${day}:${earner}`,
      now,
    }));
}

/**
 * Settles a business day: once it has ended, under its lease (`busy` while another process holds it),
 * once (`already_settled` after). Safe to run again after a crash at any point: it resumes.
 */
export async function settleDay(
  ctx: AppContext,
  day: Day,
  owner = settlementOwner(ctx),
  opts: SettleOptions = {},
): Promise<SettleResult> {
  if (!isDay(day)) throw new Error(`settlement: not a day: ${day}`);
  const leaseMs = opts.leaseMs ?? LEASE_MS;
  const result: SettleResult = {
    day,
    outcome: 'settled',
    validBets: 0,
    lines: 0,
    postings: 0,
    holds: 0,
    corrections: 0,
    ms: { read: 0, compute: 0, write: 0 },
  };
  let mark = performance.now();
  const lap = (phase: keyof SettleResult['ms']) => {
    const at = performance.now();
    result.ms[phase] += Math.round(at - mark);
    mark = at;
  };
  if (ctx.clock.now() < dayEndIn(day, await businessTimeZones(ctx)))
    return { ...result, outcome: 'not_ended' };
  const taken = await takeDay(ctx, day, owner, leaseMs);
  if (taken === 'busy') return { ...result, outcome: 'busy' };
  if (taken === 'settled') return { ...result, outcome: 'already_settled' };

  const db = ctx.db;
  const [validBets, usedBefore, chainRows, ratios, corrections] = await Promise.all([
    repo.dayValidBets(db, day),
    taken === 'resumed' ? repo.validBetsOfLines(db, day) : Promise.resolve([]),
    repo.chainsOnDay(db, day),
    repo.ratiosOn(db, day),
    repo.correctionsBookedOn(db, day),
  ]);
  lap('read');
  // A resumed run shares what the first one did wherever it wrote lines (a round closing late since would
  // otherwise split one valid bet's chain between two figures).
  const used = new Map(usedBefore.map((v) => [`${v.user_id}:${v.channel_code}`, v.valid_bet]));
  const chains = chainsOf(chainRows);
  const lines: Line[] = [];
  for (const v of validBets) {
    const validBet = used.get(`${v.user_id}:${v.channel_code}`) ?? v.valid_bet;
    if (validBet <= 0) continue;
    result.validBets++;
    linesOf(chains, ratios, v.user_id, v.channel_code, validBet, lines);
  }
  await correctionLines(db, corrections, lines);
  result.corrections = corrections.length;

  // Commission kept back for review, per (agent, member) the day paid anything to.
  const earned = new Map<string, number>();
  for (const l of lines)
    if (l.kind === 'commission' && l.correctsDay === null) {
      const key = `${l.earner}:${l.member}`;
      earned.set(key, (earned.get(key) ?? 0) + l.amount);
    }
  const held = await holdReasons(db, day, new Set([...earned].filter(([, a]) => a > 0).map(([k]) => k)));

  const byEarner = new Map<number, EarnerLines>();
  for (const l of lines) {
    let e = byEarner.get(l.earner);
    if (!e) {
      e = { earner: l.earner, rakeback: [], commission: [] };
      byEarner.set(l.earner, e);
    }
    (l.kind === 'rakeback' ? e.rakeback : e.commission).push(l);
  }
  const earners = [...byEarner.values()].sort((a, b) => a.earner - b.earner);
  lap('compute');
  if (earners.length > 0)
    await withMoneyTx(db, (trx) =>
      ensureEarningsAccountsMany(
        trx,
        earners.map((e) => e.earner),
        ctx.clock.now(),
      ),
    );

  try {
    const batchLines = opts.batchLines ?? BATCH_LINES;
    let batch: EarnerLines[] = [];
    let size = 0;
    let n = 0;
    const flush = async () => {
      if (batch.length === 0) return;
      const written = await writeBatch(ctx, day, owner, leaseMs, batch, held);
      result.lines += written.lines;
      result.postings += written.postings;
      result.holds += written.holds;
      batch = [];
      size = 0;
      await opts.afterBatch?.(++n);
    };
    for (const e of earners) {
      batch.push(e);
      size += e.rakeback.length + e.commission.length;
      if (size >= batchLines) await flush();
    }
    await flush();
    const finished = await withMoneyTx(db, (trx) => repo.finishDay(trx, day, owner, ctx.clock.now()));
    if (!finished) throw new LeaseLost();
    lap('write');
  } catch (err) {
    if (!(err instanceof LeaseLost)) throw err;
    ctx.log.warn({ day, owner }, 'settlement lease lost: the day is left to its new holder');
    return { ...result, outcome: 'busy' };
  }
  return result;
}
