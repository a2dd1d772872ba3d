import { type Kysely, sql } from 'kysely';
import { withIdColumn } from '../schema-helpers';

/*
 * Issue 34, aggregators' wallet protocols (decision 0054). `game_providers.wire`: which seamless wire the
 * provider speaks (Beacon's own, Hub88's, Evolution's or Pragmatic Play's; `protocol` stays the wallet model,
 * seamless or transfer); `settings`: the wire's own settings as JSON (ids the aggregator gave, the sites'
 * partner ids). `game_provider_keys`: the keys a provider's calls are checked with (`verify`: the
 * aggregator's public key or shared secret) and Beacon's calls to it are signed with (`sign`: Beacon's
 * private key), each valid in a window so that a key is rotated with an overlap; secrets and private keys
 * are stored sealed (operators/secret-box.ts), public keys as they are. `game_wallet_calls.fraction`: what
 * a win finer than a cent carried below the cent, in the wire's units, credited rounded down.
 */

const WIRES = ['beacon', 'hub88', 'evolution', 'pragmatic'];

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on current types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('game_providers')
    .addColumn('wire', 'varchar(16)', (c) =>
      c
        .notNull()
        .defaultTo('beacon')
        .check(sql`wire in (${sql.join(WIRES.map((w) => sql.lit(w)))})`),
    )
    .execute();
  await db.schema
    .alterTable('game_providers')
    .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await withIdColumn(db, db.schema.createTable('game_provider_keys'))
    .addColumn('provider_code', 'varchar(32)', (c) => c.notNull().references('game_providers.code'))
    .addColumn('purpose', 'varchar(8)', (c) => c.notNull().check(sql`purpose in ('verify', 'sign')`))
    /** A PEM public key as given, or a sealed secret or private key (secret-box `v1:` values). */
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('valid_from', 'bigint', (c) => c.notNull())
    /** Null: until a newer key's overlap ends it. */
    .addColumn('valid_until', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('game_provider_keys_provider_idx')
    .on('game_provider_keys')
    .columns(['provider_code', 'purpose'])
    .execute();
  await db.schema
    .alterTable('game_wallet_calls')
    .addColumn('fraction', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('game_wallet_calls').dropColumn('fraction').execute();
  await db.schema.dropTable('game_provider_keys').execute();
  await db.schema.alterTable('game_providers').dropColumn('settings').execute();
  await db.schema.alterTable('game_providers').dropColumn('wire').execute();
}
