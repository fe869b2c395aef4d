import { connectAndMigrate, createDataSource } from '../composition/data-source';
import { createLogger } from '../kernel/logger';
import { JobQueue } from '../platform/jobs/queue';
import { PlanService } from '../modules/plan/plan.service';
import { WalletService } from '../modules/wallet/wallet.service';
import { testConfig } from './test-config';

/**
 * Makes a test database what `npm start` makes of a production one: migrated, the plans and
 * deposit wallets seeded, pg-boss's schema installed (so test files starting together only check it).
 */
export async function prepareTestDatabase(url: string): Promise<void> {
  const ds = createDataSource(url);
  try {
    await connectAndMigrate(ds);
    await new PlanService(ds).ensureSeeded();
    await new WalletService(ds).loadFromFile(testConfig(url).walletsFile);
    const queue = new JobQueue({ url, logger: createLogger('silent') });
    await queue.start();
    await queue.stop();
  } finally {
    await ds.destroy();
  }
}
