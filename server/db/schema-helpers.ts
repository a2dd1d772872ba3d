import type { CreateTableBuilder, Kysely } from 'kysely';
import { isPostgres } from './create-db';

/** Auto-increment primary key `id`: INTEGER AUTOINCREMENT on SQLite, BIGSERIAL on PostgreSQL. */
export function withIdColumn<T extends string>(
  // biome-ignore lint/suspicious/noExplicitAny: schema-agnostic helper
  db: Kysely<any>,
  table: CreateTableBuilder<T, never>,
): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
