import { createHash, randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { secp256k1 } from '@noble/curves/secp256k1';
import { Address, NETWORK, OutScript, TEST_NETWORK, Transaction, p2wpkh } from '@scure/btc-signer';

/** A local Bitcoin chain behind the Esplora HTTP API, since no Bitcoin node can run in the tests. */
export interface EsploraChain {
  /** Base URL of the API, as an Esplora URL is configured: http://127.0.0.1:<port>, no trailing slash. */
  url: string;
  /** Broadcast a real signed transaction paying these outputs (from a funding key of the server's own); returns its txid. It sits in the mempool until mine(). */
  pay(outputs: { address: string; sats: bigint }[]): string;
  /** Mine n blocks on top of the tip; the first takes every mempool transaction. Returns the new tip height. */
  mine(n?: number): number;
  /** Replace the last `depth` blocks with `depth + 1` new blocks (a reorganisation). Transactions of the dropped blocks go back to the mempool unless listed in `drop`, which vanish. */
  reorg(depth: number, drop?: string[]): void;
  /** Height of the best chain's tip, without an HTTP request. */
  tipHeight(): number;
  /** How many HTTP requests were served (for cost measurements). */
  requests(): number;
  /** Stops the server, dropping kept-alive connections. */
  close(): Promise<void>;
}

/** Fee every funding transaction pays, in satoshis. */
const FEE = 500n;
/** Esplora pages block transactions by this many. */
const PAGE = 25;

type Status = { confirmed: true; block_height: number; block_hash: string; block_time: number } | { confirmed: false };

interface Output {
  scriptpubkey: string;
  scriptpubkey_asm: string;
  scriptpubkey_type: string;
  scriptpubkey_address: string;
  value: number;
}

/** A transaction as stored: everything of Esplora's JSON but the status, which depends on the chain. */
interface StoredTx {
  txid: string;
  hex: string;
  body: {
    txid: string;
    version: number;
    locktime: number;
    vin: {
      txid: string;
      vout: number;
      prevout: Output;
      scriptsig: string;
      scriptsig_asm: string;
      witness: string[];
      is_coinbase: false;
      sequence: number;
    }[];
    vout: Output[];
    size: number;
    weight: number;
    fee: number;
  };
  /** Addresses of its outputs and spent outputs, for /address/:address/txs. */
  addresses: Set<string>;
}

interface Block {
  hash: string;
  height: number;
  prev: string | null;
  time: number;
  merkleRoot: string;
  txids: string[];
  size: number;
  weight: number;
}

const toHex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const sha256d = (data: Uint8Array) => createHash('sha256').update(createHash('sha256').update(data).digest()).digest();
/** Esplora shows hashes byte-reversed (as Bitcoin Core does); headers and merkle trees use the internal order. */
const internal = (display: string) => Buffer.from(display, 'hex').reverse();
const display = (bytes: Buffer) => Buffer.from(bytes).reverse().toString('hex');

function compactSizeLength(n: number): number {
  return n < 0xfd ? 1 : n <= 0xffff ? 3 : n <= 0xffffffff ? 5 : 9;
}

/** Bitcoin's merkle root of txids (display hex); all zeros for a block without transactions. */
function merkleRoot(txids: string[]): string {
  if (txids.length === 0) return '0'.repeat(64);
  let level: Buffer[] = txids.map(internal);
  while (level.length > 1) {
    const next: Buffer[] = [];
    for (let i = 0; i < level.length; i += 2) {
      next.push(sha256d(Buffer.concat([level[i], level[i + 1] ?? level[i]])));
    }
    level = next;
  }
  return display(level[0]);
}

/** Esplora's `scriptpubkey_type` and `scriptpubkey_asm` of the standard output scripts an address can pay to. */
function describeScript(script: Uint8Array): { type: string; asm: string } {
  const out = OutScript.decode(script);
  const hash = 'hash' in out ? toHex(out.hash) : 'pubkey' in out ? toHex(out.pubkey) : '';
  switch (out.type) {
    case 'wpkh':
      return { type: 'v0_p2wpkh', asm: `OP_0 OP_PUSHBYTES_20 ${hash}` };
    case 'wsh':
      return { type: 'v0_p2wsh', asm: `OP_0 OP_PUSHBYTES_32 ${hash}` };
    case 'tr':
      return { type: 'v1_p2tr', asm: `OP_PUSHNUM_1 OP_PUSHBYTES_32 ${hash}` };
    case 'pkh':
      return { type: 'p2pkh', asm: `OP_DUP OP_HASH160 OP_PUSHBYTES_20 ${hash} OP_EQUALVERIFY OP_CHECKSIG` };
    case 'sh':
      return { type: 'p2sh', asm: `OP_HASH160 OP_PUSHBYTES_20 ${hash} OP_EQUAL` };
    default:
      return { type: 'unknown', asm: '' };
  }
}

/** Starts the chain (a genesis block at height 0) and its Esplora API on 127.0.0.1 with a random port. */
export async function startEsplora(options: { network?: 'regtest' | 'mainnet' } = {}): Promise<EsploraChain> {
  const mainnet = options.network === 'mainnet';
  const network = mainnet ? NETWORK : { ...TEST_NETWORK, bech32: 'bcrt' };
  const addressCoder = Address(network);
  const bits = mainnet ? 0x1d00ffff : 0x207fffff;
  const difficulty = mainnet ? 1 : 4.656542373906925e-10;

  const fundingKey = secp256k1.utils.randomPrivateKey();
  const funding = p2wpkh(secp256k1.getPublicKey(fundingKey, true), network);

  const blocks = new Map<string, Block>(); // every block ever mined, stale ones included
  const chain: string[] = []; // best chain: block hash by height
  const allTxs = new Map<string, StoredTx>(); // every transaction ever broadcast, dropped ones included
  let mempool = new Set<string>(); // in arrival order
  const confirmedIn = new Map<string, string>(); // txid → best-chain block hash
  let served = 0;
  let clock = Math.floor(Date.now() / 1000) - 1;

  const output = (script: Uint8Array, amount: bigint): Output => {
    const { type, asm } = describeScript(script);
    return {
      scriptpubkey: toHex(script),
      scriptpubkey_asm: asm,
      scriptpubkey_type: type,
      scriptpubkey_address: addressCoder.encode(OutScript.decode(script)),
      value: Number(amount),
    };
  };

  /** Appends a block holding these transactions to the best chain. Times only ever grow, so no two blocks share a hash. */
  const mineBlock = (txids: string[]) => {
    const height = chain.length;
    const prev = height === 0 ? null : chain[height - 1];
    clock = Math.max(clock + 1, Math.floor(Date.now() / 1000));
    const root = merkleRoot(txids);
    const header = Buffer.alloc(80);
    header.writeInt32LE(0x20000000, 0);
    if (prev) internal(prev).copy(header, 4);
    internal(root).copy(header, 36);
    header.writeUInt32LE(clock, 68);
    header.writeUInt32LE(bits, 72);
    header.writeUInt32LE(height, 76);
    const txs = txids.map((txid) => allTxs.get(txid)!);
    const block: Block = {
      hash: display(sha256d(header)),
      height,
      prev,
      time: clock,
      merkleRoot: root,
      txids,
      size: 80 + compactSizeLength(txids.length) + txs.reduce((sum, tx) => sum + tx.body.size, 0),
      weight: 4 * (80 + compactSizeLength(txids.length)) + txs.reduce((sum, tx) => sum + tx.body.weight, 0),
    };
    blocks.set(block.hash, block);
    chain.push(block.hash);
    for (const txid of txids) {
      confirmedIn.set(txid, block.hash);
      mempool.delete(txid);
    }
  };

  const statusOf = (txid: string): Status => {
    const hash = confirmedIn.get(txid);
    if (!hash) return { confirmed: false };
    const block = blocks.get(hash)!;
    return { confirmed: true, block_height: block.height, block_hash: hash, block_time: block.time };
  };
  const txJson = (txid: string) => ({ ...allTxs.get(txid)!.body, status: statusOf(txid) });
  /** Known to the node now: in the mempool or the best chain (not a transaction a reorg dropped). */
  const live = (txid: string) => mempool.has(txid) || confirmedIn.has(txid);

  const mediantime = (block: Block) => {
    const times: number[] = [];
    for (let b: Block | undefined = block; b && times.length < 11; b = b.prev ? blocks.get(b.prev) : undefined) {
      times.push(b.time);
    }
    return times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
  };
  const blockJson = (block: Block) => ({
    id: block.hash,
    height: block.height,
    version: 0x20000000,
    timestamp: block.time,
    tx_count: block.txids.length,
    size: block.size,
    weight: block.weight,
    merkle_root: block.merkleRoot,
    ...(block.prev ? { previousblockhash: block.prev } : {}),
    mediantime: mediantime(block),
    nonce: block.height,
    bits,
    difficulty,
  });
  const inBestChain = (block: Block) => chain[block.height] === block.hash;

  mineBlock([]); // genesis

  const route = (path: string, send: (status: number, body: unknown) => void) => {
    const text = (status: number, body: string) => send(status, body);
    const json = (body: unknown) => send(200, body);
    let m: RegExpMatchArray | null;
    if (path === '/blocks/tip/height') return text(200, String(chain.length - 1));
    if (path === '/blocks/tip/hash') return text(200, chain[chain.length - 1]);
    if ((m = path.match(/^\/block-height\/(\d+)$/))) {
      const hash = chain[Number(m[1])];
      return hash ? text(200, hash) : text(404, 'Block not found');
    }
    if ((m = path.match(/^\/block\/([0-9a-f]{64})(\/status|\/txids|\/txs(?:\/(\d+))?)?$/))) {
      const block = blocks.get(m[1]);
      if (m[2] === '/status') {
        // Esplora answers an unknown hash like a stale block, without a height.
        if (!block) return json({ in_best_chain: false });
        const best = inBestChain(block);
        return json({
          in_best_chain: best,
          height: block.height,
          next_best: (best && chain[block.height + 1]) || null,
        });
      }
      if (!block) return text(404, 'Block not found');
      if (!m[2]) return json(blockJson(block));
      if (m[2] === '/txids') return json(block.txids);
      const start = Number(m[3] ?? 0);
      // Real blocks always hold a coinbase; these may be empty, and then page 0 is an empty list.
      if (start % PAGE !== 0) return text(400, 'start index must be a multipication of 25');
      if (start > 0 && start >= block.txids.length) return text(404, 'start index out of range');
      return json(block.txids.slice(start, start + PAGE).map(txJson));
    }
    if ((m = path.match(/^\/tx\/([0-9a-f]{64})(\/status|\/hex)?$/))) {
      if (!live(m[1])) return text(404, 'Transaction not found');
      if (m[2] === '/status') return json(statusOf(m[1]));
      if (m[2] === '/hex') return text(200, allTxs.get(m[1])!.hex);
      return json(txJson(m[1]));
    }
    if ((m = path.match(/^\/address\/([^/]+)\/txs$/))) {
      const address = decodeURIComponent(m[1]);
      try {
        addressCoder.decode(address);
      } catch {
        return text(400, 'Invalid Bitcoin address');
      }
      const touches = (txid: string) => allTxs.get(txid)!.addresses.has(address);
      // As Esplora: up to 50 mempool transactions, then the first 25 confirmed ones, newest first.
      const unconfirmed = [...mempool].reverse().filter(touches).slice(0, 50);
      const confirmed: string[] = [];
      for (let h = chain.length - 1; h >= 0 && confirmed.length < PAGE; h--) {
        confirmed.push(...[...blocks.get(chain[h])!.txids].reverse().filter(touches));
      }
      return json([...unconfirmed, ...confirmed.slice(0, PAGE)].map(txJson));
    }
    return text(404, 'Not Found');
  };

  const server = createServer((req, res: ServerResponse) => {
    served++;
    const send = (status: number, body: unknown) => {
      const plain = typeof body === 'string';
      res
        .writeHead(status, { 'content-type': plain ? 'text/plain' : 'application/json' })
        .end(plain ? body : JSON.stringify(body));
    };
    try {
      if (req.method !== 'GET') return send(404, 'Not Found');
      route(new URL(req.url ?? '/', 'http://esplora').pathname, send);
    } catch (error) {
      send(500, String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    pay(outputs) {
      if (outputs.length === 0) throw new Error('pay: no outputs');
      const total = outputs.reduce((sum, o) => sum + o.sats, 0n) + FEE;
      const tx = new Transaction();
      tx.addInput({
        txid: new Uint8Array(randomBytes(32)),
        index: 0,
        witnessUtxo: { script: funding.script, amount: total },
      });
      for (const o of outputs) {
        if (o.sats <= 0n) throw new Error(`pay: ${o.sats} sats to ${o.address}`);
        try {
          tx.addOutputAddress(o.address, o.sats, network);
        } catch (error) {
          throw new Error(`pay: ${o.address} is not a ${mainnet ? 'mainnet' : 'regtest'} address (${error})`);
        }
      }
      tx.sign(fundingKey);
      tx.finalize();
      const vin = Array.from({ length: tx.inputsLength }, (_, i) => {
        const input = tx.getInput(i);
        return {
          txid: toHex(input.txid!),
          vout: input.index!,
          prevout: output(input.witnessUtxo!.script, input.witnessUtxo!.amount),
          scriptsig: '',
          scriptsig_asm: '',
          witness: (input.finalScriptWitness ?? []).map(toHex),
          is_coinbase: false as const,
          sequence: input.sequence!,
        };
      });
      const vout = Array.from({ length: tx.outputsLength }, (_, i) => {
        const o = tx.getOutput(i);
        return output(o.script!, o.amount!);
      });
      const stored: StoredTx = {
        txid: tx.id,
        hex: tx.hex,
        body: {
          txid: tx.id,
          version: tx.version,
          locktime: tx.lockTime,
          vin,
          vout,
          size: tx.hex.length / 2,
          weight: tx.weight,
          fee: Number(tx.fee),
        },
        addresses: new Set([
          ...vin.map((i) => i.prevout.scriptpubkey_address),
          ...vout.map((o) => o.scriptpubkey_address),
        ]),
      };
      allTxs.set(stored.txid, stored);
      mempool.add(stored.txid);
      return stored.txid;
    },
    mine(n = 1) {
      if (!Number.isSafeInteger(n) || n < 0) throw new Error(`mine: bad block count ${n}`);
      for (let i = 0; i < n; i++) mineBlock(i === 0 ? [...mempool] : []);
      return chain.length - 1;
    },
    reorg(depth, drop = []) {
      if (!Number.isSafeInteger(depth) || depth < 1 || depth > chain.length - 1) {
        throw new Error(`reorg: depth ${depth} with tip ${chain.length - 1}`);
      }
      const removed = chain.slice(chain.length - depth).flatMap((hash) => blocks.get(hash)!.txids);
      const stray = drop.filter((txid) => !removed.includes(txid));
      if (stray.length) throw new Error(`reorg: ${stray.join(', ')} not in the last ${depth} blocks`);
      chain.length -= depth;
      for (const txid of removed) confirmedIn.delete(txid);
      mempool = new Set([...removed.filter((txid) => !drop.includes(txid)), ...mempool]);
      for (let i = 0; i <= depth; i++) mineBlock([]);
    },
    tipHeight: () => chain.length - 1,
    requests: () => served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
