// npm run notice -- [--site <domain>] [--title <title>] [--locale <locale>] "text"
// Publishes a notice now, for operators without the console: the running server's push worker
// sends the deliveries this queues.
import { parseArgs } from 'node:util';
import { noticeCreateRequestSchema } from '#contract/admin/notice';
import { CONTENT_LOCALES, type ContentLocale } from '#contract/locales';
import { buildApp } from '../app';
import { ConfigError, loadConfig } from '../config';
import { createDb } from '../db/create-db';
import { migrateToLatest } from '../db/migrate';
import { ApiError } from '../http/envelope';
import { CLI_PUBLISHER, create } from '../modules/notices/service';
import { noticeDeliveries } from '../modules/push/service';

const USAGE = 'usage: npm run notice -- [--site <domain>] [--title <title>] [--locale <locale>] "text"';

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    options: {
      site: { type: 'string' },
      title: { type: 'string', default: '' },
      locale: { type: 'string', default: 'en-US' },
      help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: true,
  });
  const text = positionals.join(' ').trim();
  if (values.help || !text) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  if (!(CONTENT_LOCALES as readonly string[]).includes(values.locale)) {
    console.error(`--locale must be one of ${CONTENT_LOCALES.join(', ')}`);
    return 2;
  }
  const locale = values.locale as ContentLocale;
  const parsed = noticeCreateRequestSchema.safeParse({
    texts: { [locale]: { title: values.title, body: text } },
    defaultLocale: locale,
    site: values.site ?? null,
  });
  if (!parsed.success) {
    for (const i of parsed.error.issues) console.error(`${i.path.join('.') || 'notice'}: ${i.message}`);
    return 2;
  }

  const config = loadConfig({ LOG_LEVEL: 'warn', ...process.env });
  const db = createDb(config);
  try {
    await migrateToLatest(db);
    const app = await buildApp(config, { db });
    try {
      const { notice } = await create(
        app.ctx,
        noticeDeliveries(app.ctx, app.push),
        CLI_PUBLISHER,
        parsed.data,
      );
      // Counted on the notice, not on this process's own queueing: a running server's worker may have
      // queued the deliveries of a notice due now before this process did.
      const { pending, sent, dead } = notice.deliveries;
      console.log(
        `notice ${notice.id} published to ${notice.site ?? 'every site'}: ${pending + sent + dead} push deliveries queued`,
      );
      return 0;
    } finally {
      await app.close();
    }
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof ConfigError) console.error(err.message);
    else if (err instanceof ApiError) {
      const issues = err.data?.issues?.map((i) => `${i.path}: ${i.message}`) ?? [err.message];
      console.error(issues.join('\n'));
    } else console.error(err);
    process.exit(1);
  },
);
