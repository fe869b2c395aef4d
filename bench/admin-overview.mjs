// The admin overview at scale (issue 38): 1,000,000 investors and 10,000,000 transactions seeded
// with admin-lists.mjs's set-based seed (a year of deposits and withdrawals: one in seven pending,
// one in eleven declined, confirmed deposits settled), plus running deposits maturing over the next
// 30 days and matured ones waiting for an admin (INSERT ... SELECT generate_series). One admin then
// asks for `adminOverview` over GraphQL through the real server, one request at a time, for a
// 7-, 30-, 90- and 366-day series (sums of the running totals in overview_total): p50/p95 per range, SQL statements per request (Server-Timing),
// then EXPLAIN (ANALYZE, BUFFERS) of the very statement the service sends (built server), and the
// sizes of the tables and of the overview's indexes. Scale: BENCH_OVERVIEW_USERS,
// BENCH_OVERVIEW_TRANSACTIONS, BENCH_OVERVIEW_RUNNING, BENCH_OVERVIEW_REQUESTS; BENCH_OVERVIEW_KEEP=1
// keeps the seeded database for the next run.
import pg from 'pg';
import { seed } from './admin-lists.mjs';
import { adminToken, dropDatabase, freshDatabase, operatorEnrolmentCode, percentile, startServer } from './lib.mjs';

const USERS = Number(process.env.BENCH_OVERVIEW_USERS || 1_000_000);
const TRANSACTIONS = Number(process.env.BENCH_OVERVIEW_TRANSACTIONS || 10_000_000);
/** Running deposits maturing over the next 30 days (default: one in fifty transactions). */
const RUNNING = Number(process.env.BENCH_OVERVIEW_RUNNING || Math.round(TRANSACTIONS / 50));
/** Matured deposits waiting for an admin (DUE or HELD). */
const WAITING = Math.max(1, Math.round(RUNNING / 100));
const REQUESTS = Number(process.env.BENCH_OVERVIEW_REQUESTS || 20);
const KEEP = process.env.BENCH_OVERVIEW_KEEP === '1';
const DB = 'cryptovest_bench_overview';
const ADMIN = { email: 'overview-admin@bench.test', password: 'overview-admin-pass' };
const RANGES = [7, 30, 90, 366];

const QUERY = `query Overview($days: Int) { adminOverview(days: $days) {
  asOf from to assetsUnderManagement balancesOwed
  pendingDeposits { count sum } pendingWithdrawals { count sum } dueForSettlement { count sum payout }
  newInvestors { thisWeek lastWeek }
  flows { day deposits depositSum withdrawals withdrawalSum }
  flowTotals { deposits depositSum withdrawals withdrawalSum }
  obligations { day count principal profit total } obligationsTotal } }`;

/**
 * Running deposits (confirmed in the last day, maturing evenly over the next 30 days, one in three
 * keeping its principal) and deposits past their term that wait for an admin, set-based.
 */
async function seedRunning(client) {
  await client.query(
    `WITH u AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM app_user WHERE type = 'investor'),
          p AS (SELECT id, name, min_amount, profit_percent, row_number() OVER (ORDER BY sort_order) - 1 AS n FROM plan),
          g AS (SELECT g, g <= $2::int AS waiting FROM generate_series(1, $1::int + $2::int) g)
     INSERT INTO "transaction" (user_id, trx_type, status, amount, crypto, plan_id, plan_name, profit_percent,
                                duration_hours, returns_principal, transaction_id, confirmed_at, matures_at,
                                settlement_state, created_at, updated_at)
     SELECT u.id, 'DEPOSIT', 'CONFIRMED', p.min_amount + g.g % 1000, 'bitcoin', p.id, p.name, p.profit_percent,
            720, g.g % 3 <> 0, 'bench-running-' || g.g, m.at - interval '720 hours', m.at,
            CASE WHEN g.waiting THEN (ARRAY['DUE','HELD'])[1 + g.g % 2] END,
            m.at - interval '721 hours', m.at - interval '720 hours'
       FROM g
       JOIN u ON u.n = g.g % (SELECT count(*) FROM u)
       JOIN p ON p.n = g.g % 4
      CROSS JOIN LATERAL (SELECT CASE WHEN g.waiting THEN now() - make_interval(secs => 60 + g.g * 10)
                                      ELSE now() + make_interval(secs => 60 + g.g * (2592000.0 / $1::int)) END AS at) m`,
    [RUNNING, WAITING],
  );
  await client.query('VACUUM ANALYZE "transaction"');
}

/** Seeds the database unless a kept one is already seeded at this scale; its URL and the seeding time. */
async function prepare() {
  const url = new URL(process.env.BENCH_PG_ADMIN_URL);
  url.pathname = `/${DB}`;
  if (KEEP) {
    const db = new pg.Client({ connectionString: url.toString() });
    const rows = await db
      .connect()
      .then(() => db.query(`SELECT count(*)::int AS n FROM "transaction"`))
      .then((r) => r.rows)
      .catch(() => [{ n: 0 }]);
    if (rows[0].n === TRANSACTIONS + RUNNING + WAITING) {
      await db.query(`DELETE FROM totp_factor WHERE user_id IN (SELECT id FROM app_user WHERE email = $1)`, [
        ADMIN.email,
      ]);
      await db.end();
      return { url: url.toString(), seedSeconds: 0, seeded: false };
    }
    await db.end().catch(() => undefined);
  }
  return { url: await freshDatabase(DB), seedSeconds: null, seeded: true };
}

/** Sizes of the tables the overview reads and of the indexes it uses (pg_relation_size, MB). */
async function sizes(db) {
  const { rows } = await db.query(
    `SELECT c.relname AS name, round(pg_relation_size(c.oid) / 1048576.0, 1) AS mb
       FROM pg_class c
      WHERE c.relname IN ('transaction', 'account', 'app_user', 'overview_total',
                          'ix_overview_total_figure', 'ix_transaction_maturing', 'ix_transaction_settlement_queue',
                          'ix_app_user_created')
      ORDER BY pg_relation_size(c.oid) DESC`,
  );
  return Object.fromEntries(rows.map((r) => [r.name, Number(r.mb)]));
}

/** EXPLAIN (ANALYZE, BUFFERS) of the statement the service sends for `days`: total ms and the plan's lines. */
async function explain(db, days) {
  const { overviewStatement } = await import('../server/dist/modules/overview/index.js');
  const { sql, params } = overviewStatement({ days }, new Date());
  await db.query('SET jit = off'); // as the app's own connections (server/src/composition/data-source.ts)
  const { rows } = await db.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`, params);
  const lines = rows.map((l) => l['QUERY PLAN']);
  return {
    case: `EXPLAIN ${days} days`,
    executionMs: Number(/Execution Time: ([\d.]+)/.exec(lines.join('\n'))?.[1]),
    seqScans: lines.filter((l) => /Seq Scan/.test(l)).map((l) => l.trim()),
    plan: lines.map((l) => l.trim()).join(' | '),
  };
}

export async function adminOverview() {
  const prepared = await prepare();
  const server = await startServer(4398, {
    DATABASE_URL: prepared.url,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SERVER_TIMING: 'true',
    RATE_LIMIT_IP_HOURLY: '1000000',
    PRICE_FEED_URL: 'off',
    SETTLEMENT_MODE: 'review',
  });
  const db = new pg.Client({ connectionString: prepared.url, application_name: 'bench' });
  await db.connect();
  try {
    if (prepared.seeded) {
      const t0 = performance.now();
      await seed(db, USERS, TRANSACTIONS);
      // The bulk load ran with triggers off: count the overview's running totals once, as their migration does.
      const { OVERVIEW_TOTALS_BACKFILL_SQL } =
        await import('../server/dist/composition/migrations/1766124060000-OverviewTotals.js');
      await db.query(`TRUNCATE overview_total`);
      await db.query(OVERVIEW_TOTALS_BACKFILL_SQL);
      await seedRunning(db);
      prepared.seedSeconds = +((performance.now() - t0) / 1000).toFixed(1);
    }
    const token = await adminToken(server.base, ADMIN.email, ADMIN.password, {
      enrolmentCode: async () => operatorEnrolmentCode(prepared.url, ADMIN.email),
    });
    const rows = [];
    for (const days of RANGES) {
      const ask = async () => {
        const started = performance.now();
        const res = await fetch(`${server.base}/graphql`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ query: QUERY, variables: { days } }),
        });
        const body = await res.json();
        if (!res.ok || body.errors) throw new Error(`adminOverview(${days}): ${res.status} ${JSON.stringify(body)}`);
        return { ms: performance.now() - started, body, timing: res.headers.get('server-timing') };
      };
      for (let i = 0; i < 3; i += 1) await ask(); // warm: caches, plans
      const latencies = [];
      let last;
      for (let i = 0; i < REQUESTS; i += 1) {
        last = await ask();
        latencies.push(last.ms);
      }
      const o = last.body.data.adminOverview;
      rows.push({
        case: `adminOverview(days: ${days})`,
        p50Ms: +percentile(latencies, 50).toFixed(1),
        p95Ms: +percentile(latencies, 95).toFixed(1),
        sql: Number(/(\d+) queries/.exec(last.timing)?.[1]),
        flowDays: o.flows.length,
        confirmedInRange: o.flowTotals.deposits + o.flowTotals.withdrawals,
        pending: o.pendingDeposits.count + o.pendingWithdrawals.count,
        due: o.dueForSettlement.count,
        maturing30d: o.obligations.reduce((n, d) => n + d.count, 0),
      });
    }
    const stats = { users: USERS, transactions: TRANSACTIONS + RUNNING + WAITING, seedSeconds: prepared.seedSeconds };
    const explained = [];
    for (const days of [30, 366]) explained.push(await explain(db, days));
    return rows.map((r) => ({ ...r, ...stats })).concat(explained, [{ case: 'sizes (MB)', ...(await sizes(db)) }]);
  } finally {
    await db.end();
    await server.stop();
    if (!KEEP) await dropDatabase(DB);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.env.BENCH_PG_ADMIN_URL ||= 'postgres://postgres@127.0.0.1:5432/postgres';
  console.table(await adminOverview());
}
