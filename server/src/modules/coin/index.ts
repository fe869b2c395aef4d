/** Public face of modules/coin: Coin prices: the feed, the stored prices and the market view. Other folders import only this file. */
export * from './coin-market';
export * from './coin-price.entity';
export * from './coin.service';
export * from './coin.module';
