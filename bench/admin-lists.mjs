// The admin lists under concurrency (issue 15): 20,000 investors with accounts and 200,000
// transactions seeded with set-based SQL in a fresh database on the local PostgreSQL, then one
// admin token (second factor set up over REST) pages through GET /api/transaction/transactions,
// GET /api/account/all and GET /api/user/users with 8 and 32 requests in flight. Reports
// requests/s, p50/p95, CPU per request of the server, of PostgreSQL (the postmaster's process
// tree) and of this load generator, SQL statements per request (Server-Timing) and the most
// connections each pool of the instance held. Needs a PostgreSQL server to create a database in
// (default: the local one at 127.0.0.1:5432, user postgres; BENCH_PG_ADMIN_URL to change).
import { clearInterval, setInterval } from 'node:timers';
import pg from 'pg';
import {
  adminToken,
  operatorEnrolmentCode,
  cpuSeconds,
  dropDatabase,
  freshDatabase,
  load,
  parentPid,
  percentile,
  processTreeCpuSeconds,
  startServer,
} from './lib.mjs';

const USERS = Number(process.env.BENCH_ADMIN_USERS || 20_000);
const TRANSACTIONS = Number(process.env.BENCH_ADMIN_TRANSACTIONS || 200_000);
/** Requests per path and concurrency (3 paths x 2 concurrencies, plus a short warm-up each). */
const REQUESTS = Number(process.env.BENCH_ADMIN_REQUESTS || 400);
const CONCURRENCY = [8, 32];
/** Pages cycled through, 20 rows each: offsets 0 to 980, what an admin clicking "next" reaches. */
const PAGES = 50;
const DB = 'cryptovest_bench_admin_lists';

const PATHS = {
  transactions: '/api/transaction/transactions',
  accounts: '/api/account/all',
  users: '/api/user/users',
};

/**
 * Runs `insert` into `table` as a bulk load: its secondary indexes dropped and rebuilt after, and
 * foreign-key checks off for the session (the seed's rows are consistent by construction). Ten
 * million transactions load in a fraction of the time row-by-row index and FK upkeep takes.
 */
async function bulkLoad(client, table, insert) {
  const { rows } = await client.query(
    `SELECT indexname, indexdef FROM pg_indexes i
      WHERE tablename = $1 AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    [table],
  );
  for (const { indexname } of rows) await client.query(`DROP INDEX ${indexname}`);
  await client.query('SET session_replication_role = replica');
  try {
    await insert();
  } finally {
    await client.query('RESET session_replication_role');
    for (const { indexdef } of rows) await client.query(indexdef);
  }
}

/**
 * `users` investors over the last year, their accounts, and `transactions` deposits and withdrawals
 * over the year before today (also used by admin-scale.mjs at a million users).
 */
export async function seed(client, users = USERS, transactions = TRANSACTIONS) {
  await client.query(
    `INSERT INTO app_user (full_name, email, password_hash, country, type, email_verified_at, created_at)
     SELECT 'Bench Investor ' || g, 'lists' || g || '@bench.test', 'x',
            (ARRAY['GB','US','NO','DE','FR','NG','GH','KE','ZA','IN'])[1 + g % 10], 'investor', now(),
            now() - interval '400 days' + make_interval(secs => g * (30000000.0 / $1::int))
       FROM generate_series(1, $1::int) g`,
    [users],
  );
  await client.query(
    `INSERT INTO account (user_id, balance, investment)
     SELECT id, (abs(hashtext(id::text)) % 100000) / 100.0, (abs(hashtext(email)) % 50000) / 10.0
       FROM app_user WHERE type = 'investor'`,
  );
  await bulkLoad(client, 'transaction', async () => {
    // One in five a withdrawal; one in seven pending, one in eleven declined, the rest confirmed.
    // Everything is at least two days old, so confirmed deposits (24-hour plans) are already settled
    // and the minute sweep finds nothing to do while the bench runs.
    await client.query(
      `WITH u AS (SELECT id, row_number() OVER (ORDER BY email) - 1 AS n FROM app_user WHERE type = 'investor'),
            p AS (SELECT id, name, min_amount, profit_percent, duration_hours, returns_principal,
                         row_number() OVER (ORDER BY sort_order) - 1 AS n FROM plan),
            t AS (SELECT g, CASE WHEN g % 5 = 0 THEN 'WITHDRAWAL' ELSE 'DEPOSIT' END AS kind,
                         CASE WHEN g % 7 = 0 THEN 'PENDING' WHEN g % 11 = 0 THEN 'DECLINED' ELSE 'CONFIRMED' END AS status,
                         now() - interval '2 days' - make_interval(secs => g * (31000000.0 / $1::int)) AS at
                    FROM generate_series(1, $1::int) g)
       INSERT INTO "transaction" (user_id, trx_type, status, amount, crypto, plan_id, plan_name, profit_percent,
                                  duration_hours, returns_principal, transaction_id, wallet, confirmed_at, matures_at,
                                  settled_at, settlement_state, created_at, updated_at)
       SELECT u.id, t.kind, t.status,
              CASE WHEN t.kind = 'DEPOSIT' THEN p.min_amount + t.g % 1000 ELSE 50 + t.g % 500 END,
              (ARRAY['bitcoin','ethereum','usdt','bnb','litecoin'])[1 + t.g % 5],
              d.plan_id, d.plan_name, d.profit_percent, d.duration_hours, d.returns_principal,
              CASE WHEN t.kind = 'DEPOSIT' THEN 'bench-' || t.g END,
              CASE WHEN t.kind = 'WITHDRAWAL' THEN 'bench-address-' || t.g END,
              c.confirmed_at, c.matures_at, c.matures_at, CASE WHEN c.matures_at IS NOT NULL THEN 'SETTLED' END,
              t.at, t.at
         FROM t
         JOIN u ON u.n = t.g % $2::int
         JOIN p ON p.n = t.g % 4
        CROSS JOIN LATERAL (SELECT CASE WHEN t.kind = 'DEPOSIT' THEN p.id END AS plan_id,
                                   CASE WHEN t.kind = 'DEPOSIT' THEN p.name END AS plan_name,
                                   CASE WHEN t.kind = 'DEPOSIT' THEN p.profit_percent END AS profit_percent,
                                   CASE WHEN t.kind = 'DEPOSIT' THEN p.duration_hours END AS duration_hours,
                                   CASE WHEN t.kind = 'DEPOSIT' THEN p.returns_principal END AS returns_principal) d
        CROSS JOIN LATERAL (SELECT CASE WHEN t.status = 'CONFIRMED' THEN t.at + interval '1 hour' END AS confirmed_at,
                                   CASE WHEN t.status = 'CONFIRMED' AND t.kind = 'DEPOSIT'
                                        THEN t.at + interval '1 hour' + make_interval(hours => p.duration_hours) END
                                     AS matures_at) c`,
      [transactions, users],
    );
  });
  await client.query('VACUUM ANALYZE');
}

/**
 * Samples pg_stat_activity every 100 ms while running: the most client connections per
 * application_name, and the most parallel workers (they count against max_worker_processes, not
 * max_connections, but are processes PostgreSQL starts for one query).
 */
function connectionSampler(client) {
  const most = {};
  let busy = false;
  const timer = setInterval(async () => {
    if (busy) return;
    busy = true;
    try {
      const { rows } = await client.query(
        `SELECT CASE WHEN backend_type = 'parallel worker' THEN 'parallel workers'
                     ELSE coalesce(nullif(application_name, ''), backend_type) END AS app, count(*)::int AS n
           FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid()
            AND backend_type IN ('client backend', 'parallel worker')
          GROUP BY 1`,
      );
      for (const { app, n } of rows) most[app] = Math.max(most[app] ?? 0, n);
    } finally {
      busy = false;
    }
  }, 100);
  return {
    stop() {
      clearInterval(timer);
      return Object.entries(most)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([app, n]) => `${app} ${n}`)
        .join(', ');
    },
  };
}

export async function adminLists() {
  const url = new URL(await freshDatabase(DB));

  const server = await startServer(4398, {
    DATABASE_URL: url.toString(),
    ADMIN_EMAIL: 'bench-admin@bench.test',
    ADMIN_PASSWORD: 'bench-admin-pass',
    SERVER_TIMING: 'true',
    RATE_LIMIT_IP_HOURLY: '1000000',
    PRICE_FEED_URL: 'off',
  });
  const db = new pg.Client({ connectionString: url.toString(), application_name: 'bench' });
  await db.connect();
  try {
    const t0 = performance.now();
    await seed(db, USERS, TRANSACTIONS);
    const seedSeconds = +((performance.now() - t0) / 1000).toFixed(1);
    const ownBackend = (await db.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
    const postmaster = parentPid(ownBackend);
    const token = await adminToken(server.base, 'bench-admin@bench.test', 'bench-admin-pass', {
      enrolmentCode: async () => operatorEnrolmentCode(url.toString(), 'bench-admin@bench.test'),
    });
    const headers = { authorization: `Bearer ${token}` };

    const rows = [];
    for (const [name, path] of Object.entries(PATHS)) {
      for (const inFlight of CONCURRENCY) {
        let page = 0;
        const ask = () => fetch(`${server.base}${path}?page=${(page++ % PAGES) + 1}`, { headers });
        await load(ask, 50, inFlight); // warm up
        const statements = new Set();
        const count = (res) => statements.add(Number(/(\d+) queries/.exec(res.headers.get('server-timing'))?.[1]));
        const sampler = connectionSampler(db);
        const before = {
          server: cpuSeconds(server.pid),
          postgres: processTreeCpuSeconds(postmaster) - cpuSeconds(ownBackend),
          bench: process.cpuUsage(),
        };
        const started = performance.now();
        const latencies = await load(ask, REQUESTS, inFlight, count);
        const seconds = (performance.now() - started) / 1000;
        const used = {
          server: cpuSeconds(server.pid) - before.server,
          postgres: processTreeCpuSeconds(postmaster) - cpuSeconds(ownBackend) - before.postgres,
          bench: Object.values(process.cpuUsage(before.bench)).reduce((a, b) => a + b, 0) / 1e6,
        };
        const connections = sampler.stop();
        const perRequestMs = (s) => +((s / REQUESTS) * 1000).toFixed(2);
        rows.push({
          list: name,
          inFlight,
          requests: REQUESTS,
          perSecond: Math.round(REQUESTS / seconds),
          p50Ms: +percentile(latencies, 50).toFixed(1),
          p95Ms: +percentile(latencies, 95).toFixed(1),
          serverCpuMs: perRequestMs(used.server),
          postgresCpuMs: perRequestMs(used.postgres),
          benchCpuMs: perRequestMs(used.bench),
          sqlStatements: [...statements].sort((a, b) => a - b).join(' or '),
          connections,
        });
      }
    }
    return rows.map((r) => ({ ...r, users: USERS, transactions: TRANSACTIONS, seedSeconds }));
  } finally {
    await db.end();
    await server.stop();
    await dropDatabase(DB);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.table(await adminLists());
