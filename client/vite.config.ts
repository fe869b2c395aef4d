import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Alias, type HtmlTagDescriptor, type Plugin } from 'vite';
import { bootStageChunks } from './build/bootStageChunks';

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
 * The boot stages of src/app/boot/main.tsx, one chunk each (build/bootStageChunks.ts); their files are
 * what preloadStages lists.
 */
const bootStages = bootStageChunks(here('src/app/boot/main.tsx'), {
  // react-i18next's entry declares stubs beside its re-exports, so it is no barrel: without this,
  // <Trans> (and its HTML parser), which only route pages use, would ride in the router stage.
  lazyOnly:
    /[\\/]node_modules[\\/](react-i18next[\\/]dist[\\/]es[\\/](Trans|TransWithoutContext|Translation|withTranslation|withSSR|useSSR)\.js|html-parse-stringify|void-elements)/,
});

/**
 * Preloads what the entry imports in stages (src/app/boot/main.tsx evaluates the app with a yield to
 * the browser between them): a `<link rel="modulepreload">` in index.html for each chunk the
 * entry imports dynamically and everything those import, so all of it downloads at once instead
 * of one stage after the other. The server moves these links behind the first paint of
 * server-rendered pages (server/src/transport/web/page-shell.ts).
 */
function preloadStages(): Plugin {
  return {
    name: 'cryptovest:preload-stages',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk }): HtmlTagDescriptor[] {
        if (!bundle || !chunk) return [];
        const files = new Set<string>();
        const visit = (file: string) => {
          const dependency = bundle[file];
          if (files.has(file) || file === chunk.fileName || dependency?.type !== 'chunk') return;
          files.add(file);
          dependency.imports.forEach(visit);
        };
        chunk.imports.forEach(visit);
        chunk.dynamicImports.forEach(visit);
        return [...files].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head',
        }));
      },
    },
  };
}

/**
 * Preloads the UI font's Latin file (issue 38): without it the browser finds the font only once
 * the stylesheet is parsed and text is laid out, and shows the metric-matched stand-in longer.
 * Server-rendered pages keep the link (page-shell.ts moves only module preloads).
 */
function preloadUiFont(): Plugin {
  return {
    name: 'cryptovest:preload-ui-font',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }): HtmlTagDescriptor[] {
        const file = Object.keys(bundle ?? {}).find((name) => /inter-latin-wght-normal-[^/]+\.woff2$/.test(name));
        if (!file) return [];
        const attrs = { rel: 'preload', as: 'font', type: 'font/woff2', crossorigin: true, href: `/${file}` };
        return [{ tag: 'link', attrs, injectTo: 'head' }];
      },
    },
  };
}

/**
 * Client build: React + the shared `common` package compiled from source (no prebuild step),
 * output to client/dist (served by the server with SPA fallback), API proxied in dev.
 */
export default defineConfig(({ command, isSsrBuild }) => ({
  root: here('.'),
  plugins: [react(), preloadStages(), preloadUiFont(), bootStages.plugin],
  // Vite leaves `process.env.NODE_ENV` to the runtime in server builds, so the renderer would
  // follow the API server's NODE_ENV: React's development build, and Emotion class names with
  // dev labels that the browser's production build cannot match (it then re-inserts every style
  // while hydrating). Fixed at build time, the server renders exactly what the browser runs.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  resolve: {
    alias: [
      { find: /^@cryptovest\/common$/, replacement: here('../common/src/index.ts') },
      ...(command === 'build' ? reactRouterProductionAliases() : []),
    ],
  },
  // The server renderer (entry-server.tsx) is one self-contained bundle, in production mode (above).
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
    // No script-inserted <link rel="modulepreload"> before each dynamic import: inserting them
    // cost a slow phone ~3 ms of main thread each (90 ms for the sign-in page's route chunks).
    // The browser fetches a chunk's imports itself; the entry's stages are preloaded by links in
    // the HTML (preloadStages).
    modulePreload: false,
    rolldownOptions: {
      // The client build only: the plugin leaves the server build's map empty, so no group matches.
      output: { codeSplitting: { groups: bootStages.groups } },
      treeshake: {
        // `common` is pure (constants, messages, helpers, yup schemas): keep only what the client
        // imports, so the register form's schemas and country list never ride along on `/`.
        moduleSideEffects: [{ test: /[\\/]common[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
}));
