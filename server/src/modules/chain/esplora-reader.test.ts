import { secp256k1 } from '@noble/curves/secp256k1';
import { TEST_NETWORK, p2wpkh } from '@scure/btc-signer';
import type { ChainSettings } from '../../kernel/chain-settings';
import { startEsplora, type EsploraChain } from '../../test/chain/esplora-server';
import { chainAssets } from './chain-assets';
import { EsploraReader, satsToBtc } from './esplora-reader';

const regtest = { ...TEST_NETWORK, bech32: 'bcrt' };
const randomAddress = () => p2wpkh(secp256k1.getPublicKey(secp256k1.utils.randomPrivateKey(), true), regtest).address!;

describe('satsToBtc', () => {
  it('writes satoshis as exact BTC, trailing zeros trimmed', () => {
    expect(satsToBtc(0)).toBe('0');
    expect(satsToBtc(0n)).toBe('0');
    expect(satsToBtc(1)).toBe('0.00000001');
    expect(satsToBtc(150_000)).toBe('0.0015');
    expect(satsToBtc(5_000_000n)).toBe('0.05');
    expect(satsToBtc(100_000_000)).toBe('1');
    expect(satsToBtc(123_456_789)).toBe('1.23456789');
    expect(satsToBtc(2_100_000_000_000_000)).toBe('21000000'); // every bitcoin there will ever be
    expect(satsToBtc(2n ** 60n + 1n)).toBe('11529215046.06846977'); // above 2^53: no float rounding
  });

  it('refuses what is not a whole, non-negative number of satoshis', () => {
    expect(() => satsToBtc(0.5)).toThrow(RangeError);
    expect(() => satsToBtc(2 ** 53)).toThrow(RangeError);
    expect(() => satsToBtc(-1n)).toThrow(RangeError);
  });
});

describe('EsploraReader against an Esplora server', () => {
  let esplora: EsploraChain;
  let reader: EsploraReader;
  const settings = (url: string): ChainSettings => ({
    name: 'btc',
    kind: 'bitcoin',
    url,
    xpub: '',
    confirmations: 2,
    explorerTxUrl: null,
    usdtContract: null,
    bitcoinNetwork: 'regtest',
  });
  const readerAt = (url: string) => {
    const chain = settings(url);
    return new EsploraReader(chain, chainAssets({ chains: [chain], depositConfirmation: 'auto', quoteMinutes: 30 }));
  };

  beforeAll(async () => {
    esplora = await startEsplora({ network: 'regtest' });
    reader = readerAt(esplora.url);
  });
  afterAll(() => esplora?.close());
  afterEach(() => jest.restoreAllMocks());

  it('reads the tip and block hashes, null above the tip', async () => {
    const height = esplora.mine(2);
    const tip = await reader.tip();
    expect(tip.height).toBe(height);
    expect(tip.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await reader.hashAt(height)).toBe(tip.hash);
    expect(await reader.hashAt(height - 1)).not.toBe(tip.hash);
    expect(await reader.hashAt(height + 1)).toBeNull();
  });

  it('pairs the tip height with that height own hash, even when a block arrives between the two requests', async () => {
    const before = esplora.tipHeight();
    const realFetch = global.fetch;
    jest.spyOn(global, 'fetch').mockImplementation(async (input, init) => {
      const res = await realFetch(input, init);
      if (String(input).endsWith('/blocks/tip/height')) esplora.mine(1); // a block lands right after
      return res;
    });
    const tip = await reader.tip();
    jest.restoreAllMocks();
    expect(tip.height).toBe(before);
    expect(tip.hash).toBe(await reader.hashAt(before));
    expect(esplora.tipHeight()).toBe(before + 1);
  });

  it('finds payments to watched addresses in a block of several pages, asking `watched` once per block', async () => {
    const ours = randomAddress();
    const txids: string[] = [];
    for (let i = 0; i < 59; i++) txids.push(esplora.pay([{ address: randomAddress(), sats: 1_000n + BigInt(i) }]));
    const mine = esplora.pay([
      { address: ours, sats: 150_000n },
      { address: randomAddress(), sats: 2_000n },
      { address: ours, sats: 1n },
    ]);
    const height = esplora.mine(1);
    const hash = (await reader.hashAt(height))!;
    const asked: string[][] = [];
    const watched = async (list: string[]) => {
      asked.push(list);
      return new Set(list.filter((a) => a === ours));
    };

    const requests = esplora.requests();
    const found = await reader.payments(height, height, watched);
    // The hash, the block (tx_count 60), pages 0, 25 and 50: none per address.
    expect(esplora.requests() - requests).toBe(2 + Math.ceil(60 / 25));
    expect(asked).toHaveLength(1);
    expect(asked[0]).toHaveLength(61); // every distinct address paid in the block
    expect(found).toEqual([
      { txid: mine, coin: 'bitcoin', address: ours, amount: '0.0015', block: { height, hash } },
      { txid: mine, coin: 'bitcoin', address: ours, amount: '0.00000001', block: { height, hash } },
    ]);
  });

  it('reads a range block by block; an empty block costs no page and no `watched` call', async () => {
    const ours = randomAddress();
    const first = esplora.pay([{ address: ours, sats: 25_000_000n }]);
    const from = esplora.mine(1);
    const second = esplora.pay([{ address: ours, sats: 300n }]);
    const to = esplora.mine(2);
    const watched = jest.fn(async (list: string[]) => new Set(list.filter((a) => a === ours)));
    const found = await reader.payments(from, to, watched);
    expect(found.map((f) => [f.txid, f.amount, f.block.height])).toEqual([
      [first, '0.25', from],
      [second, '0.000003', from + 1],
    ]);
    expect(watched).toHaveBeenCalledTimes(2);
    await expect(reader.payments(to + 1, to + 1, watched)).rejects.toThrow(`/block-height/${to + 1}`);
  });

  it('looks a transaction up in the mempool, then in its block; an unknown or malformed id is null', async () => {
    const ours = randomAddress();
    const other = randomAddress();
    const txid = esplora.pay([
      { address: ours, sats: 5_000_000n },
      { address: other, sats: 7n },
    ]);
    expect(await reader.lookup(txid)).toEqual({
      txid,
      block: null,
      outputs: [
        { coin: 'bitcoin', address: ours, amount: '0.05' },
        { coin: 'bitcoin', address: other, amount: '0.00000007' },
      ],
    });
    const height = esplora.mine(1);
    expect((await reader.lookup(txid.toUpperCase()))!.block).toEqual({ height, hash: await reader.hashAt(height) });
    expect(await reader.lookup('ab'.repeat(32))).toBeNull();
    expect(await reader.lookup('../blocks/tip/height')).toBeNull();
  });

  it('a failing request throws with its path and status instead of passing for "nothing there"', async () => {
    const broken = readerAt(`${esplora.url}/no-such-api`);
    await expect(broken.tip()).rejects.toThrow('Esplora /blocks/tip/height: HTTP 404');
    const height = esplora.tipHeight();
    jest.spyOn(global, 'fetch').mockResolvedValue(new Response('overloaded', { status: 503 }));
    await expect(reader.hashAt(height)).rejects.toThrow(`Esplora /block-height/${height}: HTTP 503`);
    await expect(reader.lookup('ab'.repeat(32))).rejects.toThrow('HTTP 503');
  });
});
