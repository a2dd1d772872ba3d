// Issue 16, decision 0024: the operators' audit log. A row commits or rolls back with the action it
// describes; the database refuses UPDATE and DELETE (on SQLite and PostgreSQL); the verify walk finds an
// edited, a deleted and a reordered row, and `npm run audit:verify` reports them.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db/create-db';
import { createSqliteDb } from '../../../server/db/create-db';
import { migrateToLatest } from '../../../server/db/migrate';
import { legacyAuditHash, recordAudit, verifyAudit } from '../../../server/modules/audit/service';
import { quickUser } from '../agent/team-fixtures';
import { serverForSuite, TEST_AUDIT_KEY, usingPostgres } from '../harness';
import { makeOperator } from '../operators/helpers';
import { deposit, money, newUser, withdrawalInReview } from '../wallet/helpers';
import { actor, chainOf, tampering } from './fixtures';

const run = promisify(execFile);
const server = serverForSuite({ demoSeed: true });

const rowsOf = (db: Db, chain: number) =>
  db.selectFrom('audit_log').selectAll().where('chain', '=', chain).orderBy('seq').execute();

describe('an operator action and its audit row', () => {
  async function pendingWithdrawal() {
    const user = await newUser(server);
    await deposit(server, user, 300);
    return withdrawalInReview(server, user, 100);
  }

  it('commit together: a rejection writes its row with who, from where, before and after', async () => {
    const op = await quickUser(server);
    await makeOperator(server, op);
    const id = await pendingWithdrawal();
    const res = await money(server, '/admin/withdrawals/reject', { id, reason: 'name mismatch' }, op.token);
    expect(res.status).toBe(200);
    const row = await server.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'withdrawal.reject')
      .where('record_id', '=', String(id))
      .executeTakeFirstOrThrow();
    expect({
      actor: Number(row.actor_id),
      before: JSON.parse(row.before ?? ''),
      after: JSON.parse(row.after ?? ''),
    }).toEqual({
      actor: op.id,
      before: { state: 'WaitReview' },
      after: { state: 'Fail', reason: 'name mismatch' },
    });
  });

  it('roll back together: when the audit row cannot be written, the rejection does not happen', async () => {
    const op = await quickUser(server);
    await makeOperator(server, op);
    const id = await pendingWithdrawal();
    const failing = usingPostgres()
      ? [
          sql`create function audit_fail() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$`,
          sql`create trigger audit_fail before insert on audit_log for each row execute function audit_fail()`,
        ]
      : [
          sql`create trigger audit_fail before insert on audit_log begin select raise(abort, 'disk full'); end`,
        ];
    for (const q of failing) await q.execute(server.db);
    try {
      const res = await money(server, '/admin/withdrawals/reject', { id, reason: 'x' }, op.token);
      expect(res.http).toBe(500);
    } finally {
      await sql`drop trigger audit_fail${usingPostgres() ? sql` on audit_log` : sql``}`.execute(server.db);
      if (usingPostgres()) await sql`drop function audit_fail`.execute(server.db);
    }
    const w = await server.db
      .selectFrom('withdrawals')
      .select('state')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(w.state).toBe('WaitReview');
  });

  it('roll back together: an append in a transaction that fails leaves neither row nor head', async () => {
    const chain = 901;
    await chainOf(server.db, chain, 1);
    await expect(
      server.db.transaction().execute(async (trx) => {
        await recordAudit(trx, actor, { siteId: chain, action: 'doomed', resource: 'site', recordId: 1 }, 5);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect((await rowsOf(server.db, chain)).map((r) => r.action)).toEqual(['test.0']);
    expect(await verifyAudit(server.db)).toEqual([]);
  });
});

describe('every operator action is audited', () => {
  it('a notice published, edited and withdrawn, and a job changed: one row each, by the operator', async () => {
    const op = await quickUser(server);
    await makeOperator(server, op);
    const texts = { 'en-US': { title: 'Audit', body: 'first' } };
    const created = await server.post('/admin/notices/create', { texts }, op.token);
    const id = created.data.id;
    await server.post(
      '/admin/notices/edit',
      { id, texts: { 'en-US': { title: 'Audit', body: 'second' } } },
      op.token,
    );
    await server.post('/admin/notices/withdraw', { id }, op.token);
    const member = await quickUser(server, { job: 1 });
    expect(
      (await server.post('/admin/agent/job', { uid: member.uid, senior: true }, op.token)).data.job,
    ).toBe(2);
    const rows = await server.db
      .selectFrom('audit_log')
      .select(['action', 'record_id', 'actor_id'])
      .where('actor_id', '=', op.id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.action, r.record_id])).toEqual([
      ['session.second_factor', expect.any(String)],
      ['notice.create', String(id)],
      ['notice.edit', String(id)],
      ['notice.withdraw', String(id)],
      ['user.job', String(member.uid)],
    ]);
    expect(await verifyAudit(server.db)).toEqual([]);
  });
});

describe('append-only', () => {
  it('refuses UPDATE and DELETE of audit rows', async () => {
    await chainOf(server.db, 902, 2);
    await expect(
      server.db
        .updateTable('audit_log')
        .set({ action: 'nothing happened' })
        .where('chain', '=', 902)
        .execute(),
    ).rejects.toThrow(/append-only/);
    await expect(server.db.deleteFrom('audit_log').where('chain', '=', 902).execute()).rejects.toThrow(
      /append-only/,
    );
    if (usingPostgres())
      await expect(sql`truncate audit_log`.execute(server.db)).rejects.toThrow(/append-only/);
    expect(await rowsOf(server.db, 902)).toHaveLength(2);
  });

  it('keeps one sequence per chain under concurrent appends', async () => {
    const chain = 903;
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        server.db
          .transaction()
          .execute((trx) =>
            recordAudit(trx, actor, { siteId: chain, action: 'c', resource: 'site', recordId: i }, i),
          ),
      ),
    );
    expect((await rowsOf(server.db, chain)).map((r) => Number(r.seq))).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect((await verifyAudit(server.db)).filter((f) => f.chain === chain)).toEqual([]);
  });
});

describe('verify', () => {
  it('finds one edited, one deleted and one reordered row, and nothing on an intact chain', async () => {
    const chain = 904;
    await chainOf(server.db, chain, 7);
    await chainOf(server.db, 905, 3);
    expect(await verifyAudit(server.db)).toEqual([]);
    const rows = await rowsOf(server.db, chain);
    const idOf = (seq: number) => Number(rows[seq - 1]?.id);
    await tampering(server.db, async () => {
      // Edited: the after of row 2.
      await server.db.updateTable('audit_log').set({ after: '{"i":99}' }).where('id', '=', idOf(2)).execute();
      // Deleted: row 4.
      await server.db.deleteFrom('audit_log').where('id', '=', idOf(4)).execute();
      // Reordered: rows 6 and 7 swap their places in the table.
      await server.db.updateTable('audit_log').set({ id: -1 }).where('id', '=', idOf(6)).execute();
      await server.db
        .updateTable('audit_log')
        .set({ id: idOf(6) })
        .where('id', '=', idOf(7))
        .execute();
      await server.db
        .updateTable('audit_log')
        .set({ id: idOf(7) })
        .where('id', '=', -1)
        .execute();
    });
    expect(await verifyAudit(server.db)).toEqual([
      { chain, seq: 2, problem: 'edited' },
      { chain, seq: 4, problem: 'deleted' },
      { chain, seq: 7, problem: 'reordered' },
    ]);
  });

  it('finds a row rewritten with a fresh hash (the next link breaks) and a deleted last row', async () => {
    const chain = 906;
    await chainOf(server.db, chain, 3);
    const rows = await rowsOf(server.db, chain);
    const first = rows[0];
    if (!first) throw new Error('no rows');
    const forged = {
      ...first,
      chain,
      seq: 1,
      at: Number(first.at),
      actor_id: Number(first.actor_id),
      after: '{"i":-1}',
    };
    await tampering(server.db, async () => {
      await server.db
        .updateTable('audit_log')
        .set({ after: forged.after, hash: legacyAuditHash(forged) })
        .where('id', '=', first.id)
        .execute();
      await server.db.deleteFrom('audit_log').where('id', '=', Number(rows[2]?.id)).execute();
    });
    expect((await verifyAudit(server.db)).filter((f) => f.chain === chain)).toEqual([
      { chain, seq: 1, problem: 'edited' },
      { chain, seq: 3, problem: 'deleted' },
    ]);
  });
});

describe.skipIf(usingPostgres())('npm run audit:verify (SQLite: the CLI opens DATA_DIR/beacon.db)', () => {
  it('exits 0 on an intact log and 1 with the breaks listed', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'audit-cli-'));
    const db = createSqliteDb(path.join(dir, 'beacon.db'));
    try {
      await migrateToLatest(db);
      await chainOf(db, 1, 3);
      const env = { ...process.env, DATA_DIR: dir, DATABASE_URL: '', DEMO: '1', AUDIT_KEY: TEST_AUDIT_KEY };
      const cli = () =>
        run(process.execPath, ['--import', 'tsx', 'server/cli/audit-verify.ts'], { cwd: process.cwd(), env });
      expect((await cli()).stdout).toMatch(/audit log intact/);
      await tampering(db, async () => {
        await db.updateTable('audit_log').set({ ip: '10.6.6.6' }).where('seq', '=', 2).execute();
      });
      const failed = await cli().then(
        () => null,
        (err: { code: number; stdout: string }) => err,
      );
      expect(failed?.code).toBe(1);
      expect(failed?.stdout).toMatch(/chain 1 \(site 1\): row 2 edited/);
    } finally {
      await db.destroy();
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
