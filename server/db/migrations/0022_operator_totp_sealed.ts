import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { isPostgres } from '../create-db';

/*
 * Issue 16: operators' TOTP secrets are stored sealed (AES-256-GCM, `v1:<key id>:<iv>:<ciphertext>:<tag>`,
 * server/modules/operators/secret-box.ts), about 95 characters for otplib's 32-character secret, which
 * `operator_totp.secret varchar(64)` (0019) cannot hold on PostgreSQL. The column widens; SQLite does not
 * enforce a declared length, so there nothing changes. The clear secrets already stored are sealed by the
 * server at start-up (the key is configuration, which a migration never sees).
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on current types
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await sql`alter table operator_totp alter column secret type varchar(255)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  // Fails while sealed secrets are stored, rather than cutting them short.
  if (isPostgres(db)) await sql`alter table operator_totp alter column secret type varchar(64)`.execute(db);
}
