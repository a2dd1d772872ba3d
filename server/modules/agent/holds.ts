import type { Hold, HoldListRequest } from '#contract/admin/agent';
import type { Page } from '#contract/paging';
import { toMoney } from '#contract/wallet';
import type { Day } from '../../business-days';
import type { AppContext } from '../../context';
import type { Db } from '../../db/create-db';
import { isPostgres } from '../../db/create-db';
import { conflict, fieldError } from '../../http/envelope';
import type { MoneyWork } from '../../http/idempotency';
import { offsetOf, pageOf } from '../../http/page';
import { recordAudit } from '../audit/service';
import { userSiteId } from '../auth/service';
import { earningsAccount, post, systemAccount } from '../ledger/service';
import { assertCanAccess, type Operator, type OperatorActing, visibleSites } from '../operators/service';
import * as repo from './settlement-repository';
import type { HoldReason, HoldState } from './tables';

/*
 * Commission held for review (decision 0017). At settlement, an agent's commission from a member is held
 * (posted to earn:<agent>:held, one agent_holds row per agent, member and day) when the two were seen at one
 * device (`shared_device`) or IP address (`shared_ip`), or when the member registered from an address the
 * agent used and completed a first deposit within 30 minutes of registering (`fast_deposit`: the same client
 * inviting itself). An operator releases it (to earn:<agent>:commission) or cancels it (back to
 * sys:commission), once; who, when and why are kept.
 */

/** A first deposit this soon after registering, from the agent's own address, looks like self-invitation. */
export const FAST_DEPOSIT_MS = 30 * 60_000;

/**
 * Why the commission of each (agent, member) pair (`agent:member`) of a day is held, for those it is. A
 * shared device outranks a fast deposit, which outranks a merely shared address.
 */
export async function holdReasons(
  db: Db,
  day: Day,
  pairs: ReadonlySet<string>,
): Promise<Map<string, HoldReason>> {
  const reasons = new Map<string, HoldReason>();
  if (pairs.size === 0) return reasons;
  const shared = (await repo.sharedSignals(db, day)).filter((s) => pairs.has(`${s.agent_id}:${s.member_id}`));
  const byIp: { agentId: number; memberId: number }[] = [];
  for (const s of shared) {
    const key = `${s.agent_id}:${s.member_id}`;
    if (s.kind === 'device') reasons.set(key, 'shared_device');
  }
  for (const s of shared) {
    const key = `${s.agent_id}:${s.member_id}`;
    if (s.kind === 'ip' && !reasons.has(key)) {
      reasons.set(key, 'shared_ip');
      byIp.push({ agentId: s.agent_id, memberId: s.member_id });
    }
  }
  if (byIp.length === 0) return reasons;
  const facts = await repo.registrationFacts(
    db,
    byIp.map((p) => p.memberId),
  );
  const quick = byIp.filter((p) => {
    const f = facts.get(p.memberId);
    return f?.firstIp && f.firstDeposit !== null && f.firstDeposit - f.createdAt <= FAST_DEPOSIT_MS;
  });
  const seen = await repo.seenAt(
    db,
    quick.map((p) => ({ userId: p.agentId, hash: facts.get(p.memberId)?.firstIp as string })),
  );
  for (const p of quick)
    if (seen.has(`${p.agentId}:${facts.get(p.memberId)?.firstIp}`))
      reasons.set(`${p.agentId}:${p.memberId}`, 'fast_deposit');
  return reasons;
}

// ---- the operator's review

const holdColumns = [
  'h.id',
  'h.agent_id',
  'h.member_id',
  'h.day',
  'h.amount',
  'h.reason',
  'h.state',
  'h.hold_transaction_id',
  'h.resolve_transaction_id',
  'h.resolved_by',
  'h.resolve_note',
  'h.created_at',
  'h.resolved_at',
  'a.uid as agent_uid',
  'm.uid as member_uid',
  'r.uid as resolver_uid',
] as const;

const holdsWithUsers = (db: Db) =>
  db
    .selectFrom('agent_holds as h')
    .innerJoin('users as a', 'a.id', 'h.agent_id')
    .innerJoin('users as m', 'm.id', 'h.member_id')
    .leftJoin('users as r', 'r.id', 'h.resolved_by');

interface HoldRow {
  id: number;
  day: string;
  amount: number;
  reason: HoldReason;
  state: HoldState;
  hold_transaction_id: number | null;
  resolve_transaction_id: number | null;
  resolve_note: string | null;
  created_at: number;
  resolved_at: number | null;
  agent_uid: number;
  member_uid: number;
  resolver_uid: number | null;
}

function toHold(row: HoldRow): Hold {
  return {
    id: row.id,
    agent: { uid: row.agent_uid },
    member: { uid: row.member_uid },
    day: row.day,
    amount: toMoney(row.amount),
    reason: row.reason,
    state: row.state,
    createdAt: row.created_at,
    resolvedBy: row.resolver_uid === null ? null : { uid: row.resolver_uid },
    resolvedAt: row.resolved_at,
    note: row.resolve_note,
    holdTransactionId: row.hold_transaction_id,
    resolveTransactionId: row.resolve_transaction_id,
  };
}

async function findHold(db: Db, id: number): Promise<Hold | undefined> {
  const row = await holdsWithUsers(db).select(holdColumns).where('h.id', '=', id).executeTakeFirst();
  return row && toHold(row);
}

/** Holds, newest first, of one state or all. */
export async function listHolds(
  ctx: AppContext,
  operator: Operator,
  req: HoldListRequest & { number: number; size: number },
): Promise<Page<Hold>> {
  let q = holdsWithUsers(ctx.db);
  if (req.state) q = q.where('h.state', '=', req.state);
  // A site operator: the holds of their sites' agents.
  const sites = visibleSites(operator, 'read', 'commission');
  if (sites) q = q.where('a.site_id', 'in', sites.length > 0 ? sites : [-1]);
  const [count, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    q.select(holdColumns).orderBy('h.id', 'desc').limit(req.size).offset(offsetOf(req)).execute(),
  ]);
  return pageOf(rows.map(toHold), count?.n ?? 0, req.number, req.size);
}

/**
 * Releases (to the agent's commission) or cancels (back to the house) a held commission, exactly once: a
 * second one, or one racing it, answers 409 `state_changed`. Its lines point at the release's posting.
 */
export const resolveHold = (
  ctx: AppContext,
  by: OperatorActing,
  id: number,
  outcome: Exclude<HoldState, 'held'>,
  note: string,
): MoneyWork<Hold> => ({
  run: async (trx) => {
    let q = trx
      .selectFrom('agent_holds')
      .select(['id', 'agent_id', 'day', 'amount', 'state'])
      .where('id', '=', id);
    if (isPostgres(trx)) q = q.forUpdate();
    const hold = await q.executeTakeFirst();
    if (!hold) throw fieldError('id', 'hold_not_found');
    const agentId = hold.agent_id;
    const siteId = await userSiteId(trx, agentId);
    assertCanAccess(by.operator, 'write', 'commission', { siteId });
    if (hold.state !== 'held') throw conflict('state_changed');
    const now = ctx.clock.now();
    const amount = hold.amount;
    let transactionId: number | null = null;
    if (amount !== 0) {
      const to =
        outcome === 'released' ? earningsAccount(agentId, 'commission') : systemAccount('commission');
      const posted = await post(trx, {
        type: outcome === 'released' ? 'agent_hold_release' : 'agent_hold_cancel',
        userId: agentId,
        ref: `hold:${id}`,
        legs: [
          { account: earningsAccount(agentId, 'held'), amount: -amount },
          { account: to, amount },
        ],
        now,
        external: { source: 'agent-hold', ref: `${outcome}:${id}` },
      });
      transactionId = posted.transactionId;
    }
    const changed = await trx
      .updateTable('agent_holds')
      .set({
        state: outcome,
        resolved_by: by.operator.userId,
        resolve_note: note,
        resolved_at: now,
        resolve_transaction_id: transactionId,
      })
      .where('id', '=', id)
      .where('state', '=', 'held')
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) throw conflict('state_changed');
    await recordAudit(
      trx,
      by.actor,
      {
        siteId,
        action: `commission.${outcome === 'released' ? 'release' : 'cancel'}`,
        resource: 'commission',
        recordId: id,
        before: { state: 'held', amount: toMoney(amount) },
        after: { state: outcome, note, transactionId },
      },
      now,
    );
    if (outcome === 'released' && transactionId !== null)
      await repo.setHoldLinesTransaction(trx, { id, agentId, day: hold.day }, transactionId);
    return (await findHold(trx, id)) as Hold;
  },
});
