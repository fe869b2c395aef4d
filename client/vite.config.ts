import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Alias } from 'vite';

/** Absolute path of a file relative to this config, so the config works from any cwd. */
const here = (relative: string): string => fileURLToPath(new URL(relative, import.meta.url));

/** Where the API server listens during `vite` dev (the server's default PORT). */
const apiTarget = 'http://localhost:4000';

/**
 * react-router 7's package exports always point at its development build (dev warnings on;
 * remix-run/react-router#14102), so production builds alias it to the shipped production build.
 */
function reactRouterProductionAliases(): Alias[] {
  const root = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
  return [
    { find: /^react-router$/, replacement: path.join(root, 'dist/production/index.mjs') },
    { find: /^react-router\/dom$/, replacement: path.join(root, 'dist/production/dom-export.mjs') },
  ];
}

/**
 * Client build: React + the shared `common` package compiled from source (no prebuild step),
 * output to client/dist (served by the server with SPA fallback), API proxied in dev.
 */
export default defineConfig(({ command }) => ({
  root: here('.'),
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^@cryptovest\/common$/, replacement: here('../common/src/index.ts') },
      ...(command === 'build' ? reactRouterProductionAliases() : []),
    ],
  },
  // The server renderer (entry-server.tsx) is one self-contained bundle built in production mode
  // (so React's production server build is used whatever NODE_ENV the API server runs with).
  ssr: { noExternal: true, target: 'node' },
  server: {
    proxy: {
      // ws: live updates (graphql-ws subscriptions) share the /graphql path.
      '/graphql': { target: apiTarget, changeOrigin: true, ws: true },
      '/api': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: here('dist'),
    emptyOutDir: true,
    // Maps are written for error tracking but not linked from the bundles (no sourceMappingURL);
    // the production server refuses to serve *.map.
    sourcemap: 'hidden',
    target: 'es2022',
    rolldownOptions: {
      treeshake: {
        // `common` is pure (constants, messages, helpers, yup schemas): keep only what the client
        // imports, so the register form's schemas and country list never ride along on `/`.
        moduleSideEffects: [{ test: /[\\/]common[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
}));
