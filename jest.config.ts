/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';

/** swc settings shared by every project: TS decorators with metadata, as TypeGraphQL/TypeORM need. */
const swc = (tsx: boolean) => [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx },
      transform: {
        legacyDecorator: true,
        decoratorMetadata: true,
        useDefineForClassFields: false,
        ...(tsx ? { react: { runtime: 'automatic' } } : {}),
      },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

/** ESM-only packages that jest must transform to CommonJS. */
const esmPackages = ['jose', '@otplib', '@scure/base', '@noble/hashes', '@levischuck/tiny-cbor'];

const common = { '^@cryptovest/common$': '<rootDir>/common/src/index.ts' };

const config: Config = {
  // Three files at a time on the CI machine's 2 cores: much of a file's time is spent waiting on
  // PostgreSQL, SMTP and timers (measured on one machine: 343 s with 2 workers, 313 s with 3; each
  // worker peaks near 1.3 GB). Files share the run's database, so each test keeps to rows of its
  // own; files that compare whole tables (row fingerprints) or run background workers use a
  // scratch database (test/harness.ts).
  maxWorkers: 3,
  projects: [
    {
      displayName: 'common',
      rootDir: '.',
      testMatch: ['<rootDir>/common/src/**/*.test.ts'],
      transform: { '^.+\\.tsx?$': swc(false) },
    },
    {
      displayName: 'server',
      rootDir: '.',
      testMatch: ['<rootDir>/server/src/**/*.test.ts'],
      testEnvironment: 'node',
      transform: { '^.+\\.(t|j)sx?$': swc(false) },
      transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
      moduleNameMapper: common,
      globalSetup: '<rootDir>/server/src/test/global-setup.ts',
      globalTeardown: '<rootDir>/server/src/test/global-teardown.ts',
      setupFiles: ['reflect-metadata'],
      // 20 s per test (server/src/test/timeout.ts).
      setupFilesAfterEnv: ['<rootDir>/server/src/test/timeout.ts'],
    },
    {
      displayName: 'client',
      rootDir: '.',
      testMatch: ['<rootDir>/client/src/**/*.test.tsx', '<rootDir>/client/src/**/*.test.ts'],
      testEnvironment: 'jsdom',
      setupFiles: ['<rootDir>/client/src/test/setup.ts'],
      // 20 s per test (client/src/test/timeout.ts; jest ignores a project's own testTimeout).
      setupFilesAfterEnv: ['<rootDir>/client/src/test/timeout.ts', '<rootDir>/client/src/test/i18nSetup.ts'],
      transform: { '^.+\\.(t|j)sx?$': swc(true) },
      moduleNameMapper: {
        ...common,
        '\\.(css|svg|png|jpg|webp)$': '<rootDir>/client/src/test/file-stub.ts',
      },
    },
  ],
};

export default config;
