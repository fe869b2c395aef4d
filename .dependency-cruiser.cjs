/**
 * The import rules `npm run check:structure` enforces (docs/architecture.md, "Import rules"):
 * no cycles between files; the server's layers import only downwards (kernel → db → platform →
 * modules → transport → composition); other folders reach a module or platform service only
 * through its `index.ts`; production code never imports test support; the GraphQL, REST and web
 * transports never import each other (they share only the layers below them).
 * @type {import('dependency-cruiser').IConfiguration}
 */
const TESTS = '(\\.test\\.tsx?$|^server/src/test/|^client/src/test/|^e2e/)';
const SRC = '^server/src/';
const CLIENT = '^client/src/';
const GRAPHQL = `${SRC}transport/graphql/`;
const REST = `${SRC}transport/rest/`;
const WEB = `${SRC}transport/web/`;

/** A rule: production files of `layer` never import the folders in `above` (those sit higher). */
const below = (layer, above) => ({
  name: `${layer}-imports-only-downwards`,
  comment: `${layer}/ sits below ${above.join(', ')}: move the shared part down, or pass it in from the composition root.`,
  severity: 'error',
  from: { path: `${SRC}${layer}/`, pathNot: TESTS },
  to: { path: `${SRC}(${above.join('|')})/` },
});

/** A rule: the transport `from` never imports the transport `to` (each shares only the layers below). */
const apart = (name, from, to) => ({
  name,
  comment: 'The GraphQL, REST and web transports share only modules, platform, db and kernel, never each other.',
  severity: 'error',
  from: { path: from, pathNot: TESTS },
  to: { path: to },
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A cycle between files ties their folders together: move the shared part down a layer.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-test-support-in-production',
      comment: 'Test harness, factories and fakes live under the test folders and are imported by tests only.',
      severity: 'error',
      from: { pathNot: TESTS },
      to: { path: TESTS },
    },
    below('kernel', ['db', 'platform', 'modules', 'transport', 'composition', 'scripts', 'test']),
    below('db', ['platform', 'modules', 'transport', 'composition', 'scripts', 'test']),
    below('platform', ['modules', 'transport', 'composition', 'scripts', 'test']),
    below('modules', ['transport', 'composition', 'scripts', 'test']),
    below('transport', ['composition', 'scripts', 'test']),
    {
      name: 'no-loose-server-files',
      comment:
        'Every server file belongs to a layer folder (kernel, db, platform, modules, transport, composition, scripts, test).',
      severity: 'error',
      from: { path: `${SRC}[^/]+\\.ts$`, pathNot: TESTS },
      to: {},
    },
    {
      name: 'module-face-inside-layer',
      comment: 'A module or platform service is reached through its index.ts (its public face), never its inner files.',
      severity: 'error',
      from: { path: `${SRC}(modules|platform)/([^/]+)/`, pathNot: TESTS },
      to: {
        path: `${SRC}(modules|platform)/[^/]+/`,
        pathNot: [`${SRC}$1/$2/`, `${SRC}(modules|platform)/[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'module-face-from-above',
      comment: 'Transports, the composition root and scripts reach a module or platform service through its index.ts.',
      severity: 'error',
      from: { path: SRC, pathNot: [TESTS, `${SRC}(modules|platform)/`] },
      to: { path: `${SRC}(modules|platform)/[^/]+/`, pathNot: `${SRC}(modules|platform)/[^/]+/index\\.ts$` },
    },
    {
      name: 'client-shared-below-features',
      comment:
        "The client's shared parts (components, api, session, forms, theme, site, ssr) sit below the features and the routes that mount them.",
      severity: 'error',
      from: { path: `${CLIENT}(components|app/(api|session|forms|theme|site|ssr|toasts))/`, pathNot: TESTS },
      to: { path: `${CLIENT}(features|app/(boot|routing))/` },
    },
    {
      name: 'client-features-below-routing',
      comment: 'Routes mount features; features never import the router or the boot code.',
      severity: 'error',
      from: { path: `${CLIENT}features/`, pathNot: TESTS },
      to: { path: `${CLIENT}app/(boot|routing)/` },
    },
    {
      name: 'client-features-apart',
      comment:
        "A feature does not import another feature's inner files: move what both use to components/ (the security settings section is the one part two features embed).",
      severity: 'error',
      from: { path: `${CLIENT}features/([^/]+)/`, pathNot: TESTS },
      to: {
        path: `${CLIENT}features/`,
        pathNot: [`${CLIENT}features/$1/`, `${CLIENT}features/security/SecuritySettings`],
      },
    },
    {
      name: 'client-ssr-at-the-bottom',
      comment: 'The SSR glue is read by every layer above it, so it imports none of them.',
      severity: 'error',
      from: { path: `${CLIENT}app/ssr/`, pathNot: TESTS },
      to: { path: `${CLIENT}(components|features|app/(?!ssr/))` },
    },
    apart('graphql-not-rest', GRAPHQL, `(${REST}|${WEB})`),
    apart('rest-not-graphql', REST, `(${GRAPHQL}|${WEB})`),
    apart('web-not-graphql-or-rest', WEB, `(${GRAPHQL}|${REST})`),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(node_modules|/dist/|/dist-ssr/|/generated/)' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
  },
};
