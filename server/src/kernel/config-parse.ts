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

/**
 * Settings that hold secrets. Each may instead be given as `<NAME>_FILE`, the path of a file
 * holding the value (Docker and Kubernetes secrets are mounted as files, kept out of the
 * environment that `docker inspect` and crash reports show).
 */
export const SECRET_SETTINGS = [
  'DATABASE_URL',
  'JWT_SECRET',
  'JWT_SECRETS_PREVIOUS',
  'TOTP_ENCRYPTION_KEY',
  'TOTP_ENCRYPTION_KEYS_PREVIOUS',
  'SMTP_URL',
  'ADMIN_PASSWORD',
  'METRICS_TOKEN',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;

/**
 * The environment with every `<SECRET>_FILE` read into `<SECRET>` (surrounding whitespace and the
 * final newline dropped). Setting both, or a file that can't be read, is a problem.
 */
export function withSecretFiles(env: Env, problems: Problems, read: (file: string) => string): Env {
  const out: Env = { ...env };
  for (const name of SECRET_SETTINGS) {
    const file = env[`${name}_FILE`];
    if (!file) continue;
    if (env[name]) {
      problems.add(`set ${name} or ${name}_FILE, not both`);
      continue;
    }
    try {
      out[name] = read(file).trim();
    } catch (err) {
      problems.add(
        `${name}_FILE ${file} could not be read: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
      );
    }
  }
  return out;
}

/** A list setting: comma- or newline-separated values, blanks dropped. */
export function list(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(/[,\n]/)
    .map((v) => v.trim())
    .filter(Boolean);
}
