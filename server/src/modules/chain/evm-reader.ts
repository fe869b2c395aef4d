import {
  createPublicClient,
  decodeEventLog,
  formatUnits,
  http,
  parseAbiItem,
  BlockNotFoundError,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  type Hash,
  type PublicClient,
} from 'viem';
import type { ChainSettings } from '../../kernel/chain-settings';
import type { ChainAsset } from './chain-assets';
import type { BlockRef, ChainReader, SeenOutput, TxFacts } from './chain-reader';

/** ERC-20's Transfer event: the only way a token payment shows on chain. */
const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

/** How long one JSON-RPC call may take before the watcher's run gives up (and the next run tries again). */
const RPC_TIMEOUT_MS = 10_000;

/** True for viem's "not there" errors, which mean null here rather than a failure. */
const notFound = (err: unknown) =>
  err instanceof BlockNotFoundError ||
  err instanceof TransactionNotFoundError ||
  err instanceof TransactionReceiptNotFoundError;

/**
 * Reads an EVM chain (Ethereum, BNB Smart Chain) over any node's or provider's JSON-RPC, with viem:
 * per block one `eth_getBlockByNumber` with its transactions (the chain's own coin: transactions
 * whose `to` is watched, kept only when their receipt says they succeeded) and, per range, one
 * `eth_getLogs` of the token contract's Transfer events. Never one call per watched address.
 */
export class EvmReader implements ChainReader {
  private readonly client: PublicClient;
  private readonly native: ChainAsset;
  private readonly tokens: ChainAsset[];

  constructor(chain: ChainSettings, assets: ChainAsset[]) {
    // cacheTime 0: viem otherwise answers the same block number for 4 s, and a watcher must see the tip as it is.
    this.client = createPublicClient({
      transport: http(chain.url, { timeout: RPC_TIMEOUT_MS, retryCount: 1 }),
      cacheTime: 0,
    });
    this.native = assets.find((a) => a.chain.name === chain.name && a.contract === null)!;
    this.tokens = assets.filter((a) => a.chain.name === chain.name && a.contract !== null);
  }

  async tip(): Promise<BlockRef> {
    const block = await this.client.getBlock({ blockTag: 'latest' });
    return { height: Number(block.number), hash: block.hash };
  }

  async hashAt(height: number): Promise<string | null> {
    try {
      return (await this.client.getBlock({ blockNumber: BigInt(height) })).hash;
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  async payments(
    from: number,
    to: number,
    watched: (addresses: string[]) => Promise<Set<string>>,
  ): Promise<SeenOutput[]> {
    const found: SeenOutput[] = [];
    for (let height = from; height <= to; height++) {
      const block = await this.client.getBlock({ blockNumber: BigInt(height), includeTransactions: true });
      const ref = { height, hash: block.hash };
      const transfers = block.transactions.filter((tx) => tx.to && tx.value > 0n);
      const ours = await watched(transfers.map((tx) => tx.to!.toLowerCase()));
      for (const tx of transfers) {
        if (!ours.has(tx.to!.toLowerCase()) || !(await this.succeeded(tx.hash))) continue;
        found.push({
          txid: tx.hash,
          coin: this.native.coin,
          address: tx.to!.toLowerCase(),
          amount: this.units(tx.value, this.native),
          block: ref,
        });
      }
    }
    for (const token of this.tokens) found.push(...(await this.tokenPayments(token, from, to, watched)));
    return found;
  }

  async lookup(txid: string): Promise<TxFacts | null> {
    let tx;
    try {
      tx = await this.client.getTransaction({ hash: txid as Hash });
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
    if (tx.blockNumber === null || tx.blockHash === null) {
      const outputs = this.nativeOutput(tx);
      return { txid: tx.hash, block: null, outputs };
    }
    const receipt = await this.client.getTransactionReceipt({ hash: tx.hash });
    const block = { height: Number(receipt.blockNumber), hash: receipt.blockHash };
    if (receipt.status !== 'success') return { txid: tx.hash, block, outputs: [] };
    const outputs = this.nativeOutput(tx);
    for (const log of receipt.logs) {
      const token = this.tokens.find((t) => t.contract === log.address.toLowerCase());
      if (!token) continue;
      const event = this.transfer(log);
      if (event) outputs.push({ coin: token.coin, address: event.to, amount: this.units(event.value, token) });
    }
    return { txid: tx.hash, block, outputs };
  }

  /** What a transaction pays in the chain's own coin: nothing, or `value` to `to`. */
  private nativeOutput(tx: { to: string | null; value: bigint }): TxFacts['outputs'] {
    return tx.to && tx.value > 0n
      ? [{ coin: this.native.coin, address: tx.to.toLowerCase(), amount: this.units(tx.value, this.native) }]
      : [];
  }

  /** Transfer events of `token` to watched addresses in `from`..`to`, one `eth_getLogs` for the range. */
  private async tokenPayments(
    token: ChainAsset,
    from: number,
    to: number,
    watched: (addresses: string[]) => Promise<Set<string>>,
  ): Promise<SeenOutput[]> {
    const logs = await this.client.getLogs({
      address: token.contract as `0x${string}`,
      event: TRANSFER,
      fromBlock: BigInt(from),
      toBlock: BigInt(to),
    });
    const ours = await watched(logs.map((l) => (l.args.to ?? '').toLowerCase()));
    return logs
      .filter((l) => l.args.to && l.args.value !== undefined && ours.has(l.args.to.toLowerCase()))
      .map((l) => ({
        txid: l.transactionHash,
        coin: token.coin,
        address: l.args.to!.toLowerCase(),
        amount: this.units(l.args.value!, token),
        block: { height: Number(l.blockNumber), hash: l.blockHash },
      }));
  }

  /** A receipt's log decoded as a Transfer, or null when it is some other event. */
  private transfer(log: {
    data: `0x${string}`;
    topics: readonly `0x${string}`[];
  }): { to: string; value: bigint } | null {
    try {
      const { args } = decodeEventLog({
        abi: [TRANSFER],
        data: log.data,
        topics: log.topics as [`0x${string}`, ...`0x${string}`[]],
      });
      return { to: args.to.toLowerCase(), value: args.value };
    } catch {
      return null;
    }
  }

  private async succeeded(hash: Hash): Promise<boolean> {
    return (await this.client.getTransactionReceipt({ hash })).status === 'success';
  }

  /** Smallest units as an exact decimal string in the coin: 15000000000000000 wei -> "0.015". */
  private units(value: bigint, asset: ChainAsset): string {
    return formatUnits(value, asset.decimals);
  }
}
