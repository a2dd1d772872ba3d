import type { Kysely } from 'kysely';

/*
 * The games house account split in 16 parts (ledger/service.ts `systemAccountPart`): every win of every
 * player moved `sys:games`, so on PostgreSQL its row lock queued all players' callbacks one behind the
 * other. The parts are opened here, once, so no money call has to open one; `sys:games` keeps its history.
 */

const PARTS = 16;

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on current types
export async function up(db: Kysely<any>): Promise<void> {
  await db
    .insertInto('ledger_accounts')
    .values(
      Array.from({ length: PARTS }, (_, part) => ({
        code: `sys:games:${part}`,
        user_id: null,
        kind: 'system',
        name: 'games',
        created_at: Date.now(),
      })),
    )
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on current types
export async function down(db: Kysely<any>): Promise<void> {
  await db
    .deleteFrom('ledger_accounts')
    .where(
      'code',
      'in',
      Array.from({ length: PARTS }, (_, part) => `sys:games:${part}`),
    )
    .execute();
}
