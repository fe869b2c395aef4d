import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * GraphQL code generation: schema.graphql (the server contract) + the client's *.graphql
 * operations -> typed documents (client-preset) and typed Apollo hooks (local plugin), and the
 * list of operation names the server's metrics label (local plugin).
 * `npm run codegen` writes; `graphql-codegen --config codegen.ts --check` fails when stale.
 */
const config: CodegenConfig = {
  schema: 'schema.graphql',
  documents: ['client/src/**/*.graphql'],
  ignoreNoDocuments: false,
  generates: {
    'client/src/generated/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        documentMode: 'documentNode',
        useTypeImports: true,
        enumsAsTypes: true,
        skipTypename: false,
        strictScalars: true,
        scalars: { DateTimeISO: 'string', Decimal: 'string', Money: 'string' },
      },
    },
    'client/src/generated/hooks.ts': {
      plugins: ['./client/codegen/apollo-hooks.cjs'],
      config: { typesImport: './graphql' },
    },
    // The operation names GraphQL metrics keep as labels (server/src/platform/metrics/graphql-metrics.ts).
    'server/src/platform/metrics/client-operations.ts': {
      plugins: ['./client/codegen/operation-names.cjs'],
    },
  },
};

export default config;
