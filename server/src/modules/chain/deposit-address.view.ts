import { Field, ID, Int, ObjectType } from 'type-graphql';
import { MoneyScalar } from '../../kernel/scalars';

/** What to send for a deposit: the plan and USD amount chosen, the coin amount at the quoted price, until when. */
@ObjectType('DepositQuote', { description: 'The coin amount to send for a deposit, quoted for a while' })
export class DepositQuoteView {
  @Field(() => ID)
  planId: string;

  @Field({ description: 'Plan name' })
  plan: string;

  @Field(() => MoneyScalar, { description: 'The deposit in USD' })
  amount: string;

  @Field(() => String, {
    nullable: true,
    description: 'Coin amount to send (USD / price, rounded up); null without a fresh price',
  })
  coinAmount: string | null;

  @Field(() => String, { nullable: true, description: 'USD price of one coin the quote used' })
  price: string | null;

  @Field({ description: 'Until when a payment goes into this plan (DEPOSIT_QUOTE_MINUTES)' })
  expiresAt: Date;
}

/** Where an investor sends a deposit in one coin, as the deposit step shows it. */
@ObjectType('DepositAddress', { description: 'Where to send a deposit in one coin' })
export class DepositAddressView {
  @Field({ description: 'Coin name, lower case: bitcoin, ethereum, usdt, bnb, ...' })
  crypto: string;

  @Field({ description: 'The network to send on, e.g. "Bitcoin" or "Ethereum (ERC-20)"' })
  network: string;

  @Field({ description: 'The address to pay' })
  address: string;

  @Field({ description: 'QR image of the address (SVG data URL, or the operator\u2019s image)' })
  qrCode: string;

  @Field({
    description:
      "True: the investor's own address, watched on chain (deposits are found and credited by themselves); false: the operator's shared address, submit the transaction id",
  })
  ownAddress: boolean;

  @Field(() => Int, { nullable: true, description: 'Confirmations the chain needs before crediting (own addresses)' })
  confirmations: number | null;

  @Field(() => DepositQuoteView, {
    nullable: true,
    description: 'The quote of a deposit intent; null for a plain address',
  })
  quote?: DepositQuoteView | null;
}
