import { Field, Int, ObjectType } from 'type-graphql';

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
}
