import { configure } from '@testing-library/react';

/**
 * The client project's test timeout: a bound, not a wait (a passing test returns as soon as its
 * checks hold). Typing into an MUI form in jsdom takes ~2 s on an idle core, mostly jsdom's
 * getComputedStyle walking every emotion rule for testing-library's visibility checks and for
 * TextareaAutosize. With three jest workers, PostgreSQL and the server tests' password hashing on
 * two cores, the same test ran about ten times slower once and CI timed out at 20 s
 * (UsersPage "edits a user", 2.2 s alone). Set here because jest ignores `testTimeout` in a
 * project's config (CI timed out at 5 s with it there).
 */
jest.setTimeout(60_000);

/**
 * How long findBy and waitFor keep looking (testing-library's default is 1 s): again a bound, not
 * a wait. A redirect after two mocked queries took longer than 1 s in CI with both cores loaded,
 * and opening a dialog takes 1.4 s on an idle core.
 */
configure({ asyncUtilTimeout: 15_000 });

export {};
