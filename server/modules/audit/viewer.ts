import type { AuditEntry, AuditFilter } from '#contract/admin/audit';
import type { Db } from '../../db/create-db';
import { PLATFORM_CHAIN } from './chain';

/*
 * Reading the audit log (the console's viewer and its CSV export). Which chains a reader may see is the
 * caller's to say (the operators module asks the access policy); null: every chain.
 */

function filtered(db: Db, chains: readonly number[] | null, filter: AuditFilter) {
  let q = db.selectFrom('audit_log').leftJoin('users', 'users.id', 'audit_log.actor_id');
  if (chains !== null) q = q.where('audit_log.chain', 'in', chains.length > 0 ? [...chains] : [-1]);
  if (filter.action !== '')
    q = q.where((eb) =>
      eb.or([
        eb('audit_log.action', '=', filter.action),
        eb('audit_log.action', 'like', `${filter.action}%`),
      ]),
    );
  if (filter.from !== undefined) q = q.where('audit_log.at', '>=', filter.from);
  if (filter.to !== undefined) q = q.where('audit_log.at', '<', filter.to);
  return q;
}

const COLUMNS = [
  'audit_log.id',
  'audit_log.chain',
  'audit_log.seq',
  'audit_log.at',
  'audit_log.ip',
  'audit_log.user_agent',
  'audit_log.action',
  'audit_log.resource',
  'audit_log.record_id',
  'audit_log.before',
  'audit_log.after',
  'audit_log.hash',
  'users.uid',
] as const;

type Row = AuditEntry & { hash: string };

async function read(
  db: Db,
  chains: readonly number[] | null,
  filter: AuditFilter,
  domains: ReadonlyMap<number, string>,
  order: 'asc' | 'desc',
  offset: number,
  limit: number,
): Promise<Row[]> {
  const rows = await filtered(db, chains, filter)
    .select(COLUMNS)
    .orderBy('audit_log.id', order)
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    site: r.chain === PLATFORM_CHAIN ? null : (domains.get(r.chain) ?? String(r.chain)),
    seq: r.seq,
    at: r.at,
    actorUid: r.uid,
    ip: r.ip,
    userAgent: r.user_agent,
    action: r.action,
    resource: r.resource,
    recordId: r.record_id,
    before: r.before,
    after: r.after,
    hash: r.hash,
  }));
}

/** A page of entries, newest first. */
export async function auditPage(
  db: Db,
  chains: readonly number[] | null,
  filter: AuditFilter,
  domains: ReadonlyMap<number, string>,
  page: { offset: number; limit: number },
): Promise<{ rows: AuditEntry[]; total: number }> {
  const [rows, count] = await Promise.all([
    read(db, chains, filter, domains, 'desc', page.offset, page.limit),
    filtered(db, chains, filter)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst(),
  ]);
  return { rows: rows.map(({ hash: _hash, ...entry }) => entry), total: count?.n ?? 0 };
}

const CSV_HEADER = [
  'id',
  'site',
  'seq',
  'at',
  'actor_uid',
  'ip',
  'user_agent',
  'action',
  'resource',
  'record_id',
  'before',
  'after',
  'hash',
];

/**
 * One CSV cell: quoted when it holds a comma, quote or line break; a cell a spreadsheet would run as a
 * formula (=, +, -, @, tab, carriage return first) gets a leading apostrophe (OWASP CSV injection).
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The entries as CSV, oldest first, at most `max` rows; `more` says that rows were left out. */
export async function auditCsv(
  db: Db,
  chains: readonly number[] | null,
  filter: AuditFilter,
  domains: ReadonlyMap<number, string>,
  max: number,
): Promise<{ csv: string; more: boolean }> {
  const rows = await read(db, chains, filter, domains, 'asc', 0, max + 1);
  const lines = [CSV_HEADER.join(',')];
  for (const r of rows.slice(0, max))
    lines.push(
      [
        r.id,
        r.site ?? 'platform',
        r.seq,
        new Date(r.at).toISOString(),
        r.actorUid,
        r.ip,
        r.userAgent,
        r.action,
        r.resource,
        r.recordId,
        r.before,
        r.after,
        r.hash,
      ]
        .map(csvCell)
        .join(','),
    );
  return { csv: `${lines.join('\r\n')}\r\n`, more: rows.length > max };
}
