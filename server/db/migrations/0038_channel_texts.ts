import type { Kysely } from 'kysely';

/*
 * Issue 31 item 17 (decision 0048): a game channel's name per language. Channels are data (0008), and their
 * names stayed English in es-ES, ko-KR and zh-CN on the ratio lists, the set-ratio dialog, the agent's
 * reports and the lobby. As catalogue items (0021), the default language's name stays on the channel's own
 * row (game_channels.name, en-US), the only copy of it; channel_texts holds the other languages', and a
 * language without a text (en-PH, or one added later) reads the row.
 *
 * The demo's three channels get their names in es-ES, ko-KR and zh-CN, where they exist (an install may have
 * disabled one, never deleted: accounts name them).
 */

const TEXTS: Record<string, Record<string, string>> = {
  slots: { 'es-ES': 'Tragamonedas', 'ko-KR': '슬롯', 'zh-CN': '老虎机' },
  'live-casino': { 'es-ES': 'Casino en vivo', 'ko-KR': '라이브 카지노', 'zh-CN': '真人娱乐场' },
  sports: { 'es-ES': 'Deportes', 'ko-KR': '스포츠', 'zh-CN': '体育' },
};

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on current types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('channel_texts')
    .addColumn('channel_code', 'varchar(32)', (c) => c.notNull().references('game_channels.code'))
    .addColumn('locale', 'varchar(5)', (c) => c.notNull())
    // As long as game_channels.name.
    .addColumn('name', 'varchar(40)', (c) => c.notNull())
    .addPrimaryKeyConstraint('channel_texts_pk', ['channel_code', 'locale'])
    .execute();
  const present = new Set(
    (await db.selectFrom('game_channels').select('code').execute()).map((r: { code: string }) => r.code),
  );
  const rows = Object.entries(TEXTS)
    .filter(([code]) => present.has(code))
    .flatMap(([code, names]) =>
      Object.entries(names).map(([locale, name]) => ({ channel_code: code, locale, name })),
    );
  if (rows.length > 0) await db.insertInto('channel_texts').values(rows).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on current types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('channel_texts').execute();
}
