'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS require hook loads with require() */
/**
 * `node -r server/src/test/swc-hook.cjs server/src/composition/main.ts`: runs the server from its TypeScript
 * sources without a build, so fault tests drive the real process. Compiles each `.ts` file with
 * the same swc options as jest.config.ts; dynamic `import()` stays native so ESM-only packages
 * (jose) load as they do in production. `@cryptovest/common` maps to its sources, as in jest.
 */
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const { transformSync } = require('@swc/core');

const COMMON_ENTRY = path.resolve(__dirname, '../../../common/src/index.ts');

/** swc options of jest.config.ts (server project), plus native dynamic import. */
const OPTIONS = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true, tsx: false },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    target: 'es2022',
  },
  module: { type: 'commonjs', ignoreDynamic: true },
  sourceMaps: 'inline',
};

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (request === '@cryptovest/common') return COMMON_ENTRY;
  return resolveFilename.call(this, request, ...rest);
};

require.extensions['.ts'] = function compileTypeScript(module, filename) {
  const source = fs.readFileSync(filename, 'utf8');
  const { code } = transformSync(source, { ...OPTIONS, filename });
  module._compile(code, filename);
};

process.setSourceMapsEnabled(true);
