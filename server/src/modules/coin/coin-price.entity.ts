import { Field, ObjectType } from 'type-graphql';
import { Column, Entity, PrimaryColumn } from 'typeorm';
import { DecimalScalar, MoneyScalar } from '../../kernel/scalars';

/**
 * The last known market price of one coin, as the price feed reported it. Cached so the Rate
 * Chart keeps working (marked stale) when the provider is down; never computed or invented.
 */
@ObjectType({ description: 'Last known market price of a coin, with its 7-day price series' })
@Entity({ name: 'coin_price' })
export class CoinPrice {
  @Field({ description: 'Coin name as used by wallets and accounts, e.g. bitcoin, usdt' })
  @PrimaryColumn({ name: 'coin', type: 'varchar', length: 32 })
  name: string;

  @Field({ description: 'Ticker, e.g. BTC' })
  @Column({ type: 'varchar', length: 16 })
  symbol: string;

  @Field(() => MoneyScalar, { description: 'Price in US dollars, exactly as the provider reported it' })
  @Column({ name: 'price_usd', type: 'numeric' })
  priceUsd: string;

  @Field(() => DecimalScalar, { nullable: true, description: 'Price change over 24 hours, in percent' })
  @Column({ name: 'change_24h_percent', type: 'numeric', nullable: true })
  change24hPercent: string | null;

  @Field(() => [DecimalScalar], { description: 'Hourly USD prices over the last 7 days, oldest first' })
  @Column({ type: 'jsonb', default: () => `'[]'::jsonb` })
  sparkline: string[];

  @Field({ description: 'When this price was fetched from the provider' })
  @Column({ name: 'fetched_at', type: 'timestamptz' })
  updatedAt: Date;
}
