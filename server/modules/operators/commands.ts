import type { COMMAND_KINDS, Command } from '#contract/admin/operators';
import type { OperatorResource } from '#contract/call';
import type { COMMAND_STATES } from '#contract/console-states';
import type { Page } from '#contract/paging';
import type { AppContext } from '../../context';
import type { Db } from '../../db/create-db';
import { ApiError, codedError, conflict } from '../../http/envelope';
import { pageOf } from '../../http/page';
import { type AuditActor, recordAudit } from '../audit/service';
import { siteDomains } from '../site/service';
import { canAccess, type Operator, visibleSites } from './policy';

/*
 * Four-eyes commands (decision 0024): what one operator proposes, a second, different operator approves or
 * rejects. Approval and execution are one transaction; the command leaves `pending` once (a conditional
 * update), so a second approval applies nothing again. An execution that cannot apply any more (the
 * withdrawal moved on, the funds are gone) rolls back, and the command ends `failed` with the reason.
 */

export type CommandKind = (typeof COMMAND_KINDS)[number];
type CommandState = (typeof COMMAND_STATES)[number];

/** An operator acting: their grants, and who they are and where from for the audit log. */
export interface OperatorActing {
  operator: Operator;
  actor: AuditActor;
}

/** What a kind does once approved, registered by the module that owns the resource (registry.ts). */
export interface CommandHandler {
  resource: OperatorResource;
  /** Applies the payload in the approval's transaction; throws an ApiError when it cannot apply any more. */
  execute(trx: Db, payload: Record<string, unknown>, checker: OperatorActing, now: number): Promise<unknown>;
}

export type CommandHandlers = Partial<Record<CommandKind, CommandHandler>>;

export interface Proposal {
  kind: CommandKind;
  resource: OperatorResource;
  siteId: number | null;
  target: string;
  payload: Record<string, unknown>;
}

type CommandRow = Awaited<ReturnType<typeof findCommand>>;

const findCommand = (db: Db, id: number) =>
  db.selectFrom('operator_commands').selectAll().where('id', '=', id).executeTakeFirst();

/**
 * Records a proposal in the caller's transaction, audited. A pending command of the same kind and target
 * is answered instead of a second one.
 */
export async function propose(trx: Db, actor: AuditActor, proposal: Proposal, now: number): Promise<number> {
  const pending = await trx
    .selectFrom('operator_commands')
    .select('id')
    .where('kind', '=', proposal.kind)
    .where('target', '=', proposal.target)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  if (pending) return pending.id;
  const row = await trx
    .insertInto('operator_commands')
    .values({
      kind: proposal.kind,
      site_id: proposal.siteId,
      resource: proposal.resource,
      target: proposal.target,
      payload: JSON.stringify(proposal.payload),
      maker_id: actor.userId,
      state: 'pending',
      checker_id: null,
      reason: null,
      outcome: null,
      created_at: now,
      decided_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = row.id;
  await recordAudit(
    trx,
    actor,
    {
      siteId: proposal.siteId,
      action: `command.propose.${proposal.kind}`,
      resource: 'command',
      recordId: id,
      after: { target: proposal.target, payload: proposal.payload },
    },
    now,
  );
  return id;
}

/** The pending command of a kind on a target, if any (a list shows "awaiting a second operator"). */
export async function pendingCommandOf(db: Db, kind: CommandKind, target: string): Promise<number | null> {
  const row = await db
    .selectFrom('operator_commands')
    .select('id')
    .where('kind', '=', kind)
    .where('target', '=', target)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return row ? row.id : null;
}

/** Which of these targets have a pending command of a kind (a page of a list in one query). */
export async function pendingTargets(
  db: Db,
  kind: CommandKind,
  targets: readonly string[],
): Promise<Set<string>> {
  if (targets.length === 0) return new Set();
  const rows = await db
    .selectFrom('operator_commands')
    .select('target')
    .where('kind', '=', kind)
    .where('target', 'in', [...targets])
    .where('state', '=', 'pending')
    .execute();
  return new Set(rows.map((r) => r.target));
}

/** Who proposed what is pending on a target, and when: a list shows that it waits, and for whom. */
export interface PendingProposal {
  commandId: number;
  maker: { uid: number };
  proposedAt: number;
}

/** The pending commands of a kind on these targets, by target (a page of a list in one query). */
export async function pendingProposals(
  db: Db,
  kind: CommandKind,
  targets: readonly string[],
): Promise<Map<string, PendingProposal>> {
  if (targets.length === 0) return new Map();
  const rows = await db
    .selectFrom('operator_commands')
    .innerJoin('users', 'users.id', 'operator_commands.maker_id')
    .select(['operator_commands.id', 'operator_commands.target', 'operator_commands.created_at', 'users.uid'])
    .where('operator_commands.kind', '=', kind)
    .where('operator_commands.target', 'in', [...targets])
    .where('operator_commands.state', '=', 'pending')
    .execute();
  return new Map(
    rows.map((r) => [r.target, { commandId: r.id, maker: { uid: r.uid }, proposedAt: r.created_at }]),
  );
}

/** The command, if the checker may decide on it: write access to its resource on its site, not its maker. */
async function decidable(
  ctx: AppContext,
  checker: OperatorActing,
  id: number,
): Promise<NonNullable<CommandRow>> {
  const row = await findCommand(ctx.db, id);
  if (!row) throw codedError(404, 404, 'command_not_found');
  const scope = { siteId: row.site_id };
  if (canAccess(checker.operator, 'write', row.resource as OperatorResource, scope) === 'deny')
    throw codedError(403, 403, 'permission_denied');
  if (row.maker_id === checker.operator.userId) throw codedError(403, 403, 'maker_cannot_approve');
  return row;
}

/** Moves a pending command to its decision; false when it was no longer pending. */
async function decide(
  trx: Db,
  id: number,
  to: Exclude<CommandState, 'pending'>,
  checker: OperatorActing,
  now: number,
  extra: { reason?: string; outcome?: unknown },
): Promise<boolean> {
  const result = await trx
    .updateTable('operator_commands')
    .set({
      state: to,
      checker_id: checker.operator.userId,
      decided_at: now,
      reason: extra.reason ?? null,
      outcome: extra.outcome === undefined ? null : JSON.stringify(extra.outcome),
    })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

const audited = (
  trx: Db,
  checker: OperatorActing,
  row: NonNullable<CommandRow>,
  to: string,
  now: number,
  after: unknown,
) =>
  recordAudit(
    trx,
    checker.actor,
    {
      siteId: row.site_id,
      action: `command.${to}.${row.kind}`,
      resource: 'command',
      recordId: row.id,
      before: { state: 'pending' },
      after,
    },
    now,
  );

/**
 * Approves and executes in one transaction. Approving a command already approved answers it as it is
 * (nothing applies twice); one rejected or failed is a 409 `command_decided`.
 */
export async function approve(
  ctx: AppContext,
  handlers: CommandHandlers,
  checker: OperatorActing,
  id: number,
): Promise<Command> {
  const row = await decidable(ctx, checker, id);
  if (row.state === 'approved') return toCommand(ctx, row);
  if (row.state !== 'pending') throw conflict('command_decided');
  const handler = handlers[row.kind as CommandKind];
  if (!handler) throw new Error(`no handler for command kind ${row.kind}`);
  const payload = JSON.parse(row.payload) as Record<string, unknown>;
  const now = ctx.clock.now();
  try {
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await decide(trx, id, 'approved', checker, now, {}))) return;
      const outcome = await handler.execute(trx, payload, checker, now);
      await trx
        .updateTable('operator_commands')
        .set({ outcome: JSON.stringify(outcome ?? null) })
        .where('id', '=', id)
        .execute();
      await audited(trx, checker, row, 'approve', now, { state: 'approved', outcome });
    });
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    // Nothing of the execution stayed; the command ends failed, with why.
    const failure = failureCode(err);
    await ctx.db.transaction().execute(async (trx) => {
      if (await decide(trx, id, 'failed', checker, now, { outcome: { failure } }))
        await audited(trx, checker, row, 'fail', now, { state: 'failed', failure });
    });
  }
  return toCommand(ctx, (await findCommand(ctx.db, id)) as NonNullable<CommandRow>);
}

/** Rejects a pending command with a reason; nothing of it applies. */
export async function reject(
  ctx: AppContext,
  checker: OperatorActing,
  id: number,
  reason: string,
): Promise<Command> {
  const row = await decidable(ctx, checker, id);
  if (row.state !== 'pending') throw conflict('command_decided');
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await decide(trx, id, 'rejected', checker, now, { reason }))) throw conflict('command_decided');
    await audited(trx, checker, row, 'reject', now, { state: 'rejected', reason });
  });
  return toCommand(ctx, (await findCommand(ctx.db, id)) as NonNullable<CommandRow>);
}

/** The code an execution failed with (a field error's first code, else the call's). */
function failureCode(err: ApiError): string {
  const data = err.data as { code?: string; issues?: { code: string }[] } | undefined;
  return data?.issues?.[0]?.code ?? data?.code ?? 'state_changed';
}

/** Commands the operator may see (their sites'), newest first. */
export async function listCommands(
  ctx: AppContext,
  operator: Operator,
  state: CommandState | undefined,
  page: { number: number; size: number },
): Promise<Page<Command>> {
  const sites = visibleSites(operator, 'read', 'command');
  let query = ctx.db.selectFrom('operator_commands');
  if (state) query = query.where('state', '=', state);
  if (sites !== null) query = query.where('site_id', 'in', sites.length > 0 ? sites : [-1]);
  const [count, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    query
      .selectAll()
      .orderBy('id', 'desc')
      .limit(page.size)
      .offset(page.number * page.size)
      .execute(),
  ]);
  const content = await Promise.all(rows.map((r) => toCommand(ctx, r)));
  return pageOf(content, count?.n ?? 0, page.number, page.size);
}

async function uidOf(db: Db, userId: number | null): Promise<{ uid: number } | null> {
  if (userId === null) return null;
  const row = await db.selectFrom('users').select('uid').where('id', '=', userId).executeTakeFirst();
  return row ? { uid: row.uid } : null;
}

async function toCommand(ctx: AppContext, row: NonNullable<CommandRow>): Promise<Command> {
  const siteId = row.site_id;
  const [domains, maker, checker] = await Promise.all([
    siteDomains(ctx),
    uidOf(ctx.db, row.maker_id),
    uidOf(ctx.db, row.checker_id),
  ]);
  const outcome = row.outcome ? (JSON.parse(row.outcome) as { failure?: string }) : null;
  return {
    id: row.id,
    kind: row.kind as CommandKind,
    site: siteId === null ? null : { id: siteId, domain: domains.get(siteId) ?? '' },
    payload: JSON.parse(row.payload) as Record<string, unknown>,
    maker: maker ?? { uid: 0 },
    state: row.state,
    checker,
    reason: row.reason,
    failure: row.state === 'failed' ? (outcome?.failure ?? null) : null,
    createdAt: row.created_at,
    decidedAt: row.decided_at,
  };
}
