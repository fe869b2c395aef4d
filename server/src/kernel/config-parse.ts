/** The environment a configuration is read from (process.env, or a test's own object). */
export type Env = Record<string, string | undefined>;

/** Collects every problem so a misconfigured server fails once with the full list. */
export class Problems {
  readonly list: string[] = [];
  add(message: string): void {
    this.list.push(message);
  }
}

/** An integer setting of at least `min`; a bad value is a problem and the fallback is used. */
export function int(env: Env, name: string, fallback: number, problems: Problems, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) {
    problems.add(`${name} must be an integer >= ${min} (got "${raw}")`);
    return fallback;
  }
  return n;
}

/** A yes/no setting: 1, true, yes or on mean yes. */
export function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(raw.toLowerCase());
}
