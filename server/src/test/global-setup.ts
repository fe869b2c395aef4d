import 'reflect-metadata';
import { prepareTestDatabase } from './prepare-database';
import { provideTestDatabase, TestDatabase } from './test-database';

declare global {
  var __TEST_DB__: TestDatabase | undefined;
}

/** Once per jest run: a fresh database, migrated and seeded, shared by all server test files. */
export default async function globalSetup(): Promise<void> {
  const db = await provideTestDatabase((m) => process.stdout.write(`\n${m}\n`));
  globalThis.__TEST_DB__ = db;
  process.env.CRYPTOVEST_TEST_DB_URL = db.url;
  await prepareTestDatabase(db.url);
}
