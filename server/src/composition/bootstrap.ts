import type { NewAdmin } from '../modules/auth';
import type { Services } from './services';

/**
 * Start-up data work, idempotent: the spec's plans, the operator's deposit addresses, an admin.
 * main.ts runs it under the startup advisory lock (connectAndMigrate), so instances starting
 * together never seed at once (two would each invent a first admin).
 * Returns the admin invented for development when there was none (print it once, on the terminal).
 */
export async function prepareData(services: Services): Promise<NewAdmin | null> {
  const { config, logger } = services;
  await services.plans.ensureSeeded();
  // Production never shows investors an example address (whatever the file is called) unless the
  // operator says it is a demonstration (EXAMPLE_WALLETS_ALLOWED, as the local Docker run does).
  const { count, examples } = await services.wallets.loadFromFile(config.walletsFile, {
    refuseExamples: !config.exampleWalletsAllowed,
  });
  logger.info({ file: config.walletsFile, count }, 'deposit addresses loaded');
  if (examples > 0) {
    logger.warn({ examples }, 'using EXAMPLE deposit addresses: set WALLETS_FILE before taking real deposits');
  }
  return services.admins.ensureAtStart(
    {
      email: config.adminEmail,
      password: config.adminPassword,
      resetPassword: config.adminPasswordReset,
      inventFirst: !config.isProduction,
    },
    logger,
  );
}
