// A local Ethereum to try chain-proven deposits on a laptop, offline (docs/operations.md, "Chains"):
//   node scripts/chain-sandbox.mjs                 starts anvil (from npm) on 127.0.0.1:8545 and a
//                                                  price endpoint on :8546, prints the settings to start
//                                                  the app with, and stays up (Ctrl-C stops both)
//   node scripts/chain-sandbox.mjs send <address> <eth>   pays <eth> ETH from anvil's first account
//   node scripts/chain-sandbox.mjs mine <blocks>          mines blocks (confirmations)
// The deposit key is the well-known test mnemonic "abandon … about": never use it for real money.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { createWalletClient, defineChain, http as transport, parseEther } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';

const require = createRequire(import.meta.url);
const RPC_PORT = Number(process.env.SANDBOX_RPC_PORT || 8545);
const PRICE_PORT = Number(process.env.SANDBOX_PRICE_PORT || 8546);
const RPC = `http://127.0.0.1:${RPC_PORT}`;
const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';
const DEPOSIT_MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
/** Prices the endpoint answers, in CoinGecko's /coins/markets shape (the app's price feed). */
const PRICES = { bitcoin: 50000, ethereum: 2500, tether: 1, binancecoin: 600, litecoin: 80 };

const rpc = async (method, params = []) => {
  const res = await fetch(RPC, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return (await res.json()).result;
};

async function start() {
  const bin = path.join(path.dirname(require.resolve('@foundry-rs/anvil-linux-amd64/package.json')), 'bin', 'anvil');
  const anvil = spawn(bin, ['--host', '127.0.0.1', '--port', String(RPC_PORT), '--silent'], { stdio: 'inherit' });
  const prices = http.createServer((req, res) => {
    const body = Object.entries(PRICES).map(([id, price]) => ({
      id,
      symbol: id.slice(0, 3),
      name: id,
      current_price: price,
      price_change_percentage_24h: 0,
      sparkline_in_7d: { price: Array.from({ length: 24 }, () => price) },
    }));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  prices.listen(PRICE_PORT, '127.0.0.1');
  const xpub = HDKey.fromMasterSeed(mnemonicToSeedSync(DEPOSIT_MNEMONIC)).derive("m/44'/60'/0'").publicExtendedKey;
  console.log(`anvil on ${RPC}, prices on http://127.0.0.1:${PRICE_PORT}. Start the app with:\n`);
  console.log(
    `CHAIN_ETH_RPC_URL=${RPC} CHAIN_ETH_XPUB=${xpub} CHAIN_ETH_CONFIRMATIONS=3 PRICE_FEED_URL=http://127.0.0.1:${PRICE_PORT} npm start\n`,
  );
  console.log(
    'Then: node scripts/chain-sandbox.mjs send <your deposit address> 0.5; node scripts/chain-sandbox.mjs mine 3',
  );
  const stop = () => {
    anvil.kill();
    prices.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

async function send(address, eth) {
  const chain = defineChain({
    id: Number(await rpc('eth_chainId')),
    name: 'anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [RPC] } },
  });
  const wallet = createWalletClient({ account: mnemonicToAccount(ANVIL_MNEMONIC), chain, transport: transport(RPC) });
  console.log(await wallet.sendTransaction({ to: address, value: parseEther(eth) }));
}

const [command, ...args] = process.argv.slice(2);
if (!command) await start();
else if (command === 'send' && args.length === 2) await send(args[0], args[1]);
else if (command === 'mine' && args.length === 1) await rpc('anvil_mine', [`0x${Number(args[0]).toString(16)}`]);
else {
  console.error('usage: node scripts/chain-sandbox.mjs [send <address> <eth> | mine <blocks>]');
  process.exit(2);
}
