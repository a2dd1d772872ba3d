import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The boundaries of DESIGN.md section 2 are Biome rules in the repository's biome.json. This test lints a small fake
// tree (tests/lint-fixtures, ignored by the repository's own `biome check .` and by tsc) with that same biome.json,
// so removing or loosening a rule there makes it fail.

const repo = path.resolve(import.meta.dirname, '../..');
const fixtures = path.join(repo, 'tests/lint-fixtures');
const biome = path.join(repo, 'node_modules/.bin/biome');

const RESTRICTED = 'lint/style/noRestrictedImports';
const CYCLE = 'lint/suspicious/noImportCycles';
const NAMING = 'lint/style/useFilenamingConvention';

// Words of each noRestrictedImports message in biome.json: they tell which boundary reported the import.
const OTHER_FEATURE = 'A feature never imports another feature';
const FEATURE_BY_PATH = 'A feature imports its own files by relative path';
const APP_TO_SERVER = 'App code never imports server code';
const LIB_TO_FEATURE = 'lib, ui and boot know no feature';
const CONTRACT = 'src/contract imports only zod';
const SW_TO_APP = 'sw/ imports no app code other than src/contract';
const SERVER_TO_APP = 'server/ imports no app code other than src/contract';
const MODULE_INTERNALS = 'A server module reaches another only through its service.ts';

/** One deliberate violation per rule: the file, the rule that must report it, and words of its message. */
const VIOLATIONS = [
  { file: 'src/features/alpha/uses-beta.ts', rule: RESTRICTED, says: OTHER_FEATURE },
  { file: 'src/features/alpha/components/uses-beta-deep.tsx', rule: RESTRICTED, says: OTHER_FEATURE },
  { file: 'src/features/alpha/components/uses-beta-by-path.tsx', rule: RESTRICTED, says: FEATURE_BY_PATH },
  { file: 'src/features/alpha/uses-server.ts', rule: RESTRICTED, says: APP_TO_SERVER },
  { file: 'src/lib/uses-feature.ts', rule: RESTRICTED, says: LIB_TO_FEATURE },
  { file: 'src/contract/uses-lib.ts', rule: RESTRICTED, says: CONTRACT },
  { file: 'sw/uses-app.ts', rule: RESTRICTED, says: SW_TO_APP },
  { file: 'server/modules/gamma/uses-app.ts', rule: RESTRICTED, says: SERVER_TO_APP },
  { file: 'server/modules/gamma/uses-repository.ts', rule: RESTRICTED, says: MODULE_INTERNALS },
  { file: 'server/modules/gamma/uses-repository-by-path.ts', rule: RESTRICTED, says: MODULE_INTERNALS },
  { file: 'src/lib/cycle-a.ts', rule: CYCLE, says: 'part of a cycle' },
  { file: 'src/lib/cycle-b.ts', rule: CYCLE, says: 'part of a cycle' },
  { file: 'src/lib/badName.ts', rule: NAMING, says: 'kebab-case' },
  { file: 'src/routes/_authed/bad_route.tsx', rule: NAMING, says: 'kebab-case or PascalCase' },
] as const;

/** Clean files that use exactly what the rules allow; all other fixture files must be clean too. */
const ALLOWED = [
  'src/features/alpha/components/alpha-card.tsx', // its own feature, lib and contract
  'src/routes/_authed/AddCard.{-$id}.tsx', // a route imports a feature; router tokens in its name
  'src/routes/_authed/WithdrawStep.$id.tsx',
  'src/routes/__root.tsx',
  'src/routes/_authed/(wallet)/Safe.tsx', // a route group folder
  'sw/uses-contract.ts', // the service worker imports src/contract
  'server/modules/gamma/service.ts', // another module's service, and src/contract
  'server/modules/delta/worker.ts',
  'server/modules/gamma/uses-server-infra.ts', // server/ outside the modules (config, http, db)
  'server/db/migrations/0001_first.ts', // migrations keep their numbered snake_case names
];

interface Diagnostic {
  category: string;
  message: string;
  location: { path: string | null };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

describe('the boundary rules of biome.json', () => {
  let diagnostics: Diagnostic[] = [];
  let tree = '';

  beforeAll(() => {
    tree = mkdtempSync(path.join(tmpdir(), 'beacon-lint-'));
    cpSync(fixtures, tree, { recursive: true });
    const config = JSON.parse(readFileSync(path.join(repo, 'biome.json'), 'utf8'));
    // Only what to lint changes: the repository's config ignores the fixtures.
    config.files.includes = ['**'];
    writeFileSync(path.join(tree, 'biome.json'), JSON.stringify(config, null, 2));
    // The copy is not a git checkout, so there is no ignore file for the vcs integration to read.
    const args = ['lint', '--vcs-enabled=false', '--reporter=json', '--max-diagnostics=none', '.'];
    const run = spawnSync(biome, args, { cwd: tree, encoding: 'utf8' });
    expect(run.stdout, run.stderr).toMatch(/^\{/);
    diagnostics = JSON.parse(run.stdout).diagnostics;
  });

  afterAll(() => {
    if (tree) rmSync(tree, { recursive: true, force: true });
  });

  const at = (file: string) => diagnostics.filter((d) => d.location.path === file);

  it.each(VIOLATIONS)('$rule reports $file', ({ file, rule, says }) => {
    expect(at(file).map((d) => `${d.category}: ${d.message}`)).toContainEqual(expect.stringContaining(says));
    expect(at(file).every((d) => d.category === rule)).toBe(true);
  });

  it('reports nothing in the files that keep the rules', () => {
    const violating = new Set<string>(VIOLATIONS.map((v) => v.file));
    const clean = filesUnder(fixtures).filter((file) => !violating.has(file));
    expect(clean).toEqual(expect.arrayContaining(ALLOWED));
    expect(clean.flatMap((file) => at(file).map((d) => `${file} ${d.category}: ${d.message}`))).toEqual([]);
  });
});

/**
 * Server modules that import one another in a ring, each named by its folder. noImportCycles follows files, and a
 * ring between two modules is often no file cycle (wallet/routes -> payments/service -> wallet/service), so the
 * folders are checked here. Type-only imports do not count, as for noImportCycles: the compiler removes them.
 */
function moduleCycles(root: string): string[][] {
  const modulesDir = path.join(root, 'server/modules');
  const moduleOf = (file: string) => {
    const parts = path.relative(modulesDir, file).split(path.sep);
    return parts.length > 1 && parts[0] !== '..' ? parts[0] : undefined;
  };
  const edges = new Map<string, Set<string>>();
  for (const file of filesUnder(modulesDir)) {
    if (!/\.tsx?$/.test(file)) continue;
    const absolute = path.join(modulesDir, file);
    const from = moduleOf(absolute);
    if (!from) continue;
    const source = ts.createSourceFile(file, readFileSync(absolute, 'utf8'), ts.ScriptTarget.Latest);
    for (const statement of source.statements) {
      const isImport = ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly;
      const isReExport = ts.isExportDeclaration(statement) && !statement.isTypeOnly;
      if (!isImport && !isReExport) continue;
      const specifier = statement.moduleSpecifier;
      if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) continue;
      const to = moduleOf(path.resolve(path.dirname(absolute), specifier.text));
      if (to && to !== from) edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  }
  // Tarjan's strongly connected components: every component of more than one module is a ring.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const rings: string[][] = [];
  const visit = (module: string) => {
    index.set(module, index.size);
    low.set(module, index.get(module) as number);
    stack.push(module);
    for (const next of edges.get(module) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(module, Math.min(low.get(module) as number, low.get(next) as number));
      } else if (stack.includes(next)) {
        low.set(module, Math.min(low.get(module) as number, index.get(next) as number));
      }
    }
    if (low.get(module) === index.get(module)) {
      const ring = stack.splice(stack.indexOf(module));
      if (ring.length > 1) rings.push(ring.sort());
    }
  };
  for (const module of [...edges.keys()].sort()) if (!index.has(module)) visit(module);
  return rings.sort((a, b) => a.join().localeCompare(b.join()));
}

describe('server modules import one another in one direction', () => {
  it('finds the ring of the fixture (gamma/service -> delta/service, delta/worker -> gamma/service)', () => {
    expect(moduleCycles(fixtures)).toEqual([['delta', 'gamma']]);
  });

  it('finds no ring in server/modules', () => {
    expect(moduleCycles(repo)).toEqual([]);
  });
});
