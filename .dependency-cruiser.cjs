// The import rules `npm test` holds the code to (dependency-cruiser; see docs/architecture.md):
// no import circles, and the packages' direction — contracts and solvers import nothing of ours but
// contracts, the server nothing of the web app, the web app nothing of the server's or the solvers'.
// Type-only imports count: a circle of types still ties the files' meaning together.
// Inside the web app: lib/ and components/ import no feature, features/simulations imports no other
// feature (the route files hand it the siblings' pieces), no feature imports the route files, and a
// family's folder (features/families/<family>/) imports no other family's.
const WEB_TEST_SUPPORT = '(\\.test\\.tsx?|/testSupport\\.ts|/testFixtures\\.ts|/fixtures/[^/]+)$';
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Files that import each other in a loop: move what both need into a third file below them.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'contracts-import-nothing-of-ours',
      severity: 'error',
      from: { path: '^packages/contracts/src' },
      to: { path: '^(packages/solvers|apps)/' },
    },
    {
      name: 'solvers-import-only-contracts',
      severity: 'error',
      from: { path: '^packages/solvers/(src|test|bench)' },
      to: { path: '^apps/' },
    },
    {
      name: 'server-not-web',
      severity: 'error',
      from: { path: '^apps/server' },
      to: { path: '^apps/web' },
    },
    {
      name: 'web-not-server-or-solvers',
      severity: 'error',
      comment: 'The browser reaches the server through its API and shares only contracts.',
      from: { path: '^apps/web/src', pathNot: '(\\.test\\.tsx?|/testSupport\\.ts)$' },
      to: { path: '^(apps/server|packages/solvers)/' },
    },
    {
      name: 'simulations-imports-no-sibling-feature',
      severity: 'error',
      comment:
        'Most features import features/simulations, so it imports none of them back: infrastructure lives in src/lib/, ' +
        'and what a simulation screen shows of another feature comes through its slots (features/simulations/slots.tsx), filled in by src/routes/.',
      from: { path: '^apps/web/src/features/simulations/', pathNot: WEB_TEST_SUPPORT },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/simulations/' },
    },
    {
      name: 'families-import-no-other-family',
      severity: 'error',
      comment:
        'A family folder (features/families/<family>/) holds that family alone: what two families share lives in features/families/shared/, ' +
        'and only the families/ root (the manifests, the dispatching views) brings the families together.',
      from: { path: '^apps/web/src/features/families/(?!shared/)([^/]+)/' },
      to: { path: '^apps/web/src/features/families/', pathNot: '^apps/web/src/features/families/($1|shared)/' },
    },
    {
      name: 'lib-and-ui-import-no-feature',
      severity: 'error',
      comment: 'src/lib/ and src/components/ are what every feature builds on: they import no feature, route or app module.',
      from: { path: '^apps/web/src/(lib|components)/' },
      to: { path: '^apps/web/src/(features|routes|app)/' },
    },
    {
      name: 'features-not-routes',
      severity: 'error',
      comment: 'The route files compose the features; a feature importing them would close a circle through the layer above it.',
      from: { path: '^apps/web/src/features/', pathNot: WEB_TEST_SUPPORT },
      to: { path: '^apps/web/src/(routes/|app/routes\\.tsx$)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|coverage|test-results|playwright-report)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
  },
};
