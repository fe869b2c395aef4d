import Decimal from 'decimal.js';
import { ChainCheckResult, type ChainEvidence } from '../transaction';
import type { BlockRef, TxFacts } from './chain-reader';

/** What a deposit claims: the coin, the investor's own address for it, and at least how much (null: any amount). */
export interface DepositClaim {
  coin: string;
  /** The investor's deposit address on the coin's chain (compare form); null when they have none. */
  address: string | null;
  minimum: string | null;
}

/**
 * Judges a transaction against what a deposit claims (issue 35): unknown to the chain ->
 * NOT_FOUND; pays none of the investor's address in the coin -> WRONG_ADDRESS (with the address it
 * does pay); pays less than claimed -> AMOUNT_MISMATCH; fewer than `required` confirmations ->
 * UNCONFIRMED; else VERIFIED. Several outputs to the address count together.
 */
export function judge(
  facts: TxFacts | null,
  claim: DepositClaim,
  tip: BlockRef,
  required: number,
  now: Date,
): ChainEvidence {
  const base = { checkedAt: now, blockNumber: facts?.block?.height ?? null, blockHash: facts?.block?.hash ?? null };
  if (!facts)
    return { ...base, result: ChainCheckResult.NOT_FOUND, confirmations: null, coinAmount: null, address: null };
  const confirmations = facts.block ? Math.max(tip.height - facts.block.height + 1, 0) : 0;
  const inCoin = facts.outputs.filter((o) => o.coin === claim.coin);
  const ours = inCoin.filter((o) => claim.address !== null && o.address === claim.address);
  if (!ours.length)
    return {
      ...base,
      result: ChainCheckResult.WRONG_ADDRESS,
      confirmations,
      coinAmount: inCoin[0]?.amount ?? null,
      address: inCoin[0]?.address ?? facts.outputs[0]?.address ?? null,
    };
  const paid = ours.reduce((sum, o) => sum.plus(o.amount), new Decimal(0));
  const evidence = { ...base, confirmations, coinAmount: paid.toFixed(), address: claim.address };
  if (claim.minimum !== null && paid.lt(claim.minimum))
    return { ...evidence, result: ChainCheckResult.AMOUNT_MISMATCH };
  return { ...evidence, result: confirmations >= required ? ChainCheckResult.VERIFIED : ChainCheckResult.UNCONFIRMED };
}
