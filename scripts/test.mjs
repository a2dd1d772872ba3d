// `npm test`: every suite, each one's counts, and one total line at the end.
// Keeps going after a failing step so one run shows everything that is wrong.
//
// Two lanes run side by side, two busy processes at a time (a third at once starved the process-starting
// server tests, 2026-11-29), then the browser suite alone (docs/perf.md, "Where CI's minutes go"):
// - the PostgreSQL server suite, the longest step, on its own;
// - the SQLite server suite, then typecheck, lint, locale completeness, the unit suite and the build, in
//   the time the PostgreSQL suite runs on after SQLite has ended (one core idle before).
// The end-to-end suite needs the build and both cores, so it runs last, alone.
// Each step's output is printed whole when it ends, so two lanes never interleave their lines.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumPath } from './chromium.mjs';

const reports = mkdtempSync(join(tmpdir(), 'beacon-test-'));
const isCI = process.env.CI === 'true' || process.env.CI === '1';
const runStarted = Date.now();
/** Results by step name; the summary lists them in the order of `STEPS`. */
const results = new Map();
const STEPS = [
  'typecheck',
  'lint',
  'i18n completeness',
  'unit',
  'server (SQLite)',
  'server (PostgreSQL)',
  'build',
  'e2e (Chromium)',
];

const slug = (name) => name.replace(/\W+/g, '-');
const elapsed = (since) => ((Date.now() - since) / 1000).toFixed(1);

/** Runs one step with its output to a log, then prints the log whole. Resolves with its exit status. */
function step(name, command, args, env = {}) {
  const log = join(reports, `${slug(name)}.log`);
  const started = Date.now();
  console.log(`--- ${name} started at +${elapsed(runStarted)}s`);
  return new Promise((resolve) => {
    const out = createWriteStream(log);
    const child = spawn(command, args, { env: { ...process.env, ...env } });
    child.stdout.pipe(out);
    child.stderr.pipe(out);
    child.on('close', (code) => {
      out.end(() => {
        console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
        process.stdout.write(readFileSync(log));
        resolve({ ok: code === 0, seconds: elapsed(started) });
      });
    });
  });
}

async function check(name, command, args) {
  results.set(name, await step(name, command, args));
}

async function vitestSuite(name, projects, env = {}) {
  const file = join(reports, `${slug(name)}.json`);
  const args = [
    'vitest',
    'run',
    ...[projects].flat().flatMap((project) => ['--project', project]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ];
  const { ok, seconds } = await step(name, 'npx', args, env);
  const counts = { passed: 0, failed: 0, skipped: 0 };
  if (existsSync(file)) {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    counts.passed = report.numPassedTests;
    counts.failed = report.numFailedTests;
    counts.skipped = report.numPendingTests + report.numTodoTests;
  }
  results.set(name, { ok: ok && counts.passed > 0, seconds, counts });
}

async function playwrightSuite(name) {
  const file = join(reports, 'e2e.json');
  const { ok, seconds } = await step(name, 'npx', ['playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: file,
  });
  const counts = { passed: 0, failed: 0, skipped: 0 };
  if (existsSync(file)) {
    const { stats } = JSON.parse(readFileSync(file, 'utf8'));
    counts.passed = stats.expected;
    counts.failed = stats.unexpected + stats.flaky;
    counts.skipped = stats.skipped;
  }
  results.set(name, { ok: ok && counts.passed > 0, seconds, counts });
}

function skippedWhole(name, why) {
  console.log(`\n=== ${name}: skipped, ${why}`);
  results.set(name, { ok: !isCI, seconds: '0', skippedWhole: true });
}

async function postgresLane() {
  if (process.env.TEST_DATABASE_URL) {
    await vitestSuite('server (PostgreSQL)', 'server', { TEST_DIALECT: 'postgres' });
  } else {
    skippedWhole('server (PostgreSQL)', 'TEST_DATABASE_URL is not set');
  }
}

async function checksLane() {
  await vitestSuite('server (SQLite)', 'server', { TEST_DIALECT: 'sqlite' });
  await check('typecheck', 'npx', ['tsc', '-b']);
  // Biome, then dependency-cruiser's import boundaries (.dependency-cruiser.cjs).
  await check('lint', 'npm', ['run', 'lint']);
  await check('i18n completeness', 'npx', ['tsx', 'scripts/i18n-check.mjs']);
  await vitestSuite('unit', ['unit', 'unit-isolated']);
  await check('build', 'npx', ['vite', 'build']);
}

async function browserSuite() {
  if (!chromiumPath) {
    const how = 'apt-get install -y chromium (or set CHROMIUM_PATH)';
    console.error(`\n!!!!!!!!\n!!! e2e SKIPPED: no Chromium found. Install one: ${how}\n!!!!!!!!`);
    results.set('e2e (Chromium)', { ok: !isCI, seconds: '0', skippedWhole: true });
  } else if (!results.get('build')?.ok) {
    // The browser suite serves dist/: after a failed build it would test an older app.
    console.error('\n!!! e2e not run: the build failed');
    results.set('e2e (Chromium)', { ok: false, seconds: '0', notRun: true });
  } else {
    await playwrightSuite('e2e (Chromium)');
  }
}

await Promise.all([postgresLane(), checksLane()]);
await browserSuite();

console.log('\n=== Summary');
const total = { passed: 0, failed: 0, skipped: 0 };
for (const name of STEPS) {
  const r = results.get(name);
  let detail = '';
  if (r.counts) {
    detail = ` ${r.counts.passed} passed, ${r.counts.failed} failed, ${r.counts.skipped} skipped`;
    for (const k of Object.keys(total)) total[k] += r.counts[k];
  }
  if (r.skippedWhole) detail = ' SKIPPED (whole suite)';
  if (r.notRun) detail = ' NOT RUN (the build failed)';
  console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${name.padEnd(22)} ${String(r.seconds).padStart(6)}s${detail}`);
}
const failedSteps = [...results.values()].filter((r) => !r.ok).length;
console.log(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
console.log(`wall: ${elapsed(runStarted)}s`);
process.exit(failedSteps === 0 ? 0 : 1);
