import { secp256k1 } from '@noble/curves/secp256k1';
import { TEST_NETWORK, Transaction, p2wpkh } from '@scure/btc-signer';
import { startEsplora, type EsploraChain } from './esplora-server';

const regtest = { ...TEST_NETWORK, bech32: 'bcrt' };

describe('test support: Esplora server', () => {
  let chain: EsploraChain;
  beforeAll(async () => {
    chain = await startEsplora();
  });
  afterAll(() => chain.close());

  const get = async (path: string) => {
    const res = await fetch(chain.url + path);
    const text = await res.text();
    return { status: res.status, type: res.headers.get('content-type'), text, json: () => JSON.parse(text) };
  };

  it('serves real transactions through mining and reorganisations', async () => {
    const key = secp256k1.utils.randomPrivateKey();
    const a = p2wpkh(secp256k1.getPublicKey(key, true), regtest).address!;
    const b = p2wpkh(secp256k1.getPublicKey(secp256k1.utils.randomPrivateKey(), true), regtest).address!;
    expect(a).toMatch(/^bcrt1q/);
    expect(await get('/blocks/tip/height')).toMatchObject({ status: 200, type: 'text/plain', text: '0' });

    const txid = chain.pay([
      { address: a, sats: 150_000n },
      { address: b, sats: 2_500n },
    ]);
    let tx = (await get(`/tx/${txid}`)).json();
    expect(tx).toMatchObject({ txid, status: { confirmed: false }, fee: 500 });
    expect(tx.vout).toEqual([
      expect.objectContaining({ scriptpubkey_address: a, scriptpubkey_type: 'v0_p2wpkh', value: 150_000 }),
      expect.objectContaining({ scriptpubkey_address: b, scriptpubkey_type: 'v0_p2wpkh', value: 2_500 }),
    ]);
    expect(tx.vin[0]).toMatchObject({ vout: 0, is_coinbase: false, prevout: { value: 153_000 } });
    expect(tx.vin[0].witness).toHaveLength(2);
    const hex = (await get(`/tx/${txid}/hex`)).text;
    expect(Transaction.fromRaw(Buffer.from(hex, 'hex')).id).toBe(txid);
    expect(hex.length / 2).toBe(tx.size);
    expect((await get(`/address/${b}/txs`)).json().map((t: { txid: string }) => t.txid)).toEqual([txid]);

    expect(chain.mine()).toBe(1);
    const hash = (await get('/blocks/tip/hash')).text;
    expect((await get('/block-height/1')).text).toBe(hash);
    expect(await get('/block-height/2')).toMatchObject({ status: 404, text: 'Block not found' });
    expect((await get(`/tx/${txid}/status`)).json()).toEqual({
      confirmed: true,
      block_height: 1,
      block_hash: hash,
      block_time: expect.any(Number),
    });
    const block = (await get(`/block/${hash}`)).json();
    expect(block).toMatchObject({
      id: hash,
      height: 1,
      tx_count: 1,
      previousblockhash: (await get('/block-height/0')).text,
    });
    expect((await get(`/block/${hash}/txids`)).json()).toEqual([txid]);
    expect((await get(`/block/${hash}/txs/0`)).json()).toEqual([expect.objectContaining({ txid })]);
    expect((await get(`/block/${hash}/txs/3`)).status).toBe(400);
    expect((await get(`/block/${hash}/status`)).json()).toEqual({ in_best_chain: true, height: 1, next_best: null });

    chain.reorg(1, [txid]);
    expect(chain.tipHeight()).toBe(2);
    expect(await get(`/tx/${txid}`)).toMatchObject({ status: 404, text: 'Transaction not found' });
    expect((await get(`/block/${hash}/status`)).json()).toEqual({ in_best_chain: false, height: 1, next_best: null });
    expect((await get(`/block/${hash}`)).status).toBe(200);
    expect((await get('/block-height/1')).text).not.toBe(hash);

    const again = chain.pay([{ address: a, sats: 10_000n }]);
    expect(chain.mine()).toBe(3);
    const minedIn = (await get(`/tx/${again}/status`)).json().block_hash;
    chain.reorg(1);
    expect((await get(`/tx/${again}`)).json().status).toEqual({ confirmed: false });
    expect((await get(`/block/${minedIn}/status`)).json().in_best_chain).toBe(false);
    expect(chain.mine()).toBe(5);
    tx = (await get(`/tx/${again}`)).json();
    expect(tx.status).toMatchObject({
      confirmed: true,
      block_height: 5,
      block_hash: (await get('/blocks/tip/hash')).text,
    });
    expect((await get('/nothing/here')).status).toBe(404);
    expect(chain.requests()).toBeGreaterThan(20);
  });
});
