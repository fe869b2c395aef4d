import 'reflect-metadata';
import { connectAndMigrate, createDataSource } from '../db/data-source';
import { createLogger } from '../logger';
import { JobQueue } from '../modules/jobs/queue';
import { PlanService } from '../modules/plan/plan.service';
import { WalletService } from '../modules/wallet/wallet.service';
import { testConfig } from './test-config';
import { provideTestDatabase, TestDatabase } from './test-database';

declare global {
  var __TEST_DB__: TestDatabase | undefined;
}

/** Once per jest run: a fresh database, migrated and seeded, shared by all server test files. */
export default async function globalSetup(): Promise<void> {
  const db = await provideTestDatabase((m) => process.stdout.write(`\n${m}\n`));
  globalThis.__TEST_DB__ = db;
  process.env.CRYPTOVEST_TEST_DB_URL = db.url;
  const ds = createDataSource(db.url);
  try {
    await connectAndMigrate(ds);
    await new PlanService(ds).ensureSeeded();
    await new WalletService(ds).loadFromFile(testConfig(db.url).walletsFile);
    // pg-boss's schema once, so test files starting in parallel only check it.
    const queue = new JobQueue({ url: db.url, logger: createLogger('silent') });
    await queue.start();
    await queue.stop();
  } finally {
    await ds.destroy();
  }
}
