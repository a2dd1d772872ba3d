// The import boundaries of Beacon (docs/conventions.md, "Import direction"), each stated once on resolved paths:
// dependency-cruiser resolves every specifier first (relative paths, the package.json "imports" aliases such as
// #contract/* and #ui/*, packages), so a rule holds whichever way a file is named and at any folder depth.
// `npm run lint` runs it over the repository; tests/unit/lint-boundaries.test.ts runs this same file over a fake
// tree (tests/lint-fixtures) and proves each rule reports its deliberate violation and leaves allowed files alone.
// Biome (biome.json) keeps formatting, file names and the other lint rules.

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'app-not-server',
      comment:
        'App code never imports server code (DESIGN.md section 2): the app ships to browsers, the server holds ' +
        'secrets and the database. Share what both need through contract/.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^server/' },
    },
    {
      name: 'feature-not-feature',
      comment:
        'A feature never imports another feature (DESIGN.md section 2): share it through src/lib, src/ui or ' +
        'contract/, or compose both features in the route. Otherwise features grow into one tangle.',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'shared-not-feature-or-route',
      comment:
        'src/lib, src/ui and src/boot know no feature and no route (DESIGN.md section 2: routes -> features -> ' +
        'ui / lib / contract): they are what features stand on, so an import upwards makes a ring.',
      severity: 'error',
      from: { path: '^src/(lib|ui|boot)/' },
      to: { path: ['^src/features/', '^src/routes/', '^src/routeTree[.]gen[.]ts$'] },
    },
    {
      name: 'contract-only-zod',
      comment:
        'contract/ imports only zod and its own files: the app, the server, the service worker and the demo ' +
        'provider all load it, so anything else it imported would ship to all four (DESIGN.md section 2).',
      severity: 'error',
      from: { path: '^contract/' },
      to: { pathNot: ['^contract/', '^node_modules/zod/'] },
    },
    {
      name: 'sw-only-contract',
      comment:
        'sw/ imports no app or server code, only contract/ (and its packages): the service worker is its own ' +
        'bundle and must not pull the app into it (DESIGN.md section 2).',
      severity: 'error',
      from: { path: '^sw/' },
      to: { path: '^(src|server|demo-provider)/' },
    },
    {
      name: 'server-not-app',
      comment:
        'server/ imports no app code (src/, sw/), only contract/: app code reads the DOM and the browser, and ' +
        'the server must build without it (DESIGN.md section 2).',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^(src|sw)/' },
    },
    {
      name: 'demo-provider-only-contract',
      comment:
        "demo-provider/ is a separate program standing in for a game provider: it imports nothing of Beacon's " +
        'but the wire schemas in contract/ (decision 0016), so it talks to the server only over the protocol.',
      severity: 'error',
      from: { path: '^demo-provider/' },
      to: { path: '^(src|sw|server)/' },
    },
    {
      name: 'module-through-service',
      comment:
        'A server module reaches another only through its service.ts (or its tables.ts types), never its ' +
        'repository, routes or worker (docs/architecture.md): service.ts is the one public face that keeps the ' +
        "module's rules in force.",
      severity: 'error',
      from: { path: '^server/modules/([^/]+)/' },
      to: {
        path: '^server/modules/[^/]+/',
        pathNot: ['^server/modules/$1/', '^server/modules/[^/]+/(service|tables)[.]ts$'],
      },
    },
    {
      name: 'not-into-src-by-path',
      comment:
        'No file outside src/ imports from src/ by relative path: tests name app files by the package.json ' +
        '"imports" aliases (#lib/*, #ui/*, #features/*, ...), so a move inside src/ breaks no long ../../ path.',
      severity: 'error',
      from: { pathNot: '^src/' },
      to: { path: '^src/', dependencyTypesNot: ['aliased'] },
    },
    {
      name: 'no-circular',
      comment:
        'No import cycles: a ring of modules loads in an order that depends on who is imported first. Type-only ' +
        'imports do not count (the compiler removes them), as for the module-ring check of the lint test.',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'not-to-unresolvable',
      comment:
        'Every import resolves to a file or a package: a rule above cannot see where an unresolved specifier ' +
        '(a mistyped alias) leads, so it would pass silently.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, pathNot: '^virtual:' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // What git ignores (builds, data, reports), dot folders, and the lint test's fake tree, which breaks every rule
    // on purpose. Declaration files (.d.ts, .d.mts) declare, they import nothing at run time.
    exclude: {
      path: [
        '(^|/)node_modules/',
        '^(dist|dist-[^/]+|data|coverage|test-results|playwright-report|i18n-pending)/',
        '^[.]',
        '^tests/lint-fixtures/',
        '[.]d[.]m?ts$',
      ],
    },
    // Type-only imports count for the boundaries: a type pulled from server/ into the app is still a coupling.
    tsPreCompilationDeps: true,
    // The package.json "imports" (#contract/*, #lib/*, #ui/*, ...) resolve as Node and Vite resolve them:
    // enhanced-resolve reads that field by default (its importsFields is ["imports"]); the lint test proves it
    // with a fixture that breaks a rule only through an alias.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
  },
};
