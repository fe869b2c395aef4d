/**
 * The client project's test timeout. Typing into MUI forms in jsdom takes ~2 s alone and over
 * 5 s (jest's default) while the server tests load both cores: a bound, not a wait. Set here
 * because jest ignores `testTimeout` in a project's config (CI timed out at 5 s with it there).
 */
jest.setTimeout(20_000);

export {};
