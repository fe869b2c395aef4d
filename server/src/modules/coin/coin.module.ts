import type { DataSource } from 'typeorm';
import type { Clock } from '../../kernel/clock';
import type { Config } from '../../kernel/config';
import type { Logger } from '../../kernel/logger';
import type { ModuleWork } from '../../platform/jobs';
import type { WalletService } from '../wallet';
import { CoinService } from './coin.service';

/** The coin module as the composition root wires it: its service and, with a price feed, the refresh. */
export interface CoinModule extends ModuleWork {
  service: CoinService;
}

/**
 * Wires coin prices once. With a feed (PRICE_FEED_URL) and a refresh period, one instance asks the
 * provider per period whatever the number of instances (a value that is not a cron period, e.g.
 * 90 s, runs at the next longer one, e.g. 2 minutes; logged).
 */
export function createCoins(deps: {
  ds: DataSource;
  config: Readonly<Config>;
  wallets: WalletService;
  logger: Logger;
  clock: Clock;
}): CoinModule {
  const { ds, config, wallets, logger, clock } = deps;
  const service = new CoinService(ds, config, wallets, logger, clock);
  const { url, refreshSeconds } = config.priceFeed;
  return {
    service,
    periodic:
      url && refreshSeconds > 0
        ? [{ name: 'coins.refresh', everySeconds: refreshSeconds, run: () => service.refresh() }]
        : [],
  };
}
