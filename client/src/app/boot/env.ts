/**
 * The ONLY module that reads `import.meta.env` (jest cannot parse `import.meta` in CommonJS).
 * Only main.tsx imports it; everything else receives these values as arguments, so no test
 * ever loads this file.
 */

/** Build-time settings of the client. */
export const env = {
  /** GraphQL endpoint; same origin by default (the server, or Vite's dev proxy). */
  graphqlUrl: (import.meta.env.VITE_GRAPHQL_URL as string | undefined) ?? '/graphql',
  /** True in `vite` dev mode; enables Apollo dev messages. */
  dev: import.meta.env.DEV,
} as const;
