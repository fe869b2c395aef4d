import { parseEther, type Address } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { createScratchDatabase, startTestApp, type ScratchDatabase, type TestApp } from '../../test/harness';
import { depositRows, setCoinPrice } from '../../test/chain/chain-fixtures';
import { startAnvil, type Anvil } from '../../test/chain/anvil';
import { ABANDON_MNEMONIC, evmAccountXpub } from '../../test/chain/keys';
import { ledgerMismatches } from '../ledger/invariant';
import { UserType } from '../user/user.entity';
import { Account } from '../account/account.entity';

/** ETH at $2,500: 0.5 ETH is $1,250 (Starter), 5 ETH is $12,500 (Gold). */
const ETH_PRICE = '2500';
const CONFIRMATIONS = 3;

let anvil: Anvil;
let db: ScratchDatabase;
let t: TestApp;
let admin: { token: string; user: { email: string } };
let usdt: Address;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const watcher = () => t.services.chains.watchers.get('eth')!;

const priceOf = (coin: string, price: string | null) => setCoinPrice(t.services.ds, coin, price);
const priceEth = (price: string | null) => priceOf('ethereum', price);

async function addressOf(token: string, crypto = 'ethereum') {
  const res = await t.http.get(`/api/deposit-address?crypto=${crypto}`).set(bearer(token));
  expect(res.status).toBe(200);
  return res.body.data as {
    address: Address;
    network: string;
    ownAddress: boolean;
    confirmations: number;
    qrCode: string;
  };
}

const depositsOf = (userId: string) => depositRows(t.services.ds, userId);

beforeAll(async () => {
  anvil = await startAnvil();
  db = await createScratchDatabase();
  usdt = await anvil.deployToken(6);
  t = await startTestApp(
    {
      CHAIN_ETH_RPC_URL: anvil.url,
      CHAIN_ETH_USDT_CONTRACT: usdt,
      CHAIN_ETH_XPUB: evmAccountXpub(ABANDON_MNEMONIC),
      CHAIN_ETH_CONFIRMATIONS: String(CONFIRMATIONS),
      CHAIN_ETH_EXPLORER_TX_URL: 'https://etherscan.io/tx/{txid}',
    },
    { databaseUrl: db.url },
  );
  admin = await t.createUser(UserType.ADMIN);
  await priceEth(ETH_PRICE);
  await priceOf('usdt', '1');
  await watcher().run(); // the first run sets the cursor
}, 60_000);
afterAll(async () => {
  await t?.close();
  await db?.drop();
  await anvil?.stop();
});

describe('deposit addresses (issue 35)', () => {
  it('each investor gets their own address, derived from the xpub and the same every time, over REST and GraphQL', async () => {
    const a = await t.createUser(UserType.INVESTOR);
    const b = await t.createUser(UserType.INVESTOR);
    const first = await addressOf(a.token);
    expect(first).toMatchObject({ network: 'Ethereum', ownAddress: true, confirmations: CONFIRMATIONS });
    expect(first.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect((await addressOf(a.token)).address).toBe(first.address);
    const gql = await t.gql(
      `{ depositAddress(crypto: "ethereum") { crypto network address ownAddress } }`,
      {},
      a.token,
    );
    expect(gql.body.data.depositAddress).toEqual({
      crypto: 'ethereum',
      network: 'Ethereum',
      address: first.address,
      ownAddress: true,
    });
    const second = await addressOf(b.token);
    expect(second.address).not.toBe(first.address);
    // Independently derived from the mnemonic behind the xpub: m/44'/60'/0'/0/i.
    const [{ index }] = await t.services.ds.query(
      `SELECT derivation_index AS index FROM deposit_address WHERE user_id = $1 AND chain = 'eth'`,
      [a.user.id],
    );
    expect(first.address).toBe(mnemonicToAccount(ABANDON_MNEMONIC, { addressIndex: index }).address);
  });

  it('twenty first asks at once still give one address per investor and no index twice', async () => {
    const investors = await Promise.all(Array.from({ length: 5 }, () => t.createUser(UserType.INVESTOR)));
    const answers = await Promise.all(investors.flatMap((i) => Array.from({ length: 4 }, () => addressOf(i.token))));
    const perInvestor = investors.map((_, n) => new Set(answers.slice(n * 4, n * 4 + 4).map((a) => a.address)));
    for (const set of perInvestor) expect(set.size).toBe(1);
    expect(new Set(perInvestor.map((s) => [...s][0])).size).toBe(5);
  });

  it('a coin whose chain is off gets the operator shared address, and an unknown coin a clear error', async () => {
    const i = await t.createUser(UserType.INVESTOR);
    const btc = await addressOf(i.token, 'bitcoin');
    expect(btc).toMatchObject({ ownAddress: false, network: 'Bitcoin' });
    const bad = await t.http.get('/api/deposit-address?crypto=dogecoin').set(bearer(i.token));
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain('select a coin we accept');
    const admins = await t.http.get('/api/deposit-address?crypto=ethereum').set(bearer(admin.token));
    expect(admins.status).toBe(403);
  });
});

describe('ETH found on chain and credited at its confirmation count (issue 35)', () => {
  it('a payment to the investor address becomes a pending deposit, then is credited exactly once without anyone touching it', async () => {
    const investor = await t.createUser(UserType.INVESTOR);
    const { address } = await addressOf(investor.token);
    const txid = await anvil.sendEth(1, address, parseEther('0.5'));

    const seen = await watcher().run();
    expect(seen.recorded).toBe(1);
    expect(await depositsOf(investor.user.id)).toEqual([
      expect.objectContaining({
        status: 'PENDING',
        origin: 'CHAIN',
        amount: '1250.00',
        cryptoAmount: '0.500000000000000000',
        plan: 'Starter',
        chainResult: 'UNCONFIRMED',
        confirmations: 1,
        txid,
        hold: null,
      }),
    ]);

    await anvil.mine(CONFIRMATIONS - 2);
    expect((await watcher().run()).confirmed).toBe(0); // 2 of 3
    await anvil.mine(1);
    // Two instances' runs at once, and a retried run: one credit.
    const runs = await Promise.all([watcher().run(), watcher().run()]);
    await watcher().run();
    expect(runs.reduce((n, r) => n + r.confirmed, 0)).toBe(1);

    const [deposit] = await depositsOf(investor.user.id);
    expect(deposit).toMatchObject({ status: 'CONFIRMED', chainResult: 'VERIFIED', confirmations: 3 });
    const account = await t.services.ds.getRepository(Account).findOneByOrFail({ userId: investor.user.id });
    expect([account.investment, account.ethereum]).toEqual(['1250.00000', '1250.00000']);
    expect(await ledgerMismatches(t.services.ds, [investor.user.id])).toEqual([]);
    const kinds = await t.services.ds.query(
      `SELECT kind, actor_id AS actor FROM transaction_event WHERE transaction_id = $1 ORDER BY id`,
      [deposit.id],
    );
    expect(kinds.map((k: { kind: string }) => k.kind)).toEqual([
      'SEEN_ON_CHAIN',
      'CHAIN_CONFIRMATIONS',
      'CHAIN_CONFIRMATIONS',
      'CONFIRMED',
    ]);
    expect(kinds.every((k: { actor: string | null }) => k.actor === null)).toBe(true);
    const [audit] = await t.services.ds.query(
      `SELECT metadata FROM audit_event WHERE subject_id = $1 AND action = 'transaction.status'`,
      [deposit.id],
    );
    expect(audit.metadata).toMatchObject({ to: 'CONFIRMED', by: 'chain' });

    // The same txid submitted by hand afterwards is refused: it is already a deposit.
    const again = await t.http.post('/api/transaction/create').set(bearer(investor.token)).send({
      trxType: 'DEPOSIT',
      plan: 'Starter',
      crypto: 'ethereum',
      amount: '1250',
      transactionId: txid,
    });
    expect(again.status).toBe(409);
    expect(again.body.errors[0]).toMatchObject({
      field: 'transactionId',
      error: 'This transaction id was already submitted',
    });
  });

  it('USDT sent to the same address as an ERC-20 transfer is found in the contract logs and credited', async () => {
    const investor = await t.createUser(UserType.INVESTOR);
    const own = await addressOf(investor.token, 'usdt');
    expect(own).toMatchObject({ network: 'Ethereum (ERC-20)', ownAddress: true });
    expect(own.address).toBe((await addressOf(investor.token, 'ethereum')).address); // one address per chain
    const txid = await anvil.transferToken(usdt, 0, own.address, 2_000_500_000n); // 2000.5 USDT
    await watcher().run();
    await anvil.mine(CONFIRMATIONS);
    await watcher().run();
    expect(await depositsOf(investor.user.id)).toEqual([
      expect.objectContaining({
        status: 'CONFIRMED',
        crypto: 'usdt',
        cryptoAmount: '2000.500000000000000000',
        amount: '2000.50',
        plan: 'Starter',
        txid,
      }),
    ]);
    const account = await t.services.ds.getRepository(Account).findOneByOrFail({ userId: investor.user.id });
    expect(account.usdt).toBe('2000.50000');
  });

  it('without a fresh price the deposit waits for an admin instead of being credited', async () => {
    const investor = await t.createUser(UserType.INVESTOR);
    const { address } = await addressOf(investor.token);
    await priceEth(null);
    try {
      await anvil.sendEth(2, address, parseEther('1'));
      await watcher().run();
      await anvil.mine(CONFIRMATIONS);
      await watcher().run();
    } finally {
      await priceEth(ETH_PRICE);
    }
    const [deposit] = await depositsOf(investor.user.id);
    expect(deposit).toMatchObject({ status: 'PENDING', amount: '0.00', chainResult: 'VERIFIED', plan: null });
    expect(deposit.hold).toContain('No market price for ethereum');
  });

  it('a submitted txid that paid another address shows WRONG_ADDRESS and is confirmed only with a reason', async () => {
    const investor = await t.createUser(UserType.INVESTOR);
    await addressOf(investor.token);
    const elsewhere = await anvil.sendEth(3, anvil.accounts[4], parseEther('0.2'));
    const made = await t.http.post('/api/transaction/create').set(bearer(investor.token)).send({
      trxType: 'DEPOSIT',
      plan: 'Starter',
      crypto: 'ethereum',
      amount: '500',
      transactionId: elsewhere,
    });
    expect(made.status).toBe(201);
    // Checked at submission already: the chain answered within the request.
    expect(made.body.data.chainCheck).toMatchObject({ result: 'WRONG_ADDRESS', confirmations: 1 });
    await watcher().run();
    const listed = await t.http
      .get('/api/transaction/transactions?trxType=DEPOSIT&status=PENDING')
      .set(bearer(admin.token));
    const item = listed.body.data.find((x: { id: string }) => x.id === made.body.data.id);
    expect(item.chainCheck).toMatchObject({
      result: 'WRONG_ADDRESS',
      address: anvil.accounts[4].toLowerCase(),
      coinAmount: '0.2',
    });

    const refused = await t.http
      .put(`/api/transaction/${made.body.data.id}`)
      .set(bearer(admin.token))
      .send({ status: 'CONFIRMED' });
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0]).toMatchObject({ field: 'reason', code: 'CONFLICT' });
    expect(refused.body.errors[0].error).toContain('WRONG_ADDRESS');
    expect((await depositsOf(investor.user.id))[0].status).toBe('PENDING');

    const gql = await t.gql(
      `mutation { setTransactionStatus(id: "${made.body.data.id}", status: CONFIRMED, reason: "Paid from our exchange account; checked by phone") { status chainCheck { result } } }`,
      {},
      admin.token,
    );
    expect(gql.body.data.setTransactionStatus).toEqual({
      status: 'CONFIRMED',
      chainCheck: { result: 'WRONG_ADDRESS' },
    });
    const [audit] = await t.services.ds.query(
      `SELECT metadata FROM audit_event WHERE subject_id = $1 AND action = 'transaction.status'`,
      [made.body.data.id],
    );
    expect(audit.metadata).toMatchObject({
      override: 'WRONG_ADDRESS',
      reason: 'Paid from our exchange account; checked by phone',
    });
  });

  it('a payment whose block leaves the chain before crediting goes back to NOT_FOUND, says so on its timeline, and is never credited', async () => {
    const investor = await t.createUser(UserType.INVESTOR);
    const { address } = await addressOf(investor.token);
    const before = await anvil.snapshot();
    await anvil.sendEth(5, address, parseEther('0.4'));
    await watcher().run();
    const [seen] = await depositsOf(investor.user.id);
    expect(seen).toMatchObject({ status: 'PENDING', chainResult: 'UNCONFIRMED' });

    await anvil.revert(before); // the block with the payment is gone; a longer chain grows without it
    await anvil.mine(CONFIRMATIONS * 3);
    await watcher().run();
    await watcher().run();
    const [gone] = await depositsOf(investor.user.id);
    expect(gone).toMatchObject({ status: 'PENDING', chainResult: 'NOT_FOUND' });
    const kinds = await t.services.ds.query(
      `SELECT kind FROM transaction_event WHERE transaction_id = $1 ORDER BY id`,
      [gone.id],
    );
    expect(kinds.map((k: { kind: string }) => k.kind)).toEqual(['SEEN_ON_CHAIN', 'CHAIN_REORGANISED']);
    const account = await t.services.ds.getRepository(Account).findOneByOrFail({ userId: investor.user.id });
    expect(account.investment).toBe('0.00000');
  });

  it('a credited payment that leaves the chain is flagged for the operators (mail, metric), never reversed by itself', async () => {
    const investor = await t.createUser(UserType.INVESTOR);
    const { address } = await addressOf(investor.token);
    const before = await anvil.snapshot();
    const txid = await anvil.sendEth(6, address, parseEther('0.4'));
    await watcher().run();
    await anvil.mine(CONFIRMATIONS);
    await watcher().run();
    expect((await depositsOf(investor.user.id))[0]).toMatchObject({ status: 'CONFIRMED', amount: '1000.00' });
    const flagsBefore = (await t.services.chains.flags.stats()).failed;

    await anvil.revert(before);
    await anvil.mine(CONFIRMATIONS * 3);
    await watcher().run();
    await watcher().run(); // flagged once, however often it runs

    const [flagged] = await depositsOf(investor.user.id);
    expect(flagged).toMatchObject({ status: 'CONFIRMED', chainResult: 'NOT_FOUND' });
    expect(flagged.hold).toContain('left the chain');
    const account = await t.services.ds.getRepository(Account).findOneByOrFail({ userId: investor.user.id });
    expect(account.investment).toBe('1000.00000'); // nothing reversed silently
    expect(await ledgerMismatches(t.services.ds, [investor.user.id])).toEqual([]);
    expect((await t.services.chains.flags.stats()).failed).toBe(flagsBefore + 1);
    const mails = await t.services.ds.query(`SELECT recipient, subject FROM mail_outbox WHERE kind = 'chain_alert'`);
    // Every administrator is told (this file's admin among them); a sent mail keeps only kind and recipient.
    const told = mails as { recipient: string }[];
    expect(told.map((m) => m.recipient)).toContain(admin.user.email);
    expect(told).toHaveLength(
      (await t.services.ds.query(`SELECT 1 FROM app_user WHERE type = $1`, [UserType.ADMIN])).length *
        (flagsBefore + 1),
    );
    const audits = await t.services.ds.query(
      `SELECT metadata FROM audit_event WHERE subject_id = $1 AND action = 'transaction.chain_flag'`,
      [flagged.id],
    );
    expect(audits).toHaveLength(1);
    expect(audits[0].metadata).toMatchObject({ by: 'chain', txid });
  });

  it('a deposit intent quotes the coin amount for the chosen plan, and the payment goes into that plan', async () => {
    const investor = await t.createUser(UserType.INVESTOR);
    const [gold] = await t.services.ds.query(`SELECT id FROM plan WHERE name = 'Gold'`);
    const tooSmall = await t.http
      .post('/api/deposit-intent')
      .set(bearer(investor.token))
      .send({ crypto: 'ethereum', planId: gold.id, amount: '500' });
    expect(tooSmall.status).toBe(422);
    expect(tooSmall.body.errors[0].field).toBe('amount');

    const made = await t.http
      .post('/api/deposit-intent')
      .set(bearer(investor.token))
      .send({ crypto: 'ethereum', planId: gold.id, amount: '12000' });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({
      crypto: 'ethereum',
      ownAddress: true,
      quote: { plan: 'Gold', planId: gold.id, amount: '12000.00', coinAmount: '4.8', price: ETH_PRICE },
    });
    const minutes = (new Date(made.body.data.quote.expiresAt).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
    expect(made.body.data.address).toBe((await addressOf(investor.token)).address);

    // $13,750 would fall in Gold anyway; $2,500 falls short of it and waits for an admin.
    await anvil.sendEth(7, made.body.data.address, parseEther('1'));
    await watcher().run();
    await anvil.mine(CONFIRMATIONS);
    await watcher().run();
    const [short] = await depositsOf(investor.user.id);
    expect(short).toMatchObject({ status: 'PENDING', plan: 'Gold', amount: '2500.00', chainResult: 'VERIFIED' });
    expect(short.hold).toContain("below the Gold plan's minimum");

    const gql = await t.gql(
      `mutation M($input: DepositIntentInput!) { createDepositIntent(input: $input) { address quote { plan coinAmount } } }`,
      { input: { crypto: 'ethereum', planId: gold.id, amount: '12500' } },
      investor.token,
    );
    expect(gql.body.data.createDepositIntent.quote).toEqual({ plan: 'Gold', coinAmount: '5' });
    await anvil.sendEth(7, made.body.data.address, parseEther('5'));
    await watcher().run();
    await anvil.mine(CONFIRMATIONS);
    await watcher().run();
    const [, full] = await depositsOf(investor.user.id);
    expect(full).toMatchObject({ status: 'CONFIRMED', plan: 'Gold', amount: '12500.00', hold: null });
  });

  it('a submission is checked at once: unknown ids NOT_FOUND, the investor own payment VERIFIED (left to an admin), coins without a chain UNCHECKED', async () => {
    const investor = await t.createUser(UserType.INVESTOR);
    const { address } = await addressOf(investor.token);
    const submit = (crypto: string, amount: string, transactionId: string) =>
      t.http
        .post('/api/transaction/create')
        .set(bearer(investor.token))
        .send({ trxType: 'DEPOSIT', plan: 'Starter', crypto, amount, transactionId });

    const unknown = await submit('ethereum', '500', `0x${'ab'.repeat(32)}`);
    expect(unknown.status).toBe(201);
    expect(unknown.body.data.chainCheck).toMatchObject({ result: 'NOT_FOUND', confirmations: null });

    // 0.3 ETH is $750; the investor claims $760 (within 3% of today's price): it checks out.
    const txid = await anvil.sendEth(8, address, parseEther('0.3'));
    await anvil.mine(CONFIRMATIONS);
    const own = await submit('ethereum', '760', txid);
    expect(own.body.data).toMatchObject({
      cryptoAmount: '0.304',
      chainCheck: { result: 'VERIFIED', coinAmount: '0.3', address: address.toLowerCase() },
    });
    const litecoin = await submit('litecoin', '500', `ltc-${Date.now()}-manual`);
    expect(litecoin.body.data.chainCheck).toMatchObject({ result: 'UNCHECKED' });

    // The watcher leaves the VERIFIED submission to an admin (only payments it found are credited by themselves).
    await watcher().run();
    const rows = await depositsOf(investor.user.id);
    expect(rows.find((r: { txid: string }) => r.txid === txid)).toMatchObject({
      status: 'PENDING',
      chainResult: 'VERIFIED',
    });
  });

  it('a submission claiming more than the transaction paid is AMOUNT_MISMATCH', async () => {
    const investor = await t.createUser(UserType.INVESTOR);
    const { address } = await addressOf(investor.token);
    const txid = await anvil.sendEth(8, address, parseEther('0.1')); // $250
    const claimed = await t.http
      .post('/api/transaction/create')
      .set(bearer(investor.token))
      .send({ trxType: 'DEPOSIT', plan: 'Starter', crypto: 'ethereum', amount: '900', transactionId: txid });
    expect(claimed.body.data.chainCheck).toMatchObject({ result: 'AMOUNT_MISMATCH', coinAmount: '0.1' });
  });
});

describe('several instances and review mode (issue 35)', () => {
  it('the same payment seen by two instances at once is recorded and credited once; in review mode it waits, VERIFIED, for an admin', async () => {
    const env = {
      CHAIN_ETH_RPC_URL: anvil.url,
      CHAIN_ETH_USDT_CONTRACT: usdt,
      CHAIN_ETH_XPUB: evmAccountXpub(ABANDON_MNEMONIC),
      CHAIN_ETH_CONFIRMATIONS: String(CONFIRMATIONS),
    };
    const second = await startTestApp(env, { databaseUrl: db.url });
    const reviewing = await startTestApp({ ...env, DEPOSIT_CONFIRMATION: 'review' }, { databaseUrl: db.url });
    try {
      const investor = await t.createUser(UserType.INVESTOR);
      const { address } = await addressOf(investor.token);
      await anvil.sendEth(2, address, parseEther('0.5'));
      const both = () => Promise.all([watcher().run(), second.services.chains.watchers.get('eth')!.run()]);
      const seen = await both();
      expect(seen[0].recorded + seen[1].recorded).toBeGreaterThanOrEqual(1);
      expect(await depositsOf(investor.user.id)).toHaveLength(1);
      await anvil.mine(CONFIRMATIONS);
      const credited = await both();
      expect(credited[0].confirmed + credited[1].confirmed).toBe(1);
      const account = await t.services.ds.getRepository(Account).findOneByOrFail({ userId: investor.user.id });
      expect(account.investment).toBe('1250.00000');
      expect(await ledgerMismatches(t.services.ds, [investor.user.id])).toEqual([]);

      const reviewed = await t.createUser(UserType.INVESTOR);
      const own = await addressOf(reviewed.token);
      await anvil.sendEth(2, own.address, parseEther('0.5'));
      const reviewer = reviewing.services.chains.watchers.get('eth')!;
      await reviewer.run();
      await anvil.mine(CONFIRMATIONS);
      expect((await reviewer.run()).confirmed).toBe(0);
      expect(await depositsOf(reviewed.user.id)).toEqual([
        expect.objectContaining({ status: 'PENDING', chainResult: 'VERIFIED', origin: 'CHAIN', hold: null }),
      ]);
    } finally {
      await second.close();
      await reviewing.close();
    }
  });
});

describe('payouts of withdrawals (issue 35)', () => {
  /** An investor with $1,000 and a saved ETH address (saved before money came in: no cool-down), and a $500 withdrawal to it. */
  async function withdrawal() {
    const investor = await t.createUser(UserType.INVESTOR);
    const wallet = anvil.accounts[9];
    const saved = await t.http
      .put('/api/account')
      .set(bearer(investor.token))
      .send({ wallet: { ethereum: wallet } });
    expect(saved.status).toBe(200);
    await t.fund(investor.user.id, '1000');
    const made = await t.http
      .post('/api/transaction/create')
      .set(bearer(investor.token))
      .send({ trxType: 'WITHDRAWAL', crypto: 'ethereum', amount: '500', wallet });
    expect(made.status).toBe(201);
    return { investor, wallet, id: made.body.data.id as string };
  }
  const withdrawalRow = async (id: string) =>
    (
      await t.services.ds.query(
        `SELECT status, transaction_id AS txid, payout_fee::text AS fee, chain_result AS result, chain_coin_amount::text AS paid
           FROM "transaction" WHERE id = $1`,
        [id],
      )
    )[0];

  it('confirming with the payout txid records it, shows "sent" with an explorer link, and the watcher checks it pays the address', async () => {
    const { investor, wallet, id } = await withdrawal();
    // $500 less a $5 fee at $2,500 is 0.198 ETH.
    const payoutTxid = await anvil.sendEth(0, wallet, parseEther('0.198'));
    const res = await t.http
      .put(`/api/transaction/${id}`)
      .set(bearer(admin.token))
      .send({ status: 'CONFIRMED', payoutTxid, payoutFee: '5' });
    expect(res.status).toBe(200);
    expect(await withdrawalRow(id)).toMatchObject({ status: 'CONFIRMED', txid: payoutTxid, fee: '5.00', result: null });

    const timeline = await t.http.get(`/api/transaction/${id}`).set(bearer(investor.token));
    const sent = timeline.body.data.events.find((e: { kind: string }) => e.kind === 'PAYOUT_SENT');
    expect(sent.data).toEqual({ txid: payoutTxid, explorerUrl: `https://etherscan.io/tx/${payoutTxid}` });

    await watcher().run();
    expect(await withdrawalRow(id)).toMatchObject({ result: 'UNCONFIRMED', paid: '0.198000000000000000' });
    await anvil.mine(CONFIRMATIONS);
    await watcher().run();
    expect((await withdrawalRow(id)).result).toBe('VERIFIED');
  });

  it("a payout that paid someone else shows WRONG_ADDRESS to the admin; a payout can't go on a deposit or be replaced", async () => {
    const { id } = await withdrawal();
    const elsewhere = await anvil.sendEth(0, anvil.accounts[8], parseEther('0.2'));
    const gql = await t.gql(
      `mutation { setTransactionStatus(id: "${id}", status: CONFIRMED, payoutTxid: "${elsewhere}") { status transactionId } }`,
      {},
      admin.token,
    );
    expect(gql.body.data.setTransactionStatus).toEqual({ status: 'CONFIRMED', transactionId: elsewhere });
    await watcher().run();
    expect((await withdrawalRow(id)).result).toBe('WRONG_ADDRESS');

    const replaced = await t.http
      .put(`/api/transaction/${id}`)
      .set(bearer(admin.token))
      .send({ status: 'CONFIRMED', payoutTxid: `0x${'cd'.repeat(32)}` });
    expect(replaced.status).toBe(409);
    expect(replaced.body.errors[0]).toMatchObject({ field: 'payoutTxid' });

    const investor = await t.createUser(UserType.INVESTOR);
    const deposit = await t.http
      .post('/api/transaction/create')
      .set(bearer(investor.token))
      .send({
        trxType: 'DEPOSIT',
        plan: 'Starter',
        crypto: 'bitcoin',
        amount: '500',
        transactionId: `manual-${Date.now()}-payout`,
      });
    const onDeposit = await t.http
      .put(`/api/transaction/${deposit.body.data.id}`)
      .set(bearer(admin.token))
      .send({ status: 'CONFIRMED', payoutTxid: `0x${'ef'.repeat(32)}` });
    expect(onDeposit.status).toBe(422);
    expect(onDeposit.body.errors[0]).toMatchObject({ field: 'payoutTxid' });
    expect((await depositsOf(investor.user.id))[0].status).toBe('PENDING');
  });
});
