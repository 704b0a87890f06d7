// The import rules `npm test` holds the code to (dependency-cruiser; see docs/architecture.md):
// no import circles, and the packages' direction — contracts and solvers import nothing of ours but
// contracts, the server nothing of the web app, the web app nothing of the server's or the solvers'.
// Type-only imports count: a circle of types still ties the files' meaning together.
// Inside the web app: lib/ and components/ import no feature, features/simulations imports no other
// feature (the route files hand it the siblings' pieces), no feature imports the route files, and a
// family's folder (features/families/<family>/) imports no other family's.
const WEB_TEST_SUPPORT = '(\\.test\\.tsx?|/testSupport\\.ts|/testFixtures\\.ts|/fixtures/[^/]+)$';
/** A forbidden import: from files matching `from` to files matching `to`; every rule here is an error. */
const forbid = (name, from, to, comment) => ({ name, severity: 'error', ...(comment ? { comment } : {}), from, to });

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    forbid('no-circular', {}, { circular: true }, 'Files that import each other in a loop: move what both need into a third file below them.'),
    forbid('contracts-import-nothing-of-ours', { path: '^packages/contracts/src' }, { path: '^(packages/solvers|apps)/' }),
    forbid('solvers-import-only-contracts', { path: '^packages/solvers/(src|test|bench)' }, { path: '^apps/' }),
    forbid('server-not-web', { path: '^apps/server' }, { path: '^apps/web' }),
    forbid(
      'web-not-server-or-solvers',
      { path: '^apps/web/src', pathNot: '(\\.test\\.tsx?|/testSupport\\.ts)$' },
      { path: '^(apps/server|packages/solvers)/' },
      'The browser reaches the server through its API and shares only contracts.',
    ),
    forbid(
      'simulations-imports-no-sibling-feature',
      { path: '^apps/web/src/features/simulations/', pathNot: WEB_TEST_SUPPORT },
      { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/simulations/' },
      'Most features import features/simulations, so it imports none of them back: infrastructure lives in src/lib/, ' +
        'and what a simulation screen shows of another feature comes through its slots (features/simulations/slots.tsx), filled in by src/routes/.',
    ),
    forbid(
      'families-import-no-other-family',
      { path: '^apps/web/src/features/families/(?!shared/)([^/]+)/' },
      { path: '^apps/web/src/features/families/', pathNot: '^apps/web/src/features/families/($1|shared)/' },
      'A family folder (features/families/<family>/) holds that family alone: what two families share lives in features/families/shared/, ' +
        'and only the families/ root (the manifests, the dispatching views) brings the families together.',
    ),
    forbid(
      'lib-and-ui-import-no-feature',
      { path: '^apps/web/src/(lib|components)/' },
      { path: '^apps/web/src/(features|routes|app)/' },
      'src/lib/ and src/components/ are what every feature builds on: they import no feature, route or app module.',
    ),
    forbid(
      'features-not-routes',
      { path: '^apps/web/src/features/', pathNot: WEB_TEST_SUPPORT },
      { path: '^apps/web/src/(routes/|app/routes\\.tsx$)' },
      'The route files compose the features; a feature importing them would close a circle through the layer above it.',
    ),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|coverage|test-results|playwright-report)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
  },
};
