import type { ChainSettings } from '../../kernel/chain-settings';
import type { ChainAsset } from './chain-assets';
import type { BlockRef, ChainReader, SeenOutput, TxFacts } from './chain-reader';
import { addressKey } from './hd-address';

/** How long one Esplora request may take before the watcher's run gives up (and the next run tries again). */
const HTTP_TIMEOUT_MS = 10_000;

/** Esplora pages a block's transactions by this many (`/block/:hash/txs/:start`, start a multiple of it). */
const TXS_PER_PAGE = 25;

/** Satoshis in one bitcoin, as decimal places: amounts are exact strings with at most this many. */
const SATS_DECIMALS = 8;

/** A transaction id as Esplora knows it: 64 hex digits (anything else cannot be on the chain). */
const TXID = /^[0-9a-f]{64}$/i;

/** The parts of Esplora's transaction JSON the reader uses. */
interface EsploraTx {
  txid: string;
  vout: { scriptpubkey_address?: string; value: number }[];
  status: { confirmed: boolean; block_height?: number; block_hash?: string };
}

/** Satoshis as an exact decimal string in BTC, trailing zeros trimmed: 150000 -> "0.0015", 0 -> "0". */
export function satsToBtc(sats: bigint | number): string {
  if (typeof sats === 'number' && !Number.isSafeInteger(sats))
    throw new RangeError(`not a whole number of satoshis: ${sats}`);
  const value = BigInt(sats);
  if (value < 0n) throw new RangeError(`negative satoshis: ${value}`);
  const digits = value.toString().padStart(SATS_DECIMALS + 1, '0');
  const whole = digits.slice(0, -SATS_DECIMALS);
  const fraction = digits.slice(-SATS_DECIMALS).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/**
 * Reads Bitcoin through any Esplora HTTP API (Blockstream's, mempool.space's, one's own electrs):
 * per block its hash, its header (for `tx_count`) and its transactions 25 a page, every output's
 * address checked against the watched ones in one call per block. Never one request per watched address.
 */
export class EsploraReader implements ChainReader {
  private readonly base: string;
  private readonly coin: ChainAsset;

  constructor(chain: ChainSettings, assets: ChainAsset[]) {
    this.base = chain.url;
    this.coin = assets.find((a) => a.chain.name === chain.name && a.contract === null)!;
  }

  async tip(): Promise<BlockRef> {
    // The tip's hash by its height, not /blocks/tip/hash: a block arriving between two calls would pair them wrong.
    const height = Number(await this.text('/blocks/tip/height'));
    if (!Number.isSafeInteger(height) || height < 0) throw new Error(`Esplora /blocks/tip/height: not a height`);
    const hash = await this.hashAt(height);
    if (!hash) throw new Error(`Esplora /block-height/${height}: the tip's block is gone`);
    return { height, hash };
  }

  async hashAt(height: number): Promise<string | null> {
    const hash = await this.text(`/block-height/${height}`, true);
    return hash === null ? null : hash.trim();
  }

  async payments(
    from: number,
    to: number,
    watched: (addresses: string[]) => Promise<Set<string>>,
  ): Promise<SeenOutput[]> {
    const found: SeenOutput[] = [];
    for (let height = from; height <= to; height++) {
      const hash = await this.hashAt(height);
      if (!hash) throw new Error(`Esplora /block-height/${height}: no block at this height`);
      const block = { height, hash };
      const txs = await this.blockTxs(hash);
      const outputs = txs.flatMap((tx) =>
        tx.vout
          .filter((o) => o.scriptpubkey_address)
          .map((o) => ({ txid: tx.txid, address: addressKey(o.scriptpubkey_address!), value: o.value })),
      );
      if (!outputs.length) continue;
      const ours = await watched([...new Set(outputs.map((o) => o.address))]);
      for (const o of outputs) {
        if (!ours.has(o.address)) continue;
        found.push({ txid: o.txid, coin: this.coin.coin, address: o.address, amount: satsToBtc(o.value), block });
      }
    }
    return found;
  }

  async lookup(txid: string): Promise<TxFacts | null> {
    if (!TXID.test(txid)) return null;
    const tx = await this.json<EsploraTx>(`/tx/${txid.toLowerCase()}`, true);
    if (!tx) return null;
    const { status } = tx;
    return {
      txid: tx.txid,
      block: status.confirmed ? { height: status.block_height!, hash: status.block_hash! } : null,
      outputs: tx.vout
        .filter((o) => o.scriptpubkey_address)
        .map((o) => ({
          coin: this.coin.coin,
          address: addressKey(o.scriptpubkey_address!),
          amount: satsToBtc(o.value),
        })),
    };
  }

  /** Every transaction of block `hash`, page by page up to its `tx_count`. */
  private async blockTxs(hash: string): Promise<EsploraTx[]> {
    const { tx_count: count } = (await this.json<{ tx_count: number }>(`/block/${hash}`))!;
    const txs: EsploraTx[] = [];
    for (let start = 0; start < count; start += TXS_PER_PAGE) {
      const page = (await this.json<EsploraTx[]>(`/block/${hash}/txs/${start}`))!;
      txs.push(...page);
      if (page.length < TXS_PER_PAGE) break;
    }
    return txs;
  }

  /** GET `path` as JSON; null for a 404 when `missingIsNull`. */
  private async json<T>(path: string, missingIsNull = false): Promise<T | null> {
    const res = await this.get(path, missingIsNull);
    return res && ((await res.json()) as T);
  }

  /** GET `path` as text; null for a 404 when `missingIsNull`. */
  private async text(path: string, missingIsNull = false): Promise<string | null> {
    const res = await this.get(path, missingIsNull);
    return res && (await res.text());
  }

  /** One request with a timeout; a non-2xx answer (but a tolerated 404) throws with its path and status. */
  private async get(path: string, missingIsNull: boolean): Promise<Response | null> {
    const res = await fetch(this.base + path, { signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) });
    if (res.ok) return res;
    await res.body?.cancel();
    if (res.status === 404 && missingIsNull) return null;
    throw new Error(`Esplora ${path}: HTTP ${res.status}`);
  }
}
