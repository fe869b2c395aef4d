import { Field, ObjectType, registerEnumType } from 'type-graphql';
import { CoinPrice } from './coin-price.entity';

/** How fresh the prices are, so the client can say "prices as of {time}" or "prices unavailable". */
export enum CoinFeedStatus {
  /** Fetched within the freshness window (2x the refresh interval). */
  LIVE = 'LIVE',
  /** The last known prices, older than the window (the provider is failing). */
  STALE = 'STALE',
  /** Nothing was ever fetched: no prices at all, never invented ones. */
  UNAVAILABLE = 'UNAVAILABLE',
}
registerEnumType(CoinFeedStatus, {
  name: 'CoinFeedStatus',
  description: 'LIVE = fresh prices; STALE = last known prices (see updatedAt); UNAVAILABLE = none known',
});

/** The Rate Chart's data: the exchange's coins with their prices, and how fresh they are. */
@ObjectType({ description: 'Market prices of the coins an exchange offers, and how fresh they are' })
export class CoinMarket {
  @Field(() => CoinFeedStatus)
  status: CoinFeedStatus;

  @Field(() => Date, { nullable: true, description: 'Time of the oldest price shown; null when none is known' })
  updatedAt: Date | null;

  @Field(() => [CoinPrice], { description: 'In the exchange wallet order; empty when UNAVAILABLE' })
  coins: CoinPrice[];
}
