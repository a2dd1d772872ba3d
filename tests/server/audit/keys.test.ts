// Decision 0044: the audit key's life around the chain. Rows from before the switch keep decision 0024's
// recipe, and only up to the switch point; a changed key leaves the old rows verifiable with
// AUDIT_KEY_PREVIOUS; a checkpoint opens only with a key that signed it and unaltered; the key file is
// generated once by the app and never by a verifier.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db/create-db';
import { migrateToLatest } from '../../../server/db/migrate';
import * as m0034 from '../../../server/db/migrations/0034_audit_keyed';
import { decodeAuditKeyring } from '../../../server/modules/audit/keys';
import {
  type AuditActor,
  CheckpointError,
  GENESIS_HASH,
  installAuditKeyring,
  legacyAuditHash,
  loadAuditKeyring,
  readCheckpoint,
  recordAudit,
  takeCheckpoint,
  verifyAudit,
} from '../../../server/modules/audit/service';
import { createTestDb, TEST_AUDIT_KEY, usingPostgres } from '../harness';

const OTHER_KEY = Buffer.alloc(32, 11).toString('base64url');
const testKeys = decodeAuditKeyring(TEST_AUDIT_KEY, []);
const actor: AuditActor = { userId: 1, ip: '10.0.0.1', userAgent: 'test' };

let drop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await drop?.();
  drop = undefined;
});

async function migrated(): Promise<Db> {
  const t = await createTestDb();
  drop = t.drop;
  await migrateToLatest(t.db);
  return t.db;
}

async function append(db: Db, chain: number, n: number): Promise<void> {
  for (let i = 0; i < n; i++)
    await db
      .transaction()
      .execute((trx) =>
        recordAudit(trx, actor, { siteId: chain, action: `k.${i}`, resource: 'site', recordId: i }, 2000 + i),
      );
}

/** Rows as a process before decision 0044 wrote them: migration 0034 undone, the unkeyed recipe. */
async function legacyRows(db: Db, chain: number, n: number): Promise<void> {
  await m0034.down(db);
  await sql`delete from kysely_migration where name = '0034_audit_keyed'`.execute(db);
  let prev = GENESIS_HASH;
  for (let seq = 1; seq <= n; seq++) {
    const row = {
      chain,
      seq,
      at: 1000 + seq,
      actor_id: 1,
      ip: '10.0.0.1',
      user_agent: 'old',
      action: 'old.action',
      resource: 'site',
      record_id: String(seq),
      before: null,
      after: `{"seq":${seq}}`,
      prev_hash: prev,
      key_id: null,
    };
    const { key_id: _none, ...stored } = row;
    prev = legacyAuditHash(row);
    await db
      .insertInto('audit_log')
      .values({ ...stored, hash: prev } as never)
      .execute();
  }
  await db.insertInto('audit_heads').values({ chain, seq: n, hash: prev }).execute();
  // 0034 again, as the release that brought it runs it; by itself, since later migrations stay applied.
  await m0034.up(db);
  await sql`insert into kysely_migration (name, timestamp) values ('0034_audit_keyed', ${new Date().toISOString()})`.execute(
    db,
  );
}

async function tampering(db: Db, fn: () => Promise<void>): Promise<void> {
  if (usingPostgres()) {
    await sql`alter table audit_log disable trigger user`.execute(db);
    await fn().finally(() => sql`alter table audit_log enable trigger user`.execute(db));
    return;
  }
  await sql`drop trigger if exists audit_log_no_update`.execute(db);
  await fn();
}

describe('rows from before the switch', () => {
  it('verify with the old recipe up to the switch point, keyed after it', async () => {
    installAuditKeyring(testKeys);
    const db = await migrated();
    await legacyRows(db, 7, 3);
    await append(db, 7, 2);
    const rows = await db.selectFrom('audit_log').selectAll().where('chain', '=', 7).orderBy('seq').execute();
    expect(rows.map((r) => r.key_id)).toEqual([null, null, null, testKeys.current.id, testKeys.current.id]);
    expect(await verifyAudit(db)).toEqual([]);
  });

  it('a row after the switch forged with the old recipe is edited; a moved switch point disagrees with the checkpoint', async () => {
    installAuditKeyring(testKeys);
    const db = await migrated();
    await legacyRows(db, 7, 2);
    await append(db, 7, 2);
    const checkpoint = await takeCheckpoint(db, testKeys, 5000);
    expect(checkpoint.chains).toEqual([expect.objectContaining({ chain: 7, seq: 4, legacySeq: 2 })]);
    const rows = await db.selectFrom('audit_log').selectAll().where('chain', '=', 7).orderBy('seq').execute();
    /** Rewrites rows from `from` on with the old recipe, `after` of the first one changed. */
    const rewrite = async (from: number) => {
      let prev = String(rows[from - 2]?.hash);
      for (const row of rows.slice(from - 1)) {
        const fields = { ...row, chain: 7, seq: Number(row.seq), at: Number(row.at), actor_id: 1 };
        const forged = {
          ...fields,
          prev_hash: prev,
          key_id: null,
          after: row.seq === from ? '{"x":1}' : row.after,
        };
        const hash = legacyAuditHash(forged);
        await db
          .updateTable('audit_log')
          .set({ after: forged.after, prev_hash: prev, key_id: null, hash })
          .where('id', '=', row.id)
          .execute();
        prev = hash;
      }
      await db.updateTable('audit_heads').set({ hash: prev }).where('chain', '=', 7).execute();
    };
    await tampering(db, () => rewrite(4));
    expect(await verifyAudit(db)).toEqual([{ chain: 7, seq: 4, problem: 'edited' }]);
    // Moving the switch point past the forged rows hides them from the walk, not from the checkpoint.
    await tampering(db, () => rewrite(3));
    await db.updateTable('audit_legacy').set({ seq: 4 }).where('chain', '=', 7).execute();
    expect(await verifyAudit(db)).toEqual([]);
    expect(await verifyAudit(db, { checkpoint })).toEqual([
      { chain: 7, seq: 3, problem: 'edited' },
      { chain: 7, seq: 4, problem: 'edited' },
    ]);
  });
});

describe('changing the audit key', () => {
  it('rows of the old key verify with AUDIT_KEY_PREVIOUS, and are unverifiable without it', async () => {
    installAuditKeyring(testKeys);
    const db = await migrated();
    await append(db, 3, 2);
    const oldCheckpoint = await takeCheckpoint(db, testKeys, 5000);
    const rotated = decodeAuditKeyring(OTHER_KEY, [TEST_AUDIT_KEY]);
    installAuditKeyring(rotated);
    await append(db, 3, 1);
    expect(await verifyAudit(db)).toEqual([]);
    expect(
      await verifyAudit(db, { checkpoint: readCheckpoint(JSON.stringify(oldCheckpoint), rotated) }),
    ).toEqual([]);
    const newOnly = decodeAuditKeyring(OTHER_KEY, []);
    expect(await verifyAudit(db, { keyring: newOnly })).toEqual([
      { chain: 3, seq: 1, problem: 'unverifiable' },
      { chain: 3, seq: 2, problem: 'unverifiable' },
    ]);
    expect(() => readCheckpoint(JSON.stringify(oldCheckpoint), newOnly)).toThrow(CheckpointError);
  });

  it('an app given a key the newest rows do not know stops at start; with the old one as previous it starts', async () => {
    installAuditKeyring(testKeys);
    const db = await migrated();
    await append(db, 3, 1);
    const config = (key: string, previousKeys: string[]) => ({
      dataDir: '/nonexistent',
      audit: { key, previousKeys },
    });
    await expect(loadAuditKeyring(config(OTHER_KEY, []), db, { create: true })).rejects.toThrow(
      /newest rows were signed with key [0-9a-f]{8}, not with this one[\s\S]*AUDIT_KEY_PREVIOUS/,
    );
    // The verifier is told of such rows by audit:verify (unverifiable), not refused.
    expect((await loadAuditKeyring(config(OTHER_KEY, []), db, { create: false })).current.id).not.toBe(
      testKeys.current.id,
    );
    const rotated = await loadAuditKeyring(config(OTHER_KEY, [TEST_AUDIT_KEY]), db, { create: true });
    expect([...rotated.byId.keys()]).toEqual([rotated.current.id, testKeys.current.id]);
  });
});

describe('a checkpoint', () => {
  it('opens only unaltered: a lowered head or another key is refused', async () => {
    installAuditKeyring(testKeys);
    const db = await migrated();
    await append(db, 4, 3);
    const checkpoint = await takeCheckpoint(db, testKeys, 5000);
    expect(readCheckpoint(JSON.stringify(checkpoint), testKeys)).toEqual(checkpoint);
    const lowered = { ...checkpoint, chains: checkpoint.chains.map((c) => ({ ...c, seq: 2 })) };
    expect(() => readCheckpoint(JSON.stringify(lowered), testKeys)).toThrow(/signature does not match/);
    expect(() => readCheckpoint(JSON.stringify(checkpoint), decodeAuditKeyring(OTHER_KEY, []))).toThrow(
      /neither AUDIT_KEY nor a previous one/,
    );
    expect(() => readCheckpoint('{"chains":[]}', testKeys)).toThrow(/not an audit checkpoint/);
  });
});

describe('a verify while operators act', () => {
  it('takes a row appended after it read the heads for no break', async () => {
    installAuditKeyring(testKeys);
    const db = await migrated();
    await append(db, 6, 2);
    const first = await db
      .selectFrom('audit_log')
      .select('hash')
      .where('chain', '=', 6)
      .where('seq', '=', 1)
      .executeTakeFirstOrThrow();
    // The heads as a verify reads them just before row 2 commits (it walks the rows after reading them).
    await db.updateTable('audit_heads').set({ seq: 1, hash: first.hash }).where('chain', '=', 6).execute();
    expect(await verifyAudit(db)).toEqual([]);
  });
});

describe('the key file', () => {
  it('the app generates DATA_DIR/audit.key once; a verifier never does, nor the app over keyed rows', async () => {
    installAuditKeyring(testKeys);
    const db = await migrated();
    const dir = await mkdtemp(path.join(tmpdir(), 'audit-key-'));
    try {
      const config = { dataDir: dir, audit: { key: null, previousKeys: [] } };
      await expect(loadAuditKeyring(config, db, { create: false })).rejects.toThrow(/audit\.key is missing/);
      const made = await loadAuditKeyring(config, db, { create: true });
      const again = await loadAuditKeyring(config, db, { create: false });
      expect(again.current.id).toBe(made.current.id);
      expect((await readFile(path.join(dir, 'audit.key'), 'utf8')).trim()).toHaveLength(43);
      await append(db, 5, 1);
      await rm(path.join(dir, 'audit.key'));
      await expect(loadAuditKeyring(config, db, { create: true })).rejects.toThrow(
        /holds rows signed with a key: restore it or set AUDIT_KEY/,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
