import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { Transaction } from './transaction.entity';

/** What looking a deposit's transaction id up on its chain found (issue 35). */
export enum ChainCheckResult {
  /** It pays the investor's address at least the amount, with the chain's confirmation count. */
  VERIFIED = 'VERIFIED',
  /** The chain does not know it (yet: the watcher looks again until it is final). */
  NOT_FOUND = 'NOT_FOUND',
  /** It exists but pays none of this investor's addresses. */
  WRONG_ADDRESS = 'WRONG_ADDRESS',
  /** It pays the address less than the deposit claims. */
  AMOUNT_MISMATCH = 'AMOUNT_MISMATCH',
  /** It pays the address, with fewer confirmations than required so far. */
  UNCONFIRMED = 'UNCONFIRMED',
  /** No chain is configured for the coin: nothing was checked (the manual flow). */
  UNCHECKED = 'UNCHECKED',
}
registerEnumType(ChainCheckResult, {
  name: 'ChainCheckResult',
  description:
    'What the chain says about a deposit: VERIFIED, NOT_FOUND, WRONG_ADDRESS, AMOUNT_MISMATCH, UNCONFIRMED, UNCHECKED',
});

/** Results an admin may confirm only with an override reason (audited and shown in the timeline). */
export const DOUBTFUL_CHAIN_RESULTS: readonly string[] = [
  ChainCheckResult.NOT_FOUND,
  ChainCheckResult.WRONG_ADDRESS,
  ChainCheckResult.AMOUNT_MISMATCH,
  ChainCheckResult.UNCONFIRMED,
];

/** The chain's evidence on a deposit, as admins see it beside the status dialog. */
@ObjectType({ description: "The chain's evidence on a deposit's transaction id" })
export class ChainCheck {
  @Field(() => ChainCheckResult)
  result: ChainCheckResult;

  @Field(() => Int, {
    nullable: true,
    description: 'Blocks on top of and including the one it is in; 0 in the mempool',
  })
  confirmations: number | null;

  @Field(() => String, { nullable: true, description: 'What it pays the address, in the coin (decimal string)' })
  coinAmount: string | null;

  @Field(() => String, { nullable: true, description: 'The address it pays (the investor\u2019s own deposit address)' })
  address: string | null;

  @Field(() => Date, { nullable: true, description: 'When the chain was last asked' })
  checkedAt: Date | null;
}

/** The evidence stored on `t`, or null when its id has not been looked up yet. */
export function chainCheckOf(
  t: Pick<Transaction, 'chainResult' | 'chainConfirmations' | 'chainCoinAmount' | 'chainAddress' | 'chainCheckedAt'>,
): ChainCheck | null {
  if (!t.chainResult) return null;
  return {
    result: t.chainResult as ChainCheckResult,
    confirmations: t.chainConfirmations,
    coinAmount: t.chainCoinAmount,
    address: t.chainAddress,
    checkedAt: t.chainCheckedAt,
  };
}
