import 'reflect-metadata';
import { loadConfig } from '../kernel/config';
import { formatRestoreReport, RestoreCheckRefused, runRestoreCheck, type SignInCheck } from './restore-check';

const USAGE = `usage: db:restore-check <dump file> [--database <name>] [--keep] [--jobs <n>] [--skip-sign-in]
  Restores the dump into a new database (generated name unless --database) on the server of
  RESTORE_DATABASE_URL, else DATABASE_URL, and checks it: migrations at this build's version, the
  ledger invariant, and a sign-in with RESTORE_CHECK_EMAIL / RESTORE_CHECK_PASSWORD. The database
  is dropped afterwards unless --keep.`;

/**
 * Proves a backup restores (docs/operations.md, "Backups and restores"):
 *   npm run db:restore-check -- /var/backups/cryptovest/cryptovest-20250101T030000Z.dump
 * Prints a short report. Exit 0 when every check holds, 1 when one fails, 2 on usage or refusal
 * (no dump, a database name already taken, no sign-in to check).
 */
async function main(argv: string[]): Promise<number> {
  const value = (flag: string) => {
    const at = argv.indexOf(flag);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  const flagged = new Set(['--database', '--jobs'].flatMap((f) => (argv.includes(f) ? [value(f)] : [])));
  const [dumpFile, ...extra] = argv.filter((a) => !a.startsWith('--') && !flagged.has(a));
  const jobs = Number(value('--jobs') ?? 1);
  if (!dumpFile || extra.length || argv.includes('--help') || !Number.isInteger(jobs) || jobs < 1) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const email = process.env.RESTORE_CHECK_EMAIL;
  const password = process.env.RESTORE_CHECK_PASSWORD;
  let signIn: SignInCheck;
  if (argv.includes('--skip-sign-in')) signIn = 'skip';
  else if (email && password) signIn = { email, password };
  else {
    process.stderr.write(
      'db:restore-check: set RESTORE_CHECK_EMAIL and RESTORE_CHECK_PASSWORD (a user whose sign-in proves the restore), or pass --skip-sign-in\n',
    );
    return 2;
  }
  const serverUrl = process.env.RESTORE_DATABASE_URL || loadConfig().databaseUrl;
  if (!serverUrl) {
    process.stderr.write(
      'db:restore-check: RESTORE_DATABASE_URL or DATABASE_URL must be set (the server to restore on)\n',
    );
    return 2;
  }
  try {
    const report = await runRestoreCheck({
      dumpFile,
      serverUrl,
      database: value('--database'),
      keep: argv.includes('--keep'),
      jobs,
      signIn,
      progress: (line) => process.stderr.write(`db:restore-check: ${line}\n`),
    });
    process.stdout.write(formatRestoreReport(report));
    return report.ok ? 0 : 1;
  } catch (err) {
    if (!(err instanceof RestoreCheckRefused)) throw err;
    process.stderr.write(`db:restore-check refused: ${err.message}\n`);
    return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`db:restore-check failed: ${(err as Error).message}\n`);
    process.exit(1);
  },
);
