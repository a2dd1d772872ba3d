import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { type Generated, Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withStatementCache } from '../../../server/db/create-db';

// The catalogue's lists were fast only once SQLite statements were kept (docs/perf.md, issue 12): this
// checks the cache that keeps them, below the API (the portal tests run every query through it).

let dir: string;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function open() {
  dir = await mkdtemp(path.join(tmpdir(), 'beacon-stmt-'));
  const sqlite = new SqliteDatabase(path.join(dir, 'test.db'));
  const prepare = vi.spyOn(sqlite, 'prepare');
  return { sqlite, prepare };
}

describe('withStatementCache', () => {
  it('prepares each SQL text once and answers the kept statement after that', async () => {
    const { sqlite, prepare } = await open();
    const cached = withStatementCache(sqlite, 10);
    const a = cached.prepare('select 1 as n');
    expect(cached.prepare('select 1 as n')).toBe(a);
    expect(cached.prepare('select 2 as n')).not.toBe(a);
    expect(prepare).toHaveBeenCalledTimes(2);
    sqlite.close();
  });

  it('drops the least recently used statement beyond its size', async () => {
    const { sqlite, prepare } = await open();
    const cached = withStatementCache(sqlite, 2);
    const one = cached.prepare('select 1');
    cached.prepare('select 2');
    cached.prepare('select 1'); // now the most recent
    cached.prepare('select 3'); // drops "select 2"
    expect(cached.prepare('select 1')).toBe(one);
    expect(prepare).toHaveBeenCalledTimes(3);
    cached.prepare('select 2');
    expect(prepare).toHaveBeenCalledTimes(4);
    sqlite.close();
  });

  it('runs queries, writes, transactions and a schema change through Kysely with kept statements', async () => {
    const { sqlite } = await open();
    const db = new Kysely<{ t: { id: Generated<number>; name: string } }>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    });
    await sql`create table t (id integer primary key, name text not null)`.execute(db);
    for (const name of ['a', 'b', 'c']) await db.insertInto('t').values({ name }).execute();
    const read = () => db.selectFrom('t').selectAll().orderBy('id').execute();
    expect((await read()).map((r) => r.name)).toEqual(['a', 'b', 'c']);
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('t').set({ name: 'z' }).where('id', '=', 1).execute();
    });
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.deleteFrom('t').execute();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await read()).map((r) => r.name)).toEqual(['z', 'b', 'c']);
    // A kept statement still reads right after the table changes shape.
    await sql`alter table t add column extra integer not null default 7`.execute(db);
    expect(await read()).toEqual([
      { id: 1, name: 'z', extra: 7 },
      { id: 2, name: 'b', extra: 7 },
      { id: 3, name: 'c', extra: 7 },
    ]);
    await db.destroy();
  });
});
