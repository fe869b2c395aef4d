// Chain watcher cost per block (issue 35): a real local Ethereum node (anvil, from npm, with
// mining on demand) gets blocks of 100 transfers each, one of them to an investor's deposit
// address; the real watcher (ChainWatcher from server/dist, through its JSON-RPC reader) reads
// them with 1,000 and then 100,000 watched addresses in the database. Reports milliseconds, SQL
// statements and JSON-RPC calls per block for both, and their ratio: watching 100 times more
// addresses must not cost 100 times more (no per-address polling). Needs `npm run build` and a
// PostgreSQL server to create a database in (BENCH_PG_ADMIN_URL, default the local one).
import 'reflect-metadata';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { createWalletClient, http as httpTransport, parseEther, defineChain } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { countStatements, dropDatabase, freshDatabase, ROOT } from './lib.mjs';

const require = createRequire(import.meta.url);
const dist = (p) => require(path.join(ROOT, 'server', 'dist', p));
const DB = 'cryptovest_bench_chain';
const BLOCKS = 10;
const TRANSFERS_PER_BLOCK = 100;
const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';
const ANVIL_BIN = path.join(
  path.dirname(require.resolve('@foundry-rs/anvil-linux-amd64/package.json')),
  'bin',
  'anvil',
);

/** Anvil on `port` with mining on demand, and a loopback proxy in front that counts JSON-RPC calls. */
async function startNode(port, proxyPort) {
  const child = spawn(ANVIL_BIN, ['--host', '127.0.0.1', '--port', String(port), '--no-mining', '--silent'], {
    stdio: 'ignore',
  });
  const target = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 150; i++) {
    const ok = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const counter = { calls: 0 };
  const proxy = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString();
      const parsed = JSON.parse(body);
      counter.calls += Array.isArray(parsed) ? parsed.length : 1;
      const answer = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
    });
  });
  await new Promise((resolve) => proxy.listen(proxyPort, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${proxyPort}`, target, counter, stop: () => (proxy.close(), child.kill()) };
}

const rpc = (url, method, params = []) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  }).then((r) => r.json());

/** BLOCKS blocks of TRANSFERS_PER_BLOCK transfers from anvil's accounts, the first of each to `investor`. */
async function fillBlocks(node, investor) {
  const chain = defineChain({
    id: 31337,
    name: 'anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [node.target] } },
  });
  const senders = Array.from({ length: 10 }, (_, i) =>
    createWalletClient({
      account: mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: i }),
      chain,
      transport: httpTransport(node.target),
    }),
  );
  const nonces = new Array(10).fill(0);
  for (let b = 0; b < BLOCKS; b++) {
    for (let i = 0; i < TRANSFERS_PER_BLOCK; i++) {
      const s = i % 10;
      const to = i === 0 ? investor : `0x${(b * 1000 + i + 1).toString(16).padStart(40, '0')}`;
      await senders[s].sendTransaction({ to, value: parseEther('0.1'), nonce: nonces[s]++, gas: 21000n });
    }
    await rpc(node.target, 'evm_mine');
  }
}

/** One measured pass: `watched` addresses in the table, the cursor before the bench's blocks, one watcher run. */
async function pass(services, client, node, watched, from) {
  await client.query(`DELETE FROM deposit_address WHERE derivation_index > 0`);
  await client.query(
    `INSERT INTO deposit_address (user_id, chain, derivation_index, address)
     SELECT u.id, 'eth', u.n, '0x' || substr(md5('a' || u.n) || md5('b' || u.n), 1, 40)
       FROM (SELECT id, row_number() OVER (ORDER BY email) AS n FROM app_user WHERE email LIKE 'watched%') u
      WHERE u.n < $1::int`,
    [watched],
  );
  await client.query(`ANALYZE deposit_address`);
  await client.query(`DELETE FROM "transaction" WHERE origin = 'CHAIN'`);
  await client.query(`UPDATE chain_cursor SET height = $1, hash = $2 WHERE chain = 'eth'`, [from.height, from.hash]);
  const watcher = services.chains.watchers.get('eth');
  const callsBefore = node.counter.calls;
  const started = performance.now();
  const { result, statements } = await countStatements(() => watcher.run());
  const ms = performance.now() - started;
  return {
    watched,
    blocks: BLOCKS,
    transfersPerBlock: TRANSFERS_PER_BLOCK,
    found: result.recorded,
    msPerBlock: +(ms / BLOCKS).toFixed(1),
    statementsPerBlock: +(statements / BLOCKS).toFixed(1),
    rpcCallsPerBlock: +((node.counter.calls - callsBefore) / BLOCKS).toFixed(1),
  };
}

export async function chainWatch() {
  const url = await freshDatabase(DB);
  const node = await startNode(18545, 18546);
  const seed = mnemonicToSeedSync(ANVIL_MNEMONIC);
  const xpub = HDKey.fromMasterSeed(seed).derive("m/44'/60'/0'").publicExtendedKey;
  const { loadConfig } = dist('kernel/config.js');
  const { createDataSource, connectAndMigrate } = dist('composition/data-source.js');
  const { createLogger } = dist('kernel/logger.js');
  const { createServices } = dist('composition/services.js');
  const config = loadConfig({
    NODE_ENV: 'development',
    DATABASE_URL: url,
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-0123456789',
    DATA_DIR: path.join(ROOT, '.data', 'bench-chain'),
    LOG_LEVEL: 'warn',
    PRICE_FEED_URL: 'off',
    CHAIN_ETH_RPC_URL: node.url,
    CHAIN_ETH_XPUB: xpub,
    CHAIN_ETH_CONFIRMATIONS: '1000',
  });
  const logger = createLogger(config.logLevel);
  const ds = createDataSource(url, logger, config.database);
  const client = new pg.Client({ connectionString: url });
  let services;
  try {
    await connectAndMigrate(ds);
    services = createServices(config, ds, logger);
    await services.queue.start();
    await client.connect();
    await client.query(
      `INSERT INTO app_user (full_name, email, password_hash, country, type, email_verified_at)
       VALUES ('Bench Chain', 'bench-chain@bench.test', 'x', 'GB', 'investor', now())`,
    );
    await client.query(`INSERT INTO account (user_id) SELECT id FROM app_user WHERE email = 'bench-chain@bench.test'`);
    // The other watched addresses' owners (their addresses are made up: nothing pays them).
    await client.query(
      `INSERT INTO app_user (full_name, email, password_hash, country, type, email_verified_at)
       SELECT 'Watched ' || g, 'watched' || g || '@bench.test', 'x', 'GB', 'investor', now()
         FROM generate_series(1, 100000) g`,
    );
    await client.query(
      `INSERT INTO coin_price (coin, symbol, price_usd, change_24h_percent, sparkline, fetched_at)
       VALUES ('ethereum', 'ETH', 2500, 0, '[]'::jsonb, now())`,
    );
    const [{ id }] = (await client.query(`SELECT id FROM app_user WHERE email = 'bench-chain@bench.test'`)).rows;
    const investor = await services.chains.depositAddresses.forInvestor(id, 'ethereum');
    await services.chains.watchers.get('eth').run(); // sets the cursor at the tip
    const from = (await client.query(`SELECT height::int AS height, hash FROM chain_cursor WHERE chain = 'eth'`))
      .rows[0];
    await fillBlocks(node, investor.address);
    const small = await pass(services, client, node, 1_000, from);
    const large = await pass(services, client, node, 100_000, from);
    return [
      small,
      large,
      {
        watched: 'ratio 100,000 / 1,000',
        msPerBlock: +(large.msPerBlock / small.msPerBlock).toFixed(2),
        statementsPerBlock: +(large.statementsPerBlock / small.statementsPerBlock).toFixed(2),
        rpcCallsPerBlock: +(large.rpcCallsPerBlock / small.rpcCallsPerBlock).toFixed(2),
      },
    ];
  } finally {
    await client.end().catch(() => undefined);
    if (services) await services.queue.stop().catch(() => undefined);
    if (ds.isInitialized) await ds.destroy();
    node.stop();
    await dropDatabase(DB);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.table(await chainWatch());
