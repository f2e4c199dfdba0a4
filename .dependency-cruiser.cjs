/**
 * The import rules of src/, checked by `npm run lint` (scripts/check-architecture.mjs, which adds
 * the checks dependency-cruiser cannot express: cycles between modules, and SQL text naming
 * another module's tables). docs/architecture.md explains each rule.
 */
const MODULE = '^src/server/modules/([^/]+)/';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No file reaches itself through its imports, types included.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'module-through-index',
      comment:
        'Another module is reached only through its index.ts; its repository, tables and helpers are its own.',
      severity: 'error',
      from: { path: MODULE, pathNot: '/tables\\.ts$' },
      to: {
        path: '^src/server/modules/',
        pathNot: ['^src/server/modules/$1/', '^src/server/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'tables-reference-tables',
      comment: "A module's tables.ts may name another module's tables, for foreign keys only.",
      severity: 'error',
      from: { path: `${MODULE}tables\\.ts$` },
      to: {
        path: '^src/server/modules/',
        pathNot: ['^src/server/modules/$1/', '^src/server/modules/[^/]+/tables\\.ts$'],
      },
    },
    {
      name: 'root-through-index',
      comment: 'The composition root (app, main, cli) reaches modules through their index.ts.',
      severity: 'error',
      from: { path: '^src/server/(?!modules/|platform/)', pathNot: '^src/server/schema\\.ts$' },
      to: {
        path: '^src/server/modules/',
        pathNot: '^src/server/modules/[^/]+/index\\.ts$',
      },
    },
    {
      name: 'schema-gathers-tables',
      comment: 'The schema aggregate (for Drizzle Kit) gathers tables and nothing else.',
      severity: 'error',
      from: { path: '^src/server/schema\\.ts$' },
      to: { pathNot: '/tables\\.ts$' },
    },
    {
      name: 'platform-imports-no-module',
      comment: 'platform/ is what every module uses; it knows none of them.',
      severity: 'error',
      from: { path: '^src/server/platform/' },
      to: { path: ['^src/server/modules/', '^src/server/[^/]+\\.ts$', '^src/server/cli/'] },
    },
    {
      name: 'client-imports-no-server',
      comment: 'The browser bundle never reaches server code, nor a question type’s server half.',
      severity: 'error',
      from: { path: '^src/client/' },
      to: { path: ['^src/server/', '^src/question-types/.*(server|\\.server)(\\.ts)?$'] },
    },
    {
      name: 'shared-imports-neither',
      comment: 'src/shared is plain data and contracts: no server, client or question-type code.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: ['^src/server/', '^src/client/', '^src/question-types/'] },
    },
    {
      name: 'question-type-browser-no-server',
      comment:
        'A question type’s survey input and admin view (everything but its server half) import no server code.',
      severity: 'error',
      from: {
        path: '^src/question-types/',
        pathNot: ['/server\\.ts$', '\\.server\\.ts$', '/server-type\\.ts$'],
      },
      to: {
        path: ['^src/server/', '^src/question-types/.*(/server|\\.server|/server-type)\\.ts$'],
      },
    },
    {
      name: 'question-type-server-no-module',
      comment: 'A question type’s server half uses platform and shared code, never a module.',
      severity: 'error',
      from: { path: '^src/question-types/.*(/server|\\.server|/server-type)\\.ts$' },
      to: { path: ['^src/server/modules/', '^src/client/'] },
    },
    {
      name: 'raw-sql-in-repositories',
      comment: 'Prepared SQL text is a repository’s: only *-repository.ts files use it.',
      severity: 'error',
      from: { pathNot: ['-repository\\.ts$', '^src/server/platform/db/'] },
      to: { path: '^src/server/platform/db/prepared-statement\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '^dist/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
