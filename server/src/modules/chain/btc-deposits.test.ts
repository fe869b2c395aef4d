import { secp256k1 } from '@noble/curves/secp256k1';
import { HDKey } from '@scure/bip32';
import { TEST_NETWORK, p2wpkh } from '@scure/btc-signer';
import { createScratchDatabase, startTestApp, type ScratchDatabase, type TestApp } from '../../test/harness';
import { depositRows, setCoinPrice } from '../../test/chain/chain-fixtures';
import { startEsplora, type EsploraChain } from '../../test/chain/esplora-server';
import { ABANDON_MNEMONIC, btcAccountKey } from '../../test/chain/keys';
import { ledgerMismatches } from '../ledger/invariant';
import { UserType } from '../user/user.entity';
import { Account } from '../account/account.entity';

/** BTC at $50,000: 0.05 BTC is $2,500 (Starter). */
const BTC_PRICE = '50000';
const CONFIRMATIONS = 2;
/** Esplora pages a block's transactions by this many. */
const PAGE = 25;

const regtest = { ...TEST_NETWORK, bech32: 'bcrt' };
/** vpub's SLIP-132 version bytes, to read the configured key back independently of the server's code. */
const VPUB_VERSIONS = { private: 0x045f18bc, public: 0x045f1cf6 };

let esplora: EsploraChain;
let db: ScratchDatabase;
let t: TestApp;
let admin: { token: string };

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const watcher = () => t.services.chains.watchers.get('btc')!;
/** An address no investor has: somebody else's wallet. */
const strangerAddress = () =>
  p2wpkh(secp256k1.getPublicKey(secp256k1.utils.randomPrivateKey(), true), regtest).address!;

const priceOf = (coin: string, price: string | null) => setCoinPrice(t.services.ds, coin, price);

async function addressOf(token: string) {
  const res = await t.http.get('/api/deposit-address?crypto=bitcoin').set(bearer(token));
  expect(res.status).toBe(200);
  return res.body.data as { address: string; network: string; ownAddress: boolean; confirmations: number };
}

const depositsOf = (userId: string) => depositRows(t.services.ds, userId);

beforeAll(async () => {
  esplora = await startEsplora({ network: 'regtest' });
  db = await createScratchDatabase();
  t = await startTestApp(
    {
      CHAIN_BTC_ESPLORA_URL: esplora.url,
      CHAIN_BTC_XPUB: btcAccountKey(ABANDON_MNEMONIC, 'regtest'),
      CHAIN_BTC_NETWORK: 'regtest',
      CHAIN_BTC_CONFIRMATIONS: String(CONFIRMATIONS),
    },
    { databaseUrl: db.url },
  );
  admin = await t.createUser(UserType.ADMIN);
  await priceOf('bitcoin', BTC_PRICE);
  await watcher().run(); // the first run sets the cursor
}, 60_000);
afterAll(async () => {
  await t?.close();
  await db?.drop();
  await esplora?.close();
});

describe('Bitcoin deposits found through Esplora (issue 35)', () => {
  it('each investor gets their own bcrt1 address, derived from the vpub (BIP84 child 0/i) and the same every time', async () => {
    const a = await t.createUser(UserType.INVESTOR);
    const b = await t.createUser(UserType.INVESTOR);
    const first = await addressOf(a.token);
    expect(first).toMatchObject({ network: 'Bitcoin', ownAddress: true, confirmations: CONFIRMATIONS });
    expect(first.address).toMatch(/^bcrt1q[02-9ac-hj-np-z]{38}$/);
    expect((await addressOf(a.token)).address).toBe(first.address);
    expect((await addressOf(b.token)).address).not.toBe(first.address);
    const [{ index }] = await t.services.ds.query(
      `SELECT derivation_index AS index FROM deposit_address WHERE user_id = $1 AND chain = 'btc'`,
      [a.user.id],
    );
    const account = HDKey.fromExtendedKey(btcAccountKey(ABANDON_MNEMONIC, 'regtest'), VPUB_VERSIONS);
    const child = account.deriveChild(0).deriveChild(index);
    expect(first.address).toBe(p2wpkh(child.publicKey!, regtest).address);
  });

  it('a block of 60 transactions costs one request per page, none per watched address, and its one payment is found', async () => {
    // First of the payment tests, so no earlier deposit is looked up again in this run.
    const investor = await t.createUser(UserType.INVESTOR);
    const { address } = await addressOf(investor.token);
    const paid = Array.from({ length: 59 }, () => esplora.pay([{ address: strangerAddress(), sats: 10_000n }]));
    const txid = esplora.pay([{ address, sats: 2_000_000n }]); // 0.02 BTC: $1,000
    paid.splice(30, 0, txid);
    esplora.mine(1);

    const before = esplora.requests();
    const run = await watcher().run();
    const used = esplora.requests() - before;
    // The block: its hash and header, then ceil(61/25) pages (61: 60 here, a coinbase on a real chain).
    // A few more: the tip (height, then that height's hash), the cursor's hash, the new deposit's lookup.
    expect(used).toBeLessThanOrEqual(2 + Math.ceil(61 / PAGE) + 4);
    expect(run).toMatchObject({ recorded: 1, scanned: { from: esplora.tipHeight(), to: esplora.tipHeight() } });
    expect(await depositsOf(investor.user.id)).toEqual([
      expect.objectContaining({
        status: 'PENDING',
        txid,
        cryptoAmount: '0.020000000000000000',
        amount: '1000.00',
        chainResult: 'UNCONFIRMED',
      }),
    ]);
  });

  it('a payment to the investor address becomes a pending deposit, then is credited exactly once at 2 confirmations', async () => {
    const investor = await t.createUser(UserType.INVESTOR);
    const { address } = await addressOf(investor.token);
    const txid = esplora.pay([{ address, sats: 5_000_000n }]); // 0.05 BTC
    esplora.mine(1);

    expect((await watcher().run()).recorded).toBe(1);
    expect(await depositsOf(investor.user.id)).toEqual([
      expect.objectContaining({
        status: 'PENDING',
        origin: 'CHAIN',
        crypto: 'bitcoin',
        cryptoAmount: '0.050000000000000000',
        amount: '2500.00',
        plan: 'Starter',
        chainResult: 'UNCONFIRMED',
        confirmations: 1,
        txid,
        hold: null,
      }),
    ]);

    esplora.mine(1);
    expect((await watcher().run()).confirmed).toBe(1);
    const [deposit] = await depositsOf(investor.user.id);
    expect(deposit).toMatchObject({ status: 'CONFIRMED', chainResult: 'VERIFIED', confirmations: 2 });
    const account = await t.services.ds.getRepository(Account).findOneByOrFail({ userId: investor.user.id });
    expect([account.investment, account.bitcoin]).toEqual(['2500.00000', '2500.00000']);
    expect(await ledgerMismatches(t.services.ds, [investor.user.id])).toEqual([]);

    // Run again, and again a block later: nothing more is recorded or credited.
    expect(await watcher().run()).toMatchObject({ recorded: 0, confirmed: 0 });
    esplora.mine(1);
    expect(await watcher().run()).toMatchObject({ recorded: 0, confirmed: 0 });
    expect(await depositsOf(investor.user.id)).toHaveLength(1);
    const again = await t.services.ds.getRepository(Account).findOneByOrFail({ userId: investor.user.id });
    expect(again.investment).toBe('2500.00000');
  });

  it('one transaction with two outputs to the same address is one deposit of their sum', async () => {
    const investor = await t.createUser(UserType.INVESTOR);
    const { address } = await addressOf(investor.token);
    const txid = esplora.pay([
      { address, sats: 1_000_000n },
      { address: strangerAddress(), sats: 70_000n }, // change, say
      { address, sats: 2_000_000n },
    ]);
    esplora.mine(CONFIRMATIONS);
    await watcher().run();
    await watcher().run();
    expect(await depositsOf(investor.user.id)).toEqual([
      expect.objectContaining({
        status: 'CONFIRMED',
        txid,
        cryptoAmount: '0.030000000000000000',
        amount: '1500.00',
        plan: 'Starter',
      }),
    ]);
    const account = await t.services.ds.getRepository(Account).findOneByOrFail({ userId: investor.user.id });
    expect(account.bitcoin).toBe('1500.00000');
  });

  it('a submitted txid that paid another address shows WRONG_ADDRESS to the admins', async () => {
    const investor = await t.createUser(UserType.INVESTOR);
    await addressOf(investor.token);
    const stranger = strangerAddress();
    const elsewhere = esplora.pay([{ address: stranger, sats: 1_000_000n }]);
    esplora.mine(1);
    const made = await t.http.post('/api/transaction/create').set(bearer(investor.token)).send({
      trxType: 'DEPOSIT',
      plan: 'Starter',
      crypto: 'bitcoin',
      amount: '500',
      transactionId: elsewhere,
    });
    expect(made.status).toBe(201);
    await watcher().run();
    const listed = await t.http
      .get('/api/transaction/transactions?trxType=DEPOSIT&status=PENDING')
      .set(bearer(admin.token));
    const item = listed.body.data.find((x: { id: string }) => x.id === made.body.data.id);
    expect(item.chainCheck).toMatchObject({ result: 'WRONG_ADDRESS', address: stranger, coinAmount: '0.01' });
    expect((await depositsOf(investor.user.id))[0].status).toBe('PENDING');
  });

  it('a payment whose block leaves the chain before crediting goes back to NOT_FOUND and is never credited', async () => {
    const investor = await t.createUser(UserType.INVESTOR);
    const { address } = await addressOf(investor.token);
    const txid = esplora.pay([{ address, sats: 4_000_000n }]);
    esplora.mine(1);
    await watcher().run();
    expect((await depositsOf(investor.user.id))[0]).toMatchObject({ status: 'PENDING', chainResult: 'UNCONFIRMED' });

    esplora.reorg(1, [txid]); // its block is replaced, and the transaction vanishes with it
    esplora.mine(2);
    await watcher().run();
    await watcher().run();
    const [gone] = await depositsOf(investor.user.id);
    expect(gone).toMatchObject({ status: 'PENDING', chainResult: 'NOT_FOUND' });
    const account = await t.services.ds.getRepository(Account).findOneByOrFail({ userId: investor.user.id });
    expect(account.investment).toBe('0.00000');
  });
});
