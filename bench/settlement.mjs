// Settlement at scale (issue 12): 100,000 matured, confirmed deposits over 10,000 accounts, seeded
// with set-based SQL in a fresh database, then settled by one run of the real sweep
// (SettlementService.settleDue from server/dist, not HTTP): settlements per second, SQL statements
// per settlement (the query counter behind Server-Timing), and a check that every bucket still
// equals its ledger. Needs a PostgreSQL server to create a database in (default: the local one at
// 127.0.0.1:5432, user postgres; BENCH_PG_ADMIN_URL to change) and `npm run build` first.
// Investors here turned notification e-mails off (each mail is its own outbox row and job by
// design, which would measure the mail outbox); BENCH_SETTLEMENT_MAILS=1 keeps them on.
import 'reflect-metadata';
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';
import { countStatements, dropDatabase, freshDatabase, ROOT } from './lib.mjs';

const require = createRequire(import.meta.url);
const dist = (p) => require(path.join(ROOT, 'server', 'dist', p));

const DEPOSITS = Number(process.env.BENCH_SETTLEMENT_DEPOSITS || 100_000);
const ACCOUNTS = Number(process.env.BENCH_SETTLEMENT_ACCOUNTS || 10_000);
const MAILS = process.env.BENCH_SETTLEMENT_MAILS === '1';
const DB = 'cryptovest_bench_settlement';

/** Investors, their accounts, and matured confirmed deposits with the ledger entries confirmation wrote. */
async function seed(client) {
  await client.query(
    `INSERT INTO app_user (full_name, email, password_hash, country, type, email_verified_at, email_notifications)
     SELECT 'Bench Investor ' || g, 'settle' || g || '@bench.test', 'x', 'GB', 'investor', now(), $2
       FROM generate_series(1, $1::int) g`,
    [ACCOUNTS, MAILS],
  );
  await client.query(`INSERT INTO account (user_id) SELECT id FROM app_user WHERE type = 'investor'`);
  // Deposit g: investor 1 + g % ACCOUNTS, the plans and coins in turn, cents included, matured
  // between one and a few hours ago (so the sweep takes them oldest first).
  await client.query(
    `WITH u AS (SELECT id, row_number() OVER (ORDER BY email) - 1 AS n FROM app_user WHERE type = 'investor'),
          p AS (SELECT id, name, min_amount, profit_percent, row_number() OVER (ORDER BY sort_order) - 1 AS n FROM plan)
     INSERT INTO "transaction" (user_id, trx_type, status, amount, crypto, plan_id, plan_name, profit_percent,
                                duration_hours, returns_principal, transaction_id, confirmed_at, matures_at, created_at)
     SELECT u.id, 'DEPOSIT', 'CONFIRMED', p.min_amount + (g % 1000) + (g % 100) / 100.0,
            (ARRAY['bitcoin','ethereum','usdt','bnb','litecoin'])[1 + g % 5], p.id, p.name, p.profit_percent,
            24, true, 'bench-' || g,
            now() - interval '25 hours' - make_interval(secs => $1::int - g),
            now() - interval '1 hour' - make_interval(secs => $1::int - g),
            now() - interval '26 hours'
       FROM generate_series(1, $1::int) g
       JOIN u ON u.n = g % $2::int
       JOIN p ON p.n = g % 4`,
    [DEPOSITS, ACCOUNTS],
  );
  // What confirming wrote: investment and the coin up, one entry each, amounts after in order.
  await client.query(
    `WITH c AS (
       SELECT a.id AS account_id, t.id AS transaction_id, t.amount, b.bucket, t.confirmed_at
         FROM "transaction" t JOIN account a ON a.user_id = t.user_id
        CROSS JOIN LATERAL (VALUES ('investment'), (t.crypto)) AS b(bucket))
     INSERT INTO ledger_entry (account_id, bucket, delta, amount_after, reason, transaction_id, note)
     SELECT account_id, bucket, amount,
            sum(amount) OVER (PARTITION BY account_id, bucket ORDER BY confirmed_at, transaction_id),
            'DEPOSIT_CONFIRMED', transaction_id, 'bench seed'
       FROM c ORDER BY confirmed_at, transaction_id, bucket`,
  );
  await client.query(
    `UPDATE account a SET investment = s.investment, bitcoin = s.bitcoin, ethereum = s.ethereum, usdt = s.usdt,
                          bnb = s.bnb, litecoin = s.litecoin
       FROM (SELECT account_id,
                    sum(delta) FILTER (WHERE bucket = 'investment') AS investment,
                    COALESCE(sum(delta) FILTER (WHERE bucket = 'bitcoin'), 0) AS bitcoin,
                    COALESCE(sum(delta) FILTER (WHERE bucket = 'ethereum'), 0) AS ethereum,
                    COALESCE(sum(delta) FILTER (WHERE bucket = 'usdt'), 0) AS usdt,
                    COALESCE(sum(delta) FILTER (WHERE bucket = 'bnb'), 0) AS bnb,
                    COALESCE(sum(delta) FILTER (WHERE bucket = 'litecoin'), 0) AS litecoin
               FROM ledger_entry GROUP BY account_id) s
      WHERE a.id = s.account_id`,
  );
  await client.query('ANALYZE');
}

/** Buckets that differ from the sum of their ledger entries or are negative (the ledger's one invariant query), and settlements per deposit. */
async function check(client) {
  const { ledgerMismatches } = dist('modules/ledger/invariant.js');
  const mismatched = (await ledgerMismatches(client)).length;
  const [{ settled, rows, unsettled }] = (
    await client.query(
      `SELECT count(*) FILTER (WHERE settlement_state = 'SETTLED')::int AS settled,
              (SELECT count(*)::int FROM settlement) AS rows,
              count(*) FILTER (WHERE settlement_state IS DISTINCT FROM 'SETTLED')::int AS unsettled
         FROM "transaction" WHERE trx_type = 'DEPOSIT'`,
    )
  ).rows;
  const [{ twice }] = (
    await client.query(
      `SELECT count(*)::int AS twice FROM (SELECT transaction_id FROM ledger_entry WHERE reason = 'SETTLEMENT_PROFIT'
         AND bucket = 'profit' GROUP BY transaction_id HAVING count(*) > 1) x`,
    )
  ).rows;
  return { mismatched, settled, rows, unsettled, twice };
}

export async function settlementSweep() {
  const url = new URL(await freshDatabase(DB));

  const { loadConfig } = dist('kernel/config.js');
  const { createDataSource, connectAndMigrate } = dist('composition/data-source.js');
  const { createLogger } = dist('kernel/logger.js');
  const { createServices } = dist('composition/services.js');
  const config = loadConfig({
    NODE_ENV: 'development',
    DATABASE_URL: url.toString(),
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-0123456789',
    DATA_DIR: path.join(ROOT, '.data', 'bench-settlement'),
    LOG_LEVEL: 'warn',
    PRICE_FEED_URL: 'off',
    DB_STATEMENT_TIMEOUT_MS: '120000',
  });
  const logger = createLogger(config.logLevel);
  const ds = createDataSource(url.toString(), logger, config.database);
  const client = new pg.Client({ connectionString: url.toString() });
  let services;
  try {
    await connectAndMigrate(ds);
    services = createServices(config, ds, logger);
    await services.queue.start();
    await services.plans.ensureSeeded();
    await client.connect();
    const t0 = performance.now();
    await seed(client);
    const seedSeconds = (performance.now() - t0) / 1000;

    const started = performance.now();
    const { result, statements } = await countStatements(() => services.settlement.settleDue());
    const seconds = (performance.now() - started) / 1000;
    await services.background.idle();
    const checked = await check(client);
    return [
      {
        deposits: DEPOSITS,
        accounts: ACCOUNTS,
        notificationMails: MAILS,
        settled: result.settled,
        held: result.held,
        seconds: +seconds.toFixed(1),
        settlementsPerSecond: Math.round(result.settled / seconds),
        statements,
        statementsPerSettlement: +(statements / result.settled).toFixed(3),
        ledgerEqualsBuckets: checked.mismatched === 0,
        settlementRows: checked.rows,
        unsettled: checked.unsettled,
        paidTwice: checked.twice,
        seedSeconds: +seedSeconds.toFixed(1),
      },
    ];
  } finally {
    await client.end().catch(() => undefined);
    if (services) await services.queue.stop().catch(() => undefined);
    if (ds.isInitialized) await ds.destroy();
    await dropDatabase(DB);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.table(await settlementSweep());
