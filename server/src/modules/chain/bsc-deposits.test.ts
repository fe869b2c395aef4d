import { parseEther } from 'viem';
import { createScratchDatabase, startTestApp, type ScratchDatabase, type TestApp } from '../../test/harness';
import { setCoinPrice } from '../../test/chain/chain-fixtures';
import { startAnvil, type Anvil } from '../../test/chain/anvil';
import { ABANDON_MNEMONIC, evmAccountXpub } from '../../test/chain/keys';
import { UserType } from '../user/user.entity';
import { Account } from '../account/account.entity';

let bsc: Anvil;
let db: ScratchDatabase;
let t: TestApp;

beforeAll(async () => {
  bsc = await startAnvil({ chainId: 56 });
  db = await createScratchDatabase();
  t = await startTestApp(
    { CHAIN_BSC_RPC_URL: bsc.url, CHAIN_BSC_XPUB: evmAccountXpub(ABANDON_MNEMONIC), CHAIN_BSC_CONFIRMATIONS: '2' },
    { databaseUrl: db.url },
  );
  await setCoinPrice(t.services.ds, 'bnb', '600');
  await t.services.chains.watchers.get('bsc')!.run();
}, 60_000);
afterAll(async () => {
  await t?.close();
  await db?.drop();
  await bsc?.stop();
});

describe('BNB Smart Chain deposits (issue 35)', () => {
  it('BNB sent to the investor own address on chain 56 is found and credited by the same EVM watcher', async () => {
    expect(await bsc.publicClient.getChainId()).toBe(56);
    const investor = await t.createUser(UserType.INVESTOR);
    const res = await t.http.get('/api/deposit-address?crypto=bnb').set({ authorization: `Bearer ${investor.token}` });
    expect(res.body.data).toMatchObject({ network: 'BNB Smart Chain (BEP-20)', ownAddress: true, confirmations: 2 });
    await bsc.sendEth(1, res.body.data.address, parseEther('0.5')); // $300: Starter
    const watcher = t.services.chains.watchers.get('bsc')!;
    await watcher.run();
    await bsc.mine(1);
    await watcher.run();
    const account = await t.services.ds.getRepository(Account).findOneByOrFail({ userId: investor.user.id });
    expect([account.bnb, account.investment]).toEqual(['300.00000', '300.00000']);
  });
});
