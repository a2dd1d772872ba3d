import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/*
 * Issue 31 item 13 (decision 0043): banners and notices whose text is only on their own row get it as a
 * per-language row in their default language, once. 0020 and 0005 gave texts per language to what existed
 * then, but the seed went on writing banners and notices without them (and a notice from before 0005 never
 * had any); the console reads and writes only the per-language rows, so it showed them empty and its save
 * wiped the row's text. A banner or notice that has any text row is left as it is.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on current types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`insert into banner_texts (banner_id, locale, bannername, remark)
    select b.id, b.default_locale, b.bannername, b.remark from banners b
    where not exists (select 1 from banner_texts t where t.banner_id = b.id)`.execute(db);
  // A notice's default locale is null from before 0005; the console already reads null as en-US.
  await sql`update notices set default_locale = 'en-US'
    where default_locale is null
    and not exists (select 1 from notice_texts t where t.notice_id = notices.id)`.execute(db);
  await sql`insert into notice_texts (notice_id, locale, title, body)
    select n.id, n.default_locale, '', n.content from notices n
    where not exists (select 1 from notice_texts t where t.notice_id = n.id)`.execute(db);
}

// The rows it wrote are the texts the console has edited since: they stay.
// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(_db: Kysely<any>): Promise<void> {}
