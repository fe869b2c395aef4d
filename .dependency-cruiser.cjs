/**
 * The import rules `npm run check:structure` enforces (docs/architecture.md, "Import rules"):
 * no cycles between files, production code never imports test support, and the GraphQL and REST
 * transports never import each other (they share only the modules below them).
 * @type {import('dependency-cruiser').IConfiguration}
 */
const TESTS = '(\\.test\\.tsx?$|^server/src/test/|^client/src/test/|^e2e/)';
const GRAPHQL = '(^server/src/graphql/|\\.resolver\\.ts$)';
const REST = '(^server/src/rest/|\\.rest\\.ts$)';

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
    {
      name: 'graphql-not-rest',
      comment: 'GraphQL adapters share only modules and the kernel with REST, never REST code.',
      severity: 'error',
      from: { path: GRAPHQL, pathNot: TESTS },
      to: { path: REST },
    },
    {
      name: 'rest-not-graphql',
      comment: 'REST adapters share only modules and the kernel with GraphQL, never GraphQL code.',
      severity: 'error',
      from: { path: REST, pathNot: TESTS },
      to: { path: GRAPHQL },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(node_modules|/dist/|/dist-ssr/|/generated/)' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
  },
};
