import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import {
  type Abi,
  type Address,
  type Hex,
  type PublicClient,
  type TransactionReceipt,
  createPublicClient,
  createTestClient,
  createWalletClient,
  erc20Abi,
  http,
  defineChain,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { anvil as anvilChain } from 'viem/chains';
import { freePort } from '../spawn-server';
import testToken from './erc20/test-token.json';
import { ANVIL_MNEMONIC, evmAddressPrivateKey } from './keys';

/** The anvil binary of the platform package (the `@foundry-rs/anvil` wrapper's postinstall never ran). */
const ANVIL_BIN = path.join(
  path.dirname(require.resolve('@foundry-rs/anvil-linux-amd64/package.json')),
  'bin',
  'anvil',
);

/** How long anvil may take to answer its first request: it starts in well under a second when idle. */
const READY_TIMEOUT_MS = 15_000;
const READY_POLL_MS = 50;

/** The accounts anvil funds (10 000 ETH each) from its default mnemonic. */
const ACCOUNT_COUNT = 10;

/** Supply minted to account 0 by `deployToken`, in whole tokens. */
const TOKEN_SUPPLY = 1_000_000_000_000n;

/** The stderr kept per node, enough for a start-up error. */
const MAX_OUTPUT = 20_000;

/** A real local Ethereum node (anvil, chain id 31337, automine: one block per transaction) for a test file. */
export interface Anvil {
  /** `http://127.0.0.1:<port>` */
  url: string;
  chainId: number;
  /** viem client on `url`; it polls every 50 ms and caches nothing, so reads see each new block at once. */
  publicClient: PublicClient;
  /** 10 funded accounts of the default mnemonic, index 0..9 */
  accounts: Address[];
  /** Sends `wei` from an account; resolves with the hash once mined. */
  sendEth(fromIndex: number, to: Address, wei: bigint): Promise<Hex>;
  /** Deploys TestToken (erc20/TestToken.sol) from account 0, which gets 10^12 whole tokens. */
  deployToken(decimals?: number): Promise<Address>;
  /** Transfers `amount` base units of `token` from an account; resolves with the hash once mined. */
  transferToken(token: Address, fromIndex: number, to: Address, amount: bigint): Promise<Hex>;
  /** Mines empty blocks (anvil_mine). */
  mine(blocks: number): Promise<void>;
  /** Saves the chain state (evm_snapshot). */
  snapshot(): Promise<Hex>;
  /** Returns to a snapshot (evm_revert); anvil then forgets it and any later ones, so take a new one to revert again. */
  revert(id: Hex): Promise<void>;
  /** Kills the node. */
  stop(): Promise<void>;
}

/**
 * Starts anvil on a free loopback port and resolves once it answers JSON-RPC, so chain tests run
 * against a real node; `chainId` makes it another EVM chain (56: BNB Smart Chain).
 */
export async function startAnvil(options: { chainId?: number } = {}): Promise<Anvil> {
  const chain = options.chainId ? defineChain({ ...anvilChain, id: options.chainId }) : anvilChain;
  // The port can be taken between freePort() and anvil's bind: try a fresh one then.
  let node: RunningNode | null = null;
  for (let attempt = 1; !node; attempt++) {
    try {
      node = await spawnAnvil(await freePort(), chain.id);
    } catch (error) {
      if (attempt >= 3 || !(error instanceof NodeExited)) throw error;
    }
  }
  const { url, child } = node;

  const transport = http(url, { retryCount: 0 });
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 50, cacheTime: 0 });
  const testClient = createTestClient({ mode: 'anvil', chain, transport });
  const wallets = Array.from({ length: ACCOUNT_COUNT }, (_, i) =>
    createWalletClient({
      account: privateKeyToAccount(evmAddressPrivateKey(ANVIL_MNEMONIC, i)),
      chain,
      transport,
    }),
  );
  const wallet = (index: number) => {
    const client = wallets[index];
    if (!client) throw new Error(`no anvil account ${index} (there are ${ACCOUNT_COUNT})`);
    return client;
  };
  const mined = async (hash: Hex): Promise<TransactionReceipt> => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash, timeout: 10_000 });
    if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`);
    return receipt;
  };

  return {
    url,
    chainId: chain.id,
    publicClient,
    accounts: wallets.map((w) => w.account.address),
    async sendEth(fromIndex, to, wei) {
      const hash = await wallet(fromIndex).sendTransaction({ to, value: wei });
      await mined(hash);
      return hash;
    },
    async deployToken(decimals = 6) {
      const hash = await wallet(0).deployContract({
        abi: testToken.abi as Abi,
        bytecode: testToken.bytecode as Hex,
        args: ['Test Token', 'TST', decimals, TOKEN_SUPPLY * 10n ** BigInt(decimals)],
      });
      const { contractAddress } = await mined(hash);
      if (!contractAddress) throw new Error(`deployment ${hash} created no contract`);
      return contractAddress;
    },
    async transferToken(token, fromIndex, to, amount) {
      const hash = await wallet(fromIndex).writeContract({
        address: token,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [to, amount],
      });
      await mined(hash);
      return hash;
    },
    async mine(blocks) {
      await testClient.mine({ blocks });
    },
    async snapshot() {
      return testClient.snapshot();
    },
    async revert(id) {
      // Not testClient.revert(): it drops anvil's answer, which is false (not an error) for an unknown snapshot.
      const reverted: unknown = await testClient.request({ method: 'evm_revert', params: [id] });
      if (reverted !== true) throw new Error(`anvil has no snapshot ${id} (each can be reverted to once)`);
    },
    async stop() {
      await kill(child);
    },
  };
}

interface RunningNode {
  url: string;
  child: ChildProcess;
}

/** anvil exited before it answered (most likely: the port was taken). */
class NodeExited extends Error {}

/** Spawns anvil on `port` and waits until eth_blockNumber answers; kills it if it does not within the bound. */
async function spawnAnvil(port: number, chainId: number): Promise<RunningNode> {
  const url = `http://127.0.0.1:${port}`;
  const args = ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId), '--silent'];
  const child = spawn(ANVIL_BIN, args, {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-MAX_OUTPUT);
  });
  const ended: { reason: string | null } = { reason: null };
  child.once('error', (error) => (ended.reason ??= `could not start ${ANVIL_BIN}: ${error.message}`));
  child.once('exit', (code, signal) => (ended.reason ??= `anvil exited (code ${code}, signal ${signal})`));

  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (ended.reason !== null)
      throw new NodeExited(`${ended.reason} before answering on ${url}: ${stderr.trim() || 'no output'}`);
    if (await answers(url)) return { url, child };
    if (Date.now() > deadline) {
      await kill(child);
      throw new Error(`anvil did not answer eth_blockNumber on ${url} within ${READY_TIMEOUT_MS} ms: ${stderr.trim()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
  }
}

/** Whether a JSON-RPC node on `url` answers eth_blockNumber. */
async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
      signal: AbortSignal.timeout(1000),
    });
    const body = (await response.json()) as { result?: unknown };
    return typeof body.result === 'string';
  } catch {
    return false;
  }
}

/** Sends SIGTERM, then SIGKILL if anvil is still there after 2 s; resolves once it has exited. */
async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 2000);
  await exited;
  clearTimeout(timer);
}
