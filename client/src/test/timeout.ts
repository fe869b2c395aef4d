import { configure } from '@testing-library/react';

/**
 * The client project's test timeout. Typing into MUI forms in jsdom takes ~2 s alone and over
 * 5 s (jest's default) while the server tests load both cores: a bound, not a wait. Set here
 * because jest ignores `testTimeout` in a project's config (CI timed out at 5 s with it there).
 */
jest.setTimeout(20_000);

/**
 * How long findBy and waitFor keep looking (testing-library's default is 1 s). With the server
 * tests loading both cores, a redirect after two mocked queries took longer than 1 s in CI: a
 * bound, not a wait; passing checks still return as soon as they hold.
 */
configure({ asyncUtilTimeout: 5_000 });

export {};
