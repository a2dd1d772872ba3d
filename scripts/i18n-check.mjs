// Every catalogue complete: extract the messages from the source, then fail on any locale
// with an untranslated message (DESIGN.md section 4: CI fails on a missing translation).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

// Run through tsx (npm run i18n:check) so the locale list comes from the one lingui config.
const { default: config } = await import('../lingui.config.ts');
const locales = config.locales;

const extract = spawnSync('npx', ['lingui', 'extract', '--clean'], { stdio: 'inherit' });
if (extract.status !== 0) process.exit(extract.status ?? 1);

/** The value of a keyword's entry, joining its continuation lines. */
function field(block, keyword) {
  const lines = block.split('\n');
  const start = lines.findIndex((l) => l.startsWith(`${keyword} "`));
  if (start < 0) return undefined;
  let value = lines[start].slice(keyword.length + 2, -1);
  for (let i = start + 1; i < lines.length && lines[i].startsWith('"'); i++) value += lines[i].slice(1, -1);
  return value;
}

/** Entries of a .po file as [msgid, msgstr], without the header and obsolete entries. */
function entries(po) {
  return po
    .split(/\n\s*\n/)
    .map((block) => [field(block, 'msgid'), field(block, 'msgstr')])
    .filter(([id]) => id);
}

let failed = false;
// Each catalogue of the config (home's and the one beyond home, decision 0026), in every locale.
const catalogues = config.catalogs.map((catalog) => catalog.path.replace('<rootDir>/', ''));
for (const locale of locales) {
  const all = catalogues.flatMap((path) =>
    entries(readFileSync(`${path.replace('{locale}', locale)}.po`, 'utf8')),
  );
  const total = all.length;
  const missing = all.filter(([, str]) => !str).map(([id]) => id);
  console.log(`${locale}: ${total - missing.length}/${total} translated (${catalogues.length} catalogues)`);
  if (missing.length > 0) {
    failed = true;
    for (const id of missing.slice(0, 20)) console.error(`  missing: ${id}`);
  }
  if (total <= 0) {
    failed = true;
    console.error(`  ${locale}: no messages extracted`);
  }
}
process.exit(failed ? 1 : 0);
