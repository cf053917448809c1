// The server's one-way module graph: lib ← db ← modules ← plugins / seed / app (arrows: "is imported by").
// Run with `npm run lint`; ARCHITECTURE.md, "Dependency rule", explains it.
const src = '^apps/server/src';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles, between modules or inside one (type-only imports count too).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'lib-is-the-bottom',
      severity: 'error',
      comment: 'lib/ holds helpers that know no table: it imports nothing above it.',
      from: { path: `${src}/lib/` },
      to: { path: `${src}/(modules|plugins|seed)/|${src}/(app|deps|server|cli)\\.ts$` },
    },
    {
      name: 'lib-uses-db-types-only',
      severity: 'error',
      comment: 'lib/ may name the connection types of db/client.ts (Database, Tx) and nothing else of db/.',
      from: { path: `${src}/lib/` },
      to: { path: `${src}/db/`, pathNot: `${src}/db/client\\.ts$` },
    },
    {
      name: 'lib-uses-db-client-as-type',
      severity: 'error',
      comment: 'lib/ imports db/client.ts with `import type` only.',
      from: { path: `${src}/lib/` },
      to: { path: `${src}/db/client\\.ts$`, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'db-below-modules',
      severity: 'error',
      comment: 'db/ (schema, tenancy, row helpers) imports only lib/ and config.',
      from: { path: `${src}/db/` },
      to: { path: `${src}/(modules|plugins|seed)/|${src}/(app|deps|server|cli)\\.ts$` },
    },
    {
      name: 'modules-below-app',
      severity: 'error',
      comment: 'A module never reaches up to plugins, seeds or the app (Deps is in src/deps.ts).',
      from: { path: `${src}/modules/` },
      to: { path: `${src}/(plugins|seed)/|${src}/(app|server|cli)\\.ts$` },
    },
    {
      name: 'module-through-its-index',
      severity: 'error',
      comment: 'A module uses another only through modules/<other>/index.ts, never a deep file.',
      from: { path: `${src}/modules/([^/]+)/` },
      to: { path: `${src}/modules/`, pathNot: [`${src}/modules/$1/`, `${src}/modules/[^/]+/index\\.ts$`] },
    },
    {
      name: 'outside-through-index',
      severity: 'error',
      comment: 'Code outside modules/ (app, plugins, seed, cli, deps) reaches a module only through its index.ts.',
      from: { path: `${src}/`, pathNot: `${src}/modules/` },
      to: { path: `${src}/modules/`, pathNot: `${src}/modules/[^/]+/index\\.ts$` },
    },
    {
      name: 'only-entry-points-import-app',
      severity: 'error',
      comment: 'app.ts (buildApp) is imported only by server.ts and cli.ts (and by tests and bench, not cruised).',
      from: { path: `${src}/`, pathNot: `${src}/(server|cli)\\.ts$` },
      to: { path: `${src}/app\\.ts$` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^apps/server/src/db/migrations/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.json'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
