/** A block of the main chain, as far as a watcher needs it. */
export interface BlockRef {
  height: number;
  hash: string;
}

/** One payment in a block: `amount` of `coin` (decimal string) to `address` (compare form) in transaction `txid`. */
export interface SeenOutput {
  txid: string;
  coin: string;
  address: string;
  amount: string;
  block: BlockRef;
}

/** What the chain knows of one transaction: where it is (null: in the mempool) and what it pays. */
export interface TxFacts {
  txid: string;
  block: BlockRef | null;
  /** Every payment it makes (failed EVM transactions make none). */
  outputs: { coin: string; address: string; amount: string }[];
}

/**
 * How a watcher reads one chain, whatever the protocol (Esplora for Bitcoin, JSON-RPC for EVM
 * chains): the tip, a height's block, the payments in a range of blocks, one transaction.
 */
export interface ChainReader {
  /** The main chain's newest block. */
  tip(): Promise<BlockRef>;
  /** The main chain's block hash at `height`, or null above the tip. */
  hashAt(height: number): Promise<string | null>;
  /**
   * Payments in blocks `from`..`to` (inclusive) to any address for which `watched` says yes; the
   * reader asks `watched` once per batch of addresses, never once per address.
   */
  payments(from: number, to: number, watched: (addresses: string[]) => Promise<Set<string>>): Promise<SeenOutput[]>;
  /** One transaction by id, or null when the chain (and its mempool) does not know it. */
  lookup(txid: string): Promise<TxFacts | null>;
}
