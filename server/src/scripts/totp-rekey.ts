import 'reflect-metadata';
import { loadConfig } from '../kernel/config';
import { createLogger } from '../kernel/logger';
import { createDataSource } from '../composition/data-source';
import { resealColumn, type SealedColumn } from '../db/reseal';
import { AUTHENTICATOR_SEALED_COLUMNS } from '../modules/second-factor';
import { WEBHOOK_SEALED_COLUMNS } from '../modules/webhook';

/** Every column of secrets sealed with TOTP_ENCRYPTION_KEY: authenticator secrets and webhook signing secrets. */
export const SEALED_COLUMNS: readonly SealedColumn[] = [...AUTHENTICATOR_SEALED_COLUMNS, ...WEBHOOK_SEALED_COLUMNS];

/**
 * Re-encrypts every sealed secret under TOTP_ENCRYPTION_KEY, opening each with that key or one of
 * TOTP_ENCRYPTION_KEYS_PREVIOUS (docs/operations.md, "Rotating secrets"):
 *   npm run totp:rekey
 * Run after every instance has the new key; then the previous key can be removed. Safe to run
 * again. Prints one JSON line per column; exits 1 when a secret opens with no configured key.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    console.error('DATABASE_URL must be set (the database whose secrets are re-sealed)');
    return 2;
  }
  const logger = createLogger(config.logLevel === 'silent' ? 'warn' : config.logLevel, undefined, config.logFormat);
  const ds = createDataSource(config.databaseUrl, logger, { ...config.database, statementTimeoutMs: 0 });
  await ds.initialize();
  try {
    for (const column of SEALED_COLUMNS) {
      const count = await resealColumn(ds, config.sealingKeys, column);
      process.stdout.write(`${JSON.stringify(count)}\n`);
    }
    return 0;
  } finally {
    await ds.destroy();
  }
}

if (require.main === module)
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error('totp:rekey failed:', (err as Error).message);
      process.exit(1);
    },
  );
