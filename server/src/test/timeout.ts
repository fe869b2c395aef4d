/**
 * The server project's test timeout. Integration tests that sweep the whole API or load the app
 * take 4 s alone and over 5 s (jest's default) while the other workers load both cores (CI timed
 * out the access sweep at 5 s): a bound, not a wait. Set here because jest ignores `testTimeout` in
 * a project's config; tests that need longer still pass their own.
 */
jest.setTimeout(20_000);

export {};
