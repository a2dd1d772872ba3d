import type { AppContext } from '../../context';
import type { Db } from '../../db/create-db';
import { bindAtRegistration, type RegistrationInvite, resolveInvite } from './invites';
import { type ClientSignals, recordSignals, signalsOf, writeSignals } from './signals';
import { memberCounts } from './tree-repository';

/*
 * The agent programme's face to other modules and to the server's plumbing. Auth never imports this: the
 * registry hands auth `agentRegistration(ctx)` (the agent module reads and writes users' agent columns,
 * so an import from auth would make the two depend on each other).
 */

/** What registration asks of the agent programme (the shape auth declares as RegistrationHooks). */
export interface AgentRegistration {
  /** Before anything is spent: refuses an unknown invite code or link (a field error). */
  checkInvite(invite: RegistrationInvite): Promise<void>;
  /**
   * In the registration's transaction, after the user row is written: binds the user to the code or
   * link (same business day; the link's ratio and job, or the agent's defaults) and records the client.
   */
  onRegistered(trx: Db, userId: number, invite: RegistrationInvite, client: ClientSignals): Promise<void>;
}

export function agentRegistration(ctx: AppContext): AgentRegistration {
  return {
    async checkInvite(invite) {
      await resolveInvite(ctx.db, invite, ctx.clock.now());
    },
    async onRegistered(trx, userId, invite, client) {
      const now = ctx.clock.now();
      await bindAtRegistration(ctx, trx, userId, invite, now);
      await writeSignals(trx, userId, signalsOf(client), now);
    },
  };
}

/**
 * Records where an authenticated request came from (hashed IP address and device id), at most once an hour
 * per value; never fails the request.
 */
export const recordRequestSignals = (ctx: AppContext, userId: number, client: ClientSignals): Promise<void> =>
  recordSignals(ctx.db, userId, client, ctx.clock.now(), (err) =>
    ctx.log.warn({ err }, 'could not record the client signals'),
  );

/** A user's members: direct, and in all (the report helper's team counts). */
export const teamCounts = (db: Db, userId: number): Promise<{ direct: number; total: number }> =>
  memberCounts(db, userId);

/** A user's place in the tree, ratios and their allowed ranges, as the console's account page shows them. */
export { ratiosForOperator } from './admin-ratios';
