import { DEFAULT_EXCHANGE } from '@cryptovest/common';
import type { DataSource } from 'typeorm';
import { inTransaction } from '../../db/transaction';
import { type Clock, systemClock } from '../../kernel/clock';
import type { Config } from '../../kernel/config';
import type { Logger } from '../../kernel/logger';
import { cronForInterval } from '../../platform/jobs';
import type { WalletService } from '../wallet';
import { CoinFeedStatus, CoinMarket } from './coin-market';
import { CoinPrice } from './coin-price.entity';
import { fetchQuotes, FeedQuote } from './price-feed';

/** Refresh interval assumed for the freshness window when the background refresh is off. */
const DEFAULT_REFRESH_SECONDS = 300;

/** With an empty cache, `list` may ask the provider itself at most this often (no hammering). */
export const ON_DEMAND_MIN_GAP_MS = 30_000;

/**
 * Market data for the Rate Chart: fetches prices from the configured feed, caches them in
 * `coin_price`, and serves the cache with an honest freshness status. Readers never wait on the
 * provider, except once when nothing at all is cached.
 */
export class CoinService {
  private inflight: Promise<boolean> | null = null;
  private lastAttemptAt = Number.NEGATIVE_INFINITY;

  /** `clock` decides freshness and stamps prices. The periodic refresh is a Scheduler task (services.ts). */
  constructor(
    private readonly ds: DataSource,
    private readonly config: Pick<Config, 'priceFeed'>,
    private readonly wallets: WalletService,
    private readonly logger: Logger,
    private readonly clock: Clock = systemClock,
  ) {}

  /** Fetches and stores the latest prices. False on any failure (logged; cache kept); never throws. */
  refresh(): Promise<boolean> {
    this.inflight ??= this.fetchAndStore().finally(() => {
      this.inflight = null;
    });
    return this.inflight;
  }

  /** The exchange's coins (wallet names that the feed knows), with status and time. */
  async list(exchange: string = DEFAULT_EXCHANGE): Promise<CoinMarket> {
    let rows = await this.ds.getRepository(CoinPrice).find();
    const mayAsk = this.inflight || this.clock.now().getTime() - this.lastAttemptAt >= ON_DEMAND_MIN_GAP_MS;
    if (!rows.length && this.config.priceFeed.url && mayAsk) {
      if (await this.refresh()) rows = await this.ds.getRepository(CoinPrice).find();
    }
    if (!rows.length) return { status: CoinFeedStatus.UNAVAILABLE, updatedAt: null, coins: [] };

    const byName = new Map(rows.map((r) => [r.name, r]));
    const coins = (await this.wallets.list(exchange)).flatMap((w) => byName.get(w.name) ?? []);
    const basis = coins.length ? coins : rows;
    const updatedAt = new Date(Math.min(...basis.map((r) => r.updatedAt.getTime())));
    const status = this.isFresh(updatedAt) ? CoinFeedStatus.LIVE : CoinFeedStatus.STALE;
    return { status, updatedAt, coins };
  }

  /**
   * The coin's USD price when it is fresh (LIVE), else null: a payment found on chain is valued at
   * the price of the moment or waits for an admin, never at a price hours old. With no fresh price
   * the provider is asked at once (rate-limited), so a payment seen right after a start is valued.
   */
  async livePrice(coin: string): Promise<string | null> {
    let row = await this.ds.getRepository(CoinPrice).findOneBy({ name: coin });
    // None fresh: ask the provider now (at most once per ON_DEMAND_MIN_GAP_MS), as `list` does.
    const mayAsk = this.inflight || this.clock.now().getTime() - this.lastAttemptAt >= ON_DEMAND_MIN_GAP_MS;
    if ((!row || !this.isFresh(row.updatedAt)) && this.config.priceFeed.url && mayAsk && (await this.refresh()))
      row = await this.ds.getRepository(CoinPrice).findOneBy({ name: coin });
    return row && this.isFresh(row.updatedAt) ? row.priceUsd : null;
  }

  /** Within the freshness window: twice the refresh period (pg-boss's cron rounds the configured one up to a cron step). */
  private isFresh(updatedAt: Date): boolean {
    const period = cronForInterval(this.config.priceFeed.refreshSeconds || DEFAULT_REFRESH_SECONDS).seconds;
    return this.clock.now().getTime() - updatedAt.getTime() < 2 * period * 1000;
  }

  private async fetchAndStore(): Promise<boolean> {
    const { url, timeoutMs } = this.config.priceFeed;
    if (!url) return false;
    this.lastAttemptAt = this.clock.now().getTime();
    try {
      const quotes = await fetchQuotes(url, timeoutMs);
      await this.store(quotes);
      this.logger.debug({ coins: quotes.length }, 'price feed refreshed');
      return true;
    } catch (err) {
      this.logger.warn({ reason: (err as Error).message }, 'price feed refresh failed; keeping the cached prices');
      return false;
    }
  }

  /** One upsert per coin, all in one transaction, stamped with the service's clock. */
  private store(quotes: FeedQuote[]): Promise<void> {
    const fetchedAt = this.clock.now();
    return inTransaction(this.ds, async (m) => {
      for (const q of quotes) {
        await m.query(
          `INSERT INTO coin_price (coin, symbol, price_usd, change_24h_percent, sparkline, fetched_at)
           VALUES ($1, $2, $3, $4, $5::jsonb, $6)
           ON CONFLICT (coin) DO UPDATE SET symbol = EXCLUDED.symbol, price_usd = EXCLUDED.price_usd,
             change_24h_percent = EXCLUDED.change_24h_percent, sparkline = EXCLUDED.sparkline,
             fetched_at = EXCLUDED.fetched_at`,
          [q.name, q.symbol, q.priceUsd, q.change24hPercent, JSON.stringify(q.sparkline), fetchedAt],
        );
      }
    });
  }
}
