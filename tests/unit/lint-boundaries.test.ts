import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The import boundaries of DESIGN.md section 2 are dependency-cruiser rules in the repository's .dependency-cruiser.cjs,
// and the file names are Biome rules in its biome.json. This test copies a small fake tree (tests/lint-fixtures,
// ignored by the repository's own lint and by tsc) and checks it with those same two files, so removing or
// loosening a rule there makes it fail. The tree gets the repository's package.json "imports" aliases, so a rule
// broken only through an alias (#ui/label from server/) must be reported too.

const repo = path.resolve(import.meta.dirname, '../..');
const fixtures = path.join(repo, 'tests/lint-fixtures');
const biome = path.join(repo, 'node_modules/.bin/biome');
const depcruise = path.join(repo, 'node_modules/.bin/depcruise');

const NAMING = 'lint/style/useFilenamingConvention';

/** One deliberate violation per rule and way of naming a file: the file and every rule that must report it. */
const VIOLATIONS = [
  { file: 'src/features/alpha/uses-beta.ts', rules: ['feature-not-feature'] },
  { file: 'src/features/alpha/components/uses-beta-deep.tsx', rules: ['feature-not-feature'] },
  { file: 'src/features/alpha/components/uses-beta-by-path.tsx', rules: ['feature-not-feature'] },
  { file: 'src/features/alpha/uses-server.ts', rules: ['app-not-server'] },
  { file: 'src/features/alpha/uses-server-type.ts', rules: ['app-not-server'] }, // a type-only import counts
  { file: 'src/lib/uses-feature.ts', rules: ['shared-not-feature-or-route'] },
  { file: 'src/ui/uses-route.tsx', rules: ['shared-not-feature-or-route'] },
  { file: 'contract/uses-lib.ts', rules: ['contract-only-zod', 'not-into-src-by-path'] },
  { file: 'contract/uses-lib-by-alias.ts', rules: ['contract-only-zod'] },
  { file: 'sw/uses-app.ts', rules: ['sw-only-contract'] }, // through #lib/format
  { file: 'server/modules/gamma/uses-app.ts', rules: ['server-not-app'] }, // through #ui/label
  { file: 'server/modules/gamma/uses-app-by-path.ts', rules: ['server-not-app', 'not-into-src-by-path'] },
  { file: 'demo-provider/uses-server.ts', rules: ['demo-provider-only-contract'] },
  { file: 'server/modules/gamma/uses-repository.ts', rules: ['module-through-service'] },
  { file: 'server/modules/gamma/uses-repository-by-path.ts', rules: ['module-through-service'] },
  { file: 'server/modules/gamma/deep/uses-worker-deep.ts', rules: ['module-through-service'] },
  { file: 'tests/unit/uses-app-by-path.ts', rules: ['not-into-src-by-path'] },
  { file: 'src/lib/cycle-a.ts', rules: ['no-circular'] },
  { file: 'src/lib/cycle-b.ts', rules: ['no-circular'] },
  { file: 'src/lib/unresolvable.ts', rules: ['not-to-unresolvable'] }, // #lib/missing: no file behind the alias
  { file: 'src/lib/badName.ts', rules: [NAMING] },
  { file: 'src/routes/_authed/bad_route.tsx', rules: [NAMING] },
];

/** Clean files that use exactly what the rules allow; all other fixture files must be clean too. */
const ALLOWED = [
  'src/features/alpha/components/alpha-card.tsx', // its own feature; lib, ui, contract by alias and by path
  'src/ui/label.tsx', // ui uses lib
  'src/lib/type-ring-a.ts', // a ring of type-only imports is no cycle
  'src/lib/type-ring-b.ts',
  'src/routes/_authed/AddCard.{-$id}.tsx', // a route imports a feature; router tokens in its name
  'src/routes/_authed/WithdrawStep.$id.tsx',
  'src/routes/__root.tsx',
  'src/routes/_authed/(wallet)/Safe.tsx', // a route group folder
  'contract/thing.ts', // zod
  'contract/admin/thing-admin.ts', // zod and the contract's own files, from a subfolder
  'sw/uses-contract.ts', // the service worker imports contract/, by alias and by path
  'demo-provider/uses-contract.ts',
  'server/modules/gamma/service.ts', // another module's service, and contract/
  'server/modules/gamma/uses-tables.ts', // another module's tables.ts types
  'server/modules/delta/worker.ts',
  'server/modules/gamma/uses-server-infra.ts', // server/ outside the modules (config, http, db)
  'server/db/migrations/0001_first.ts', // migrations keep their numbered snake_case names
  'tests/unit/uses-app-by-alias.ts', // tests name app files by the package.json aliases
];

interface Diagnostic {
  category: string;
  location: { path: string | null };
}

interface Violation {
  from: string;
  rule: { name: string };
  cycle?: { name: string }[];
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

describe('the boundary rules of .dependency-cruiser.cjs and the naming rules of biome.json', () => {
  /** Every report on the fake tree as "file rule": Biome's category, or the dependency-cruiser rule's name. */
  let reports: { file: string; rule: string }[] = [];
  let tree = '';

  beforeAll(() => {
    tree = mkdtempSync(path.join(tmpdir(), 'beacon-lint-'));
    cpSync(fixtures, tree, { recursive: true });
    const config = JSON.parse(readFileSync(path.join(repo, 'biome.json'), 'utf8'));
    // Only what to lint changes: the repository's config ignores the fixtures.
    config.files.includes = ['**'];
    writeFileSync(path.join(tree, 'biome.json'), JSON.stringify(config, null, 2));
    copyFileSync(path.join(repo, '.dependency-cruiser.cjs'), path.join(tree, '.dependency-cruiser.cjs'));
    const { imports } = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8'));
    writeFileSync(
      path.join(tree, 'package.json'),
      JSON.stringify({ name: 'fixtures', type: 'module', imports }),
    );
    // A stand-in zod, so that `import { z } from 'zod'` resolves into node_modules as it does in the repository.
    mkdirSync(path.join(tree, 'node_modules/zod'), { recursive: true });
    writeFileSync(path.join(tree, 'node_modules/zod/package.json'), '{"name":"zod","main":"index.js"}');
    writeFileSync(path.join(tree, 'node_modules/zod/index.js'), 'export const z = {};\n');

    // The copy is not a git checkout, so there is no ignore file for the vcs integration to read.
    const lint = ['lint', '--vcs-enabled=false', '--reporter=json', '--max-diagnostics=none', '.'];
    const linted = spawnSync(biome, lint, { cwd: tree, encoding: 'utf8' });
    expect(linted.stdout, linted.stderr).toMatch(/^\{/);
    const diagnostics: Diagnostic[] = JSON.parse(linted.stdout).diagnostics;

    const cruise = ['--config', '.dependency-cruiser.cjs', '--output-type', 'json', '.'];
    const cruised = spawnSync(depcruise, cruise, { cwd: tree, encoding: 'utf8' });
    expect(cruised.stdout, cruised.stderr).toMatch(/^\{/);
    const violations: Violation[] = JSON.parse(cruised.stdout).summary.violations;

    reports = [
      ...diagnostics.map((d) => ({ file: d.location.path ?? '', rule: d.category })),
      // A cycle is reported once, from one of its files: it counts for every file on it.
      ...violations.flatMap((v) =>
        [v.from, ...(v.cycle ?? []).map((c) => c.name)].map((file) => ({ file, rule: v.rule.name })),
      ),
    ];
  }, 120_000);

  afterAll(() => {
    if (tree) rmSync(tree, { recursive: true, force: true });
  });

  const rulesAt = (file: string) =>
    [...new Set(reports.filter((r) => r.file === file).map((r) => r.rule))].sort();

  it.each(VIOLATIONS)('$rules reports $file', ({ file, rules }) => {
    expect(rulesAt(file)).toEqual([...rules].sort());
  });

  it('reports nothing in the files that keep the rules', () => {
    const violating = new Set<string>(VIOLATIONS.map((v) => v.file));
    const clean = filesUnder(fixtures).filter((file) => !violating.has(file));
    expect(clean).toEqual(expect.arrayContaining(ALLOWED));
    expect(clean.flatMap((file) => rulesAt(file).map((rule) => `${file} ${rule}`))).toEqual([]);
  });

  it('has a deliberate violation for every rule of .dependency-cruiser.cjs', async () => {
    const { default: config } = await import(path.join(repo, '.dependency-cruiser.cjs'));
    const proven = new Set(VIOLATIONS.flatMap((v) => v.rules));
    expect(
      config.forbidden.map((rule: { name: string }) => rule.name).filter((name: string) => !proven.has(name)),
    ).toEqual([]);
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
  }, 60_000);
});
