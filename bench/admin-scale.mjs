// Admin lists at scale (issue 16): 1,000,000 investors and 10,000,000 transactions seeded with
// set-based SQL (admin-lists.mjs's seed), then one admin, warm, asks for each list's first and
// deep pages, a filtered list, a sorted list and a search through the real server (REST), one
// request at a time. Reports p50/p95 per case (goal: p95 <= 50 ms) and the plan of each case's
// page statement (EXPLAIN ANALYZE of the SQL the services send, mirrored below).
// Seeding takes minutes: BENCH_SCALE_KEEP=1 keeps the database and reuses it on the next run.
import pg from 'pg';
import { seed } from './admin-lists.mjs';
import { adminToken, operatorEnrolmentCode, dropDatabase, freshDatabase, percentile, startServer } from './lib.mjs';

const USERS = Number(process.env.BENCH_SCALE_USERS || 1_000_000);
const TRANSACTIONS = Number(process.env.BENCH_SCALE_TRANSACTIONS || 10_000_000);
const REQUESTS = Number(process.env.BENCH_SCALE_REQUESTS || 40);
const KEEP = process.env.BENCH_SCALE_KEEP === '1';
const DB = 'cryptovest_bench_admin_scale';

/** What an admin asks for; `explain` names the mirrored statement of the page (see PLANS). */
const CASES = [
  { name: 'transactions page 1', path: '/api/transaction/transactions?page=1' },
  { name: 'transactions page 500', path: '/api/transaction/transactions?page=500' },
  { name: 'transactions page 5000', path: '/api/transaction/transactions?page=5000' },
  { name: 'transactions PENDING page 500', path: '/api/transaction/transactions?page=500&status=PENDING' },
  { name: 'transactions by amount page 500', path: '/api/transaction/transactions?page=500&sortBy=AMOUNT' },
  { name: 'transactions search page 1', path: '/api/transaction/transactions?page=1&search=bench%20investor%204242' },
  { name: 'transactions search page 20', path: '/api/transaction/transactions?page=20&search=bench%20investor%204242' },
  { name: 'accounts page 1', path: '/api/account/all?page=1' },
  { name: 'accounts page 1000', path: '/api/account/all?page=1000' },
  { name: 'accounts by balance page 1000', path: '/api/account/all?page=1000&sortBy=BALANCE' },
  { name: 'accounts search', path: '/api/account/all?page=1&search=bench%20investor%204242' },
  { name: 'users page 1', path: '/api/user/users?page=1' },
  { name: 'users page 1000', path: '/api/user/users?page=1000' },
  { name: 'users search', path: '/api/user/users?page=1&search=lists4242' },
  { name: 'users by name page 1', path: '/api/user/users?page=1&sortBy=name' },
  { name: 'users by name page 1000', path: '/api/user/users?page=1000&sortBy=name' },
  // Next pages as the admin tables ask for them: `after` the cursor of the page before (keyset).
  { name: 'transactions page 5000, next by cursor', path: '/api/transaction/transactions?page=5000', after: 4999 },
  { name: 'transactions page 50000, next by cursor', path: '/api/transaction/transactions?page=50000', after: 49999 },
  {
    name: 'accounts by balance page 1000, next by cursor',
    path: '/api/account/all?page=1000&sortBy=BALANCE',
    after: 999,
  },
  { name: 'users page 1000, next by cursor', path: '/api/user/users?page=1000', after: 999 },
  { name: 'users by name page 1000, next by cursor', path: '/api/user/users?page=1000&sortBy=name', after: 999 },
];

/** The path of a case: with `after`, the cursor of that page (asked for once, by number). */
async function casePath(base, headers, c) {
  if (!c.after) return c.path;
  const before = c.path.replace(/page=\d+/, `page=${c.after}`);
  const res = await fetch(`${base}${before}`, { headers });
  const { meta } = await res.json();
  if (!meta?.nextCursor) throw new Error(`${before}: no nextCursor`);
  return `${c.path}&after=${encodeURIComponent(meta.nextCursor)}`;
}

/** Seeds the database unless a kept one is already seeded; returns its URL and the seeding time. */
async function prepare() {
  const admin = new pg.Client({ connectionString: process.env.BENCH_PG_ADMIN_URL });
  await admin.connect();
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DB])).rowCount > 0;
  await admin.end();
  const url = new URL(process.env.BENCH_PG_ADMIN_URL);
  url.pathname = `/${DB}`;
  if (KEEP && exists) {
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM "transaction"`).catch(() => ({ rows: [{ n: 0 }] }));
    // The last run's admin enrolled an authenticator; the bench signs in by enrolling again.
    await db.query(
      `DELETE FROM totp_factor WHERE user_id IN (SELECT id FROM app_user WHERE email = 'scale-admin@bench.test')`,
    );
    await db.end();
    if (rows[0].n === TRANSACTIONS) return { url: url.toString(), seedSeconds: 0, seeded: false };
  }
  return { url: await freshDatabase(DB), seedSeconds: null, seeded: true };
}

export async function adminScale() {
  const prepared = await prepare();
  const server = await startServer(4399, {
    DATABASE_URL: prepared.url,
    ADMIN_EMAIL: 'scale-admin@bench.test',
    ADMIN_PASSWORD: 'scale-admin-pass',
    SERVER_TIMING: 'true',
    RATE_LIMIT_IP_HOURLY: '1000000',
    PRICE_FEED_URL: 'off',
  });
  const db = new pg.Client({ connectionString: prepared.url, application_name: 'bench' });
  await db.connect();
  try {
    if (prepared.seeded) {
      const t0 = performance.now();
      await seed(db, USERS, TRANSACTIONS);
      prepared.seedSeconds = +((performance.now() - t0) / 1000).toFixed(1);
    }
    const token = await adminToken(server.base, 'scale-admin@bench.test', 'scale-admin-pass', {
      enrolmentCode: async () => operatorEnrolmentCode(prepared.url, 'scale-admin@bench.test'),
    });
    const headers = { authorization: `Bearer ${token}` };
    const rows = [];
    for (const c of CASES) {
      const path = await casePath(server.base, headers, c);
      const ask = async () => {
        const started = performance.now();
        const res = await fetch(`${server.base}${path}`, { headers });
        const body = await res.json();
        if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
        return { ms: performance.now() - started, body, timing: res.headers.get('server-timing') };
      };
      for (let i = 0; i < 3; i += 1) await ask(); // warm: caches, plans
      const latencies = [];
      let last;
      for (let i = 0; i < REQUESTS; i += 1) {
        last = await ask();
        latencies.push(last.ms);
      }
      const meta = last.body.meta ?? {};
      rows.push({
        case: c.name,
        rows: (last.body.data ?? []).length,
        total: meta.totalCapped ? `${meta.total}+` : meta.total,
        p50Ms: +percentile(latencies, 50).toFixed(1),
        p95Ms: +percentile(latencies, 95).toFixed(1),
        pass: percentile(latencies, 95) <= 50,
        sql: Number(/(\d+) queries/.exec(last.timing)?.[1]),
      });
    }
    const plans = await explainPages(db);
    return rows
      .map((r) => ({ ...r, users: USERS, transactions: TRANSACTIONS, seedSeconds: prepared.seedSeconds }))
      .concat(plans);
  } finally {
    await db.end();
    await server.stop();
    if (!KEEP) await dropDatabase(DB);
  }
}

const NAME = `(lower("u"."full_name") LIKE $1 OR reverse(lower("u"."full_name")) LIKE $2)`;
const NAME_PARAMS = ['bench investor 4242%', '2424 rotsevni hcneb%'];
const TX_ORDER = `ORDER BY "t"."created_at" DESC, "t"."id" DESC`;
const USER_ORDER = `ORDER BY "u"."created_at" DESC, "u"."id" DESC`;
const TX_KEYSET = `WHERE ("t"."created_at", "t"."id") < (CAST($1 AS timestamptz), CAST($2 AS uuid))`;
/**
 * The statement that finds each case's page (db/capped-page.ts idsFirst), as the services send it
 * (TypeORM's output, copied): the one whose cost grows with the offset and the data.
 */
const PLANS = [
  [
    'transactions page 500',
    `SELECT "t"."id", ("t"."created_at")::text AS k FROM "transaction" "t" ${TX_ORDER} LIMIT 21 OFFSET 9980`,
    [],
  ],
  [
    'transactions page 5000',
    `SELECT "t"."id", ("t"."created_at")::text AS k FROM "transaction" "t" ${TX_ORDER} LIMIT 21 OFFSET 99980`,
    [],
  ],
  [
    'transactions PENDING page 500',
    `SELECT "t"."id", ("t"."created_at")::text AS k FROM "transaction" "t" WHERE "t"."status" = $1 ${TX_ORDER} LIMIT 21 OFFSET 9980`,
    ['PENDING'],
  ],
  [
    'transactions by amount page 500',
    `SELECT "t"."id", ("t"."amount")::text AS k FROM "transaction" "t" ORDER BY "t"."amount" DESC, "t"."id" DESC LIMIT 21 OFFSET 9980`,
    [],
  ],
  [
    'transactions search page 20',
    `SELECT "t"."id", ("t"."created_at")::text AS k FROM "transaction" "t" INNER JOIN "app_user" "u" ON "u"."id"="t"."user_id" WHERE ${NAME} ${TX_ORDER} LIMIT 21 OFFSET 380`,
    NAME_PARAMS,
  ],
  [
    'accounts page 1000',
    `SELECT "a"."id", ("a"."created_at")::text AS k FROM "account" "a" ORDER BY "a"."created_at" DESC, "a"."id" DESC LIMIT 21 OFFSET 19980`,
    [],
  ],
  [
    'accounts by balance page 1000',
    `SELECT "a"."id", ("a"."balance")::text AS k FROM "account" "a" ORDER BY "a"."balance" DESC, "a"."id" DESC LIMIT 21 OFFSET 19980`,
    [],
  ],
  [
    'accounts search',
    `SELECT "a"."id", ("a"."created_at")::text AS k FROM "account" "a" INNER JOIN "app_user" "u" ON "u"."id"="a"."user_id" WHERE (lower("u"."full_name") LIKE $1 OR "u"."email" LIKE $1 OR lower("u"."country") LIKE $1 OR reverse(lower("u"."full_name")) LIKE $2) ORDER BY "a"."created_at" DESC, "a"."id" DESC LIMIT 21`,
    NAME_PARAMS,
  ],
  [
    'users page 1000',
    `SELECT "u"."id", ("u"."created_at")::text AS k FROM "app_user" "u" ${USER_ORDER} LIMIT 21 OFFSET 19980`,
    [],
  ],
  [
    'users by name page 1000',
    `SELECT "u"."id", (lower("u"."full_name"))::text AS k FROM "app_user" "u" ORDER BY lower("u"."full_name") ASC, "u"."id" ASC LIMIT 21 OFFSET 19980`,
    [],
  ],
  [
    'transactions page 50000, next by cursor',
    `SELECT "t"."id", ("t"."created_at")::text AS k FROM "transaction" "t" ${TX_KEYSET} ${TX_ORDER} LIMIT 21`,
    // The last row of page 49,999: where its next page starts.
    (db) =>
      db
        .query(
          `SELECT created_at::text AS k, id FROM "transaction" ${TX_ORDER.replaceAll('"t".', '')} OFFSET 999979 LIMIT 1`,
        )
        .then(({ rows: [r] }) => [r.k, r.id]),
  ],
];

/** EXPLAIN ANALYZE of each PLANS statement, one row each (the plan's lines joined by " | "). */
async function explainPages(db) {
  const rows = [];
  for (const [name, sql, given] of PLANS) {
    const params = typeof given === 'function' ? await given(db) : given;
    const { rows: lines } = await db.query(`EXPLAIN (ANALYZE, COSTS OFF) ${sql}`, params);
    rows.push({ case: `EXPLAIN ${name}`, plan: lines.map((l) => l['QUERY PLAN'].trim()).join(' | ') });
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.env.BENCH_PG_ADMIN_URL ||= 'postgres://postgres@127.0.0.1:5432/postgres';
  console.table(await adminScale());
}
