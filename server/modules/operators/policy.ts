import { OPERATOR_RESOURCES, type OperatorAction, type OperatorResource } from '#contract/call';

/** The roles an operator may be granted on a site, or on every site (decision 0024). */
export const OPERATOR_ROLES = ['viewer', 'content_editor', 'payments_reviewer', 'administrator'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export interface Grant {
  role: OperatorRole;
  /** Null: every site. */
  siteId: number | null;
}

/** Who acts in an operator's call: their account and grants. */
export interface Operator {
  userId: number;
  grants: readonly Grant[];
}

/** Only administrators see who holds what and the audit log. */
const PRIVATE: ReadonlySet<OperatorResource> = new Set(['operator', 'audit']);
const READ_SHARED = OPERATOR_RESOURCES.filter((r) => !PRIVATE.has(r));

const CONTENT: readonly OperatorResource[] = ['banner', 'notice', 'catalogue', 'content', 'message'];
const PAYMENTS: readonly OperatorResource[] = ['deposit', 'withdrawal', 'commission', 'spin', 'bonus'];

/** What each role may read and write; anything not listed is denied. */
const RIGHTS: Record<OperatorRole, Record<OperatorAction, ReadonlySet<OperatorResource>>> = {
  viewer: { read: new Set(READ_SHARED), write: new Set(['session']) },
  content_editor: { read: new Set(READ_SHARED), write: new Set(['session', 'command', ...CONTENT]) },
  payments_reviewer: { read: new Set(READ_SHARED), write: new Set(['session', 'command', ...PAYMENTS]) },
  administrator: { read: new Set(OPERATOR_RESOURCES), write: new Set(OPERATOR_RESOURCES) },
};

/** A list's constraint: only records of these sites. */
export interface SiteConstraint {
  siteIds: number[];
}

export type Verdict = 'allow' | 'deny';

/** A record as access sees it: the site it belongs to (null: platform-wide, every site's). */
export interface Scoped {
  siteId: number | null;
}

/**
 * The one question of operator access. Without a record: `allow` (on every site), `deny`, or the sites a
 * list must be constrained to. With a record: `allow` or `deny` for that record's site; a platform-wide
 * record (site null) needs a grant on every site. Everything is denied unless a grant allows it.
 */
export function canAccess(
  actor: Operator,
  action: OperatorAction,
  resource: OperatorResource,
): Verdict | SiteConstraint;
export function canAccess(
  actor: Operator,
  action: OperatorAction,
  resource: OperatorResource,
  record: Scoped,
): Verdict;
export function canAccess(
  actor: Operator,
  action: OperatorAction,
  resource: OperatorResource,
  record?: Scoped,
): Verdict | SiteConstraint {
  const granting = actor.grants.filter((g) => RIGHTS[g.role]?.[action].has(resource));
  const everySite = granting.some((g) => g.siteId === null);
  if (record) {
    if (everySite) return 'allow';
    return record.siteId !== null && granting.some((g) => g.siteId === record.siteId) ? 'allow' : 'deny';
  }
  if (everySite) return 'allow';
  if (granting.length === 0) return 'deny';
  return { siteIds: [...new Set(granting.map((g) => g.siteId as number))].sort((a, b) => a - b) };
}

/** The sites a list may show: null for every site, else the ids (none when denied). */
export function visibleSites(
  actor: Operator,
  action: OperatorAction,
  resource: OperatorResource,
): number[] | null {
  const verdict = canAccess(actor, action, resource);
  if (verdict === 'allow') return null;
  if (verdict === 'deny') return [];
  return verdict.siteIds;
}

export const isOperatorRole = (role: string): role is OperatorRole =>
  (OPERATOR_ROLES as readonly string[]).includes(role);
