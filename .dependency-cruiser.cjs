// Module boundaries, checked by `npm run check` (and so by CI): docs/architecture.md explains them.
// A server module or a web feature is used by others only through its index.ts; layers point down.
const SERVER = '^apps/server/src/';
const MODULES = `${SERVER}modules/`;
const WEB = '^apps/web/src/';
const FEATURES = `${WEB}features/`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import cycles make the load order matter and the layers meaningless.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'contract-imports-no-app',
      severity: 'error',
      comment: 'The contract is shared by the server and the client; it depends on neither.',
      from: { path: '^packages/contract/' },
      to: { path: '^apps/' },
    },
    {
      name: 'apps-stay-apart',
      severity: 'error',
      comment: 'Server and client share only the contract package.',
      from: { path: '^apps/(server|web)/' },
      to: { path: '^apps/', pathNot: ['^apps/$1/'] },
    },
    {
      name: 'server-module-through-its-index',
      severity: 'error',
      comment:
        "Another module's files are its internals: import what it offers from its index.ts (its public face).",
      from: { path: `${MODULES}([^/]+)/` },
      to: { path: MODULES, pathNot: [`${MODULES}$1/`, `${MODULES}[^/]+/index\\.ts$`] },
    },
    {
      name: 'server-outside-modules-through-index',
      severity: 'error',
      comment: 'app.ts, seeds and scripts use a module through its index.ts only.',
      from: { path: SERVER, pathNot: [`${MODULES}`, '\\.test\\.ts$'] },
      to: { path: MODULES, pathNot: `${MODULES}[^/]+/index\\.ts$` },
    },
    {
      name: 'server-infrastructure-below-modules',
      severity: 'error',
      comment: 'core/, db/ and plugins/ are the floor the modules stand on; they import no module.',
      from: { path: `${SERVER}(core|db)/` },
      to: { path: [MODULES, `${SERVER}plugins/`, `${SERVER}app\\.ts$`] },
    },
    {
      name: 'server-index-hides-repositories',
      severity: 'error',
      comment: 'Repositories are private to their module: its index.ts must not hand them out.',
      from: { path: `${MODULES}[^/]+/index\\.ts$` },
      to: { path: '\\.repository\\.ts$' },
    },
    {
      name: 'routes-call-services-not-repositories',
      severity: 'error',
      comment: 'Routes do HTTP only; the rules and the access checks live in the service.',
      from: { path: '\\.routes\\.ts$' },
      to: { path: '\\.repository\\.ts$' },
    },
    {
      name: 'services-do-not-import-routes',
      severity: 'error',
      comment: 'Layers point down: routes → service → repository.',
      from: { path: ['\\.service\\.ts$', '\\.repository\\.ts$'] },
      to: { path: '\\.routes\\.ts$' },
    },
    {
      name: 'repositories-do-not-import-services',
      severity: 'error',
      comment: 'A repository holds queries; it calls no service (the service calls it).',
      from: { path: '\\.repository\\.ts$' },
      to: { path: '\\.service\\.ts$' },
    },
    {
      name: 'queries-live-in-repositories',
      severity: 'error',
      // No exceptions so far: no service, route or helper in a module needs drizzle-orm even for a type.
      // Tests may import it. Shared query pieces live outside modules (db/query-helpers.ts, db/*).
      comment:
        'Only a repository builds queries: the other files of a server module (services, routes, helpers) do not import drizzle-orm, they call their repository.',
      from: { path: MODULES, pathNot: ['\\.repository\\.ts$', '\\.test\\.ts$'] },
      to: { path: '(^|/)node_modules/drizzle-orm/' },
    },
    {
      name: 'web-feature-through-its-index',
      severity: 'error',
      comment: "Another feature's files are its internals: import what it offers from its index.ts.",
      from: { path: `${FEATURES}([^/]+)/` },
      to: { path: FEATURES, pathNot: [`${FEATURES}$1/`, `${FEATURES}[^/]+/index\\.tsx?$`] },
    },
    {
      name: 'web-app-through-feature-index',
      severity: 'error',
      comment: 'Routes and the shell use a feature through its index.ts only.',
      from: { path: WEB, pathNot: [FEATURES, '\\.test\\.tsx?$'] },
      to: { path: FEATURES, pathNot: `${FEATURES}[^/]+/index\\.tsx?$` },
    },
    {
      name: 'web-shared-code-below-features',
      severity: 'error',
      comment:
        'src/components, lib, hooks, utils and config are shared: they import no feature and no route.',
      from: { path: `${WEB}(components|lib|hooks|utils|config|testing)/` },
      to: { path: [FEATURES, `${WEB}app/`] },
    },
    {
      name: 'web-features-below-app',
      severity: 'error',
      comment: 'Features are composed by src/app (routes, providers); they do not import it.',
      from: { path: FEATURES },
      to: { path: `${WEB}app/` },
    },
    {
      name: 'no-test-code-in-production',
      severity: 'error',
      comment: 'Production code never imports a test file or a test helper.',
      from: { pathNot: ['\\.test\\.tsx?$', '/test/', '^e2e/', '^bench/', '/testing/', 'vitest\\.config'] },
      to: { path: ['\\.test\\.tsx?$', '^apps/server/test/', '^e2e/', '/testing/'] },
    },
  ],
  options: {
    // Packages are not cruised (doNotFollow) but not excluded either: rules see imports of them
    // (queries-live-in-repositories looks for node_modules/drizzle-orm/).
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)dist/', '(^|/)\\.tsbuild/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
    combinedDependencies: true,
  },
};
