import { secp256k1 } from '@noble/curves/secp256k1';
import { HDKey } from '@scure/bip32';
import { erc20Abi, parseAbiItem, parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { type Anvil, startAnvil } from './anvil';
import { ABANDON_MNEMONIC, ANVIL_MNEMONIC, btcAccountKey, evmAccountXpub, evmAddressPrivateKey } from './keys';

const transferEvent = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

describe('test support: anvil', () => {
  let chain: Anvil;

  beforeAll(async () => {
    chain = await startAnvil();
  });

  afterAll(async () => {
    await chain?.stop();
  });

  it('answers on loopback as chain 31337 with 10 funded accounts', async () => {
    expect(chain.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(chain.chainId).toBe(31337);
    expect(await chain.publicClient.getChainId()).toBe(31337);
    expect(chain.accounts).toHaveLength(10);
    expect(chain.accounts[0]).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(await chain.publicClient.getBalance({ address: chain.accounts[9] })).toBe(parseEther('10000'));
  });

  it('mines each ETH transfer into a block of its own', async () => {
    const [from, to] = chain.accounts;
    const before = await chain.publicClient.getBalance({ address: to });
    const startBlock = await chain.publicClient.getBlockNumber();
    const hash = await chain.sendEth(0, to, 1234n);
    const receipt = await chain.publicClient.getTransactionReceipt({ hash });
    expect(receipt).toMatchObject({ status: 'success', from: from.toLowerCase(), to: to.toLowerCase() });
    expect(receipt.blockNumber).toBe(startBlock + 1n);
    expect(await chain.publicClient.getBalance({ address: to })).toBe(before + 1234n);
  });

  it('deploys the test token and finds its Transfer logs', async () => {
    const token = await chain.deployToken();
    const read = <F extends 'decimals' | 'symbol'>(functionName: F) =>
      chain.publicClient.readContract({ address: token, abi: erc20Abi, functionName });
    expect(await read('decimals')).toBe(6);
    expect(await read('symbol')).toBe('TST');

    const recipient = chain.accounts[2];
    const hash = await chain.transferToken(token, 0, recipient, 5_000_000n);
    const { blockNumber } = await chain.publicClient.getTransactionReceipt({ hash });
    const logs = await chain.publicClient.getLogs({
      address: token,
      event: transferEvent,
      args: { to: recipient },
      fromBlock: 0n,
      toBlock: 'latest',
    });
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      transactionHash: hash,
      blockNumber,
      args: { from: chain.accounts[0], value: 5_000_000n },
    });
    expect(
      await chain.publicClient.readContract({
        address: token,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [recipient],
      }),
    ).toBe(5_000_000n);
  });

  it('mines empty blocks, and reverts to a snapshot', async () => {
    const start = await chain.publicClient.getBlockNumber();
    await chain.mine(5);
    expect(await chain.publicClient.getBlockNumber()).toBe(start + 5n);

    const id = await chain.snapshot();
    await chain.sendEth(1, chain.accounts[3], 1n);
    await chain.mine(2);
    expect(await chain.publicClient.getBlockNumber()).toBe(start + 8n);
    await chain.revert(id);
    expect(await chain.publicClient.getBlockNumber()).toBe(start + 5n);
    await expect(chain.revert(id)).rejects.toThrow(/no snapshot/);
  });

  it('derives the known test keys', () => {
    expect(btcAccountKey(ABANDON_MNEMONIC, 'mainnet')).toBe(
      'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs',
    );
    expect(btcAccountKey(ABANDON_MNEMONIC, 'regtest')).toMatch(/^vpub/);
    expect(privateKeyToAccount(evmAddressPrivateKey(ANVIL_MNEMONIC, 0)).address).toBe(
      '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    );

    // The xpub's child 0/1 is the public half of the private key at index 1.
    const xpub = evmAccountXpub(ANVIL_MNEMONIC);
    expect(xpub).toMatch(/^xpub/);
    const child = HDKey.fromExtendedKey(xpub).deriveChild(0).deriveChild(1);
    const account = privateKeyToAccount(evmAddressPrivateKey(ANVIL_MNEMONIC, 1));
    expect(account.address).toBe(chain.accounts[1]);
    expect(HDKey.fromExtendedKey(xpub).privateKey).toBeNull();
    const uncompressed = secp256k1.ProjectivePoint.fromHex(child.publicKey!).toRawBytes(false);
    expect(`0x${Buffer.from(uncompressed).toString('hex')}`).toBe(account.publicKey);
    expect(evmAccountXpub(ABANDON_MNEMONIC)).not.toBe(xpub);
  });
});
