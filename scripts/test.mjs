// `npm test`: every suite in order, each one's counts, and one total line at the end.
// Keeps going after a failing step so one run shows everything that is wrong.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumPath } from './chromium.mjs';

const reports = mkdtempSync(join(tmpdir(), 'beacon-test-'));
const isCI = process.env.CI === 'true' || process.env.CI === '1';
const results = [];

function run(name, command, args, env = {}) {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const proc = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  return { ok: proc.status === 0, seconds };
}

function check(name, command, args) {
  const { ok, seconds } = run(name, command, args);
  results.push({ name, ok, seconds });
}

function vitestArgs(name, project) {
  const file = join(reports, `${name.replace(/\W+/g, '-')}.json`);
  const args = [
    'vitest',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ];
  return { file, args };
}

function vitestResult(name, file, ok, seconds) {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  if (existsSync(file)) {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    counts.passed = report.numPassedTests;
    counts.failed = report.numFailedTests;
    counts.skipped = report.numPendingTests + report.numTodoTests;
  }
  results.push({ name, ok: ok && counts.passed > 0, seconds, counts });
}

function vitestSuite(name, project, env = {}) {
  const { file, args } = vitestArgs(name, project);
  const { ok, seconds } = run(name, 'npx', args, env);
  vitestResult(name, file, ok, seconds);
}

/**
 * Several vitest suites at once, each printed whole when it ends. The server suites wait on their
 * database for much of their time (one worker each keeps about one core busy), so the SQLite and the
 * PostgreSQL runs together take little more than the longer of the two.
 */
async function vitestSuitesTogether(suites) {
  const runs = suites.map(({ name, project, env }) => {
    const { file, args } = vitestArgs(name, project);
    const log = join(reports, `${name.replace(/\W+/g, '-')}.log`);
    const started = Date.now();
    return new Promise((resolve) => {
      const out = createWriteStream(log);
      const child = spawn('npx', args, { env: { ...process.env, ...env } });
      child.stdout.pipe(out);
      child.stderr.pipe(out);
      child.on('close', (code) => {
        out.end(() => {
          console.log(`\n=== ${name}: npx ${args.join(' ')}`);
          process.stdout.write(readFileSync(log));
          vitestResult(name, file, code === 0, ((Date.now() - started) / 1000).toFixed(1));
          resolve();
        });
      });
    });
  });
  await Promise.all(runs);
}

function playwrightSuite(name) {
  const file = join(reports, 'e2e.json');
  const { ok, seconds } = run(name, 'npx', ['playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: file,
  });
  const counts = { passed: 0, failed: 0, skipped: 0 };
  if (existsSync(file)) {
    const { stats } = JSON.parse(readFileSync(file, 'utf8'));
    counts.passed = stats.expected;
    counts.failed = stats.unexpected + stats.flaky;
    counts.skipped = stats.skipped;
  }
  results.push({ name, ok: ok && counts.passed > 0, seconds, counts });
}

check('typecheck', 'npx', ['tsc', '-b']);
// Biome, then dependency-cruiser's import boundaries (.dependency-cruiser.cjs).
check('lint', 'npm', ['run', 'lint']);
check('i18n completeness', 'npx', ['tsx', 'scripts/i18n-check.mjs']);
vitestSuite('unit', 'unit');
if (process.env.TEST_DATABASE_URL) {
  await vitestSuitesTogether([
    { name: 'server (SQLite)', project: 'server', env: { TEST_DIALECT: 'sqlite' } },
    { name: 'server (PostgreSQL)', project: 'server', env: { TEST_DIALECT: 'postgres' } },
  ]);
} else {
  vitestSuite('server (SQLite)', 'server', { TEST_DIALECT: 'sqlite' });
  console.log('\n=== server (PostgreSQL): skipped, TEST_DATABASE_URL is not set');
  results.push({ name: 'server (PostgreSQL)', ok: !isCI, seconds: '0', skippedWhole: true });
}
check('build', 'npx', ['vite', 'build']);
if (chromiumPath) {
  playwrightSuite('e2e (Chromium)');
} else {
  const how = 'apt-get install -y chromium (or set CHROMIUM_PATH)';
  console.error(`\n!!!!!!!!\n!!! e2e SKIPPED: no Chromium found. Install one: ${how}\n!!!!!!!!`);
  results.push({ name: 'e2e (Chromium)', ok: !isCI, seconds: '0', skippedWhole: true });
}

console.log('\n=== Summary');
const total = { passed: 0, failed: 0, skipped: 0 };
for (const r of results) {
  let detail = '';
  if (r.counts) {
    detail = ` ${r.counts.passed} passed, ${r.counts.failed} failed, ${r.counts.skipped} skipped`;
    for (const k of Object.keys(total)) total[k] += r.counts[k];
  }
  if (r.skippedWhole) detail = ' SKIPPED (whole suite)';
  console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name.padEnd(22)} ${String(r.seconds).padStart(6)}s${detail}`);
}
const failedSteps = results.filter((r) => !r.ok).length;
console.log(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(failedSteps === 0 ? 0 : 1);
