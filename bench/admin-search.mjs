// Admin users search over 1,000,000 users: p50/p95 per page of GET /api/user/users for a name
// prefix, a name suffix, an e-mail prefix and a country, through the real server, plus the
// query plans (EXPLAIN ANALYZE) proving index use. Needs a PostgreSQL server to create a database
// in (default: the local one at 127.0.0.1:5432, user postgres; BENCH_PG_ADMIN_URL to change).
import pg from 'pg';
import {
  adminToken,
  operatorEnrolmentCode,
  dropDatabase,
  freshDatabase,
  load,
  percentile,
  startServer,
} from './lib.mjs';

const USERS = Number(process.env.BENCH_SEARCH_USERS || 1_000_000);
const REQUESTS = Number(process.env.BENCH_SEARCH_REQUESTS || 200);
const DB = 'cryptovest_bench_search';

/** The searches an admin types, one per rule of SPEC §2. */
const SEARCHES = { namePrefix: 'marg', nameSuffix: 'ttersen', emailPrefix: 'user4242', country: 'no' };

/** Same condition and order as UserService.list (userSearchCondition with USERS_SEARCH). */
const PAGE_SQL = `SELECT id, full_name, email, country FROM app_user u
  WHERE (lower(u.full_name) LIKE $1 OR u.email LIKE $1 OR lower(u.country) LIKE $1 OR reverse(lower(u.full_name)) LIKE $2)
  ORDER BY u.created_at DESC, u.id LIMIT 20`;
/** The page's count, capped as cappedPage does (server/src/db/capped-page.ts). */
const COUNT_SQL = `SELECT count(*) FROM (SELECT 1 FROM app_user u
  WHERE (lower(u.full_name) LIKE $1 OR u.email LIKE $1 OR lower(u.country) LIKE $1 OR reverse(lower(u.full_name)) LIKE $2)
  LIMIT 1001) capped`;

/** Fills app_user with USERS investors: varied first/last names, e-mails and 40 countries. */
async function seed(client) {
  await client.query(
    `
    INSERT INTO app_user (full_name, email, password_hash, country, type, email_verified_at, created_at)
    SELECT f.first || ' ' || l.last,
           'user' || g || '@bench.test',
           'x',
           (ARRAY['GB','US','NO','DE','FR','NG','GH','KE','ZA','IN','PK','BD','PH','ID','BR','MX','AR','CO','CA','AU',
                  'NZ','IE','ES','IT','PT','NL','BE','SE','DK','FI','PL','CZ','AT','CH','TR','EG','MA','AE','SA','JP'])[1 + g % 40],
           'investor', now(), now() - (g || ' seconds')::interval
      FROM generate_series(1, $1::int) g
      CROSS JOIN LATERAL (SELECT (ARRAY['Ada','Grace','Margaret','Alan','Linus','Ken','Barbara','Edsger','Donald','Frances',
                  'John','Mary','Ola','Kari','Chidi','Amina','Priya','Wei','Sofia','Lucas'])[1 + (g * 7) % 20] AS first) f
      CROSS JOIN LATERAL (SELECT (ARRAY['Lovelace','Hopper','Hamilton','Turing','Torvalds','Thompson','Liskov','Dijkstra',
                  'Knuth','Allen','Smith','Johnson','Nordmann','Pettersen','Okafor','Bello','Sharma','Zhang','Rossi','Silva']
                  )[1 + (g * 13 + g / 20) % 20] AS last) l`,
    [USERS],
  );
  await client.query('ANALYZE app_user');
}

export async function adminSearch() {
  const url = new URL(await freshDatabase(DB));

  const server = await startServer(4396, {
    DATABASE_URL: url.toString(),
    ADMIN_EMAIL: 'bench-admin@bench.test',
    ADMIN_PASSWORD: 'bench-admin-pass',
    RATE_LIMIT_IP_HOURLY: '1000000',
    PRICE_FEED_URL: 'off',
  });
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  try {
    const t0 = performance.now();
    await seed(db);
    const seedSeconds = ((performance.now() - t0) / 1000).toFixed(1);
    const token = await adminToken(server.base, 'bench-admin@bench.test', 'bench-admin-pass', {
      enrolmentCode: async () => operatorEnrolmentCode(url.toString(), 'bench-admin@bench.test'),
    });
    const rows = [];
    for (const [rule, text] of Object.entries(SEARCHES)) {
      const url = `${server.base}/api/user/users?limit=20&search=${encodeURIComponent(text)}`;
      const ask = () => fetch(url, { headers: { authorization: `Bearer ${token}` } });
      const first = await (await ask()).json();
      await load(ask, 20, 4); // warm up
      const latencies = await load(ask, REQUESTS, 1); // one admin paging through results
      const busy = await load(ask, REQUESTS, 4); // four admins at once on this 2-core machine
      const params = [`${text}%`, `${[...text].reverse().join('')}%`];
      const plans = [];
      for (const sql of [PAGE_SQL, COUNT_SQL]) {
        // As cappedPage does for the count: index scans only (SET LOCAL inside its transaction).
        if (sql === COUNT_SQL) await db.query('SET enable_seqscan = off');
        const plan = (await db.query(`EXPLAIN (ANALYZE, COSTS OFF) ${sql}`, params)).rows
          .map((r) => r['QUERY PLAN'])
          .join('\n');
        await db.query('RESET enable_seqscan');
        plans.push(plan);
      }
      const plan = plans.join('\n');
      rows.push({
        rule,
        search: text,
        matches: first.meta.totalCapped ? `${first.meta.total}+` : first.meta.total,
        p50Ms: +percentile(latencies, 50).toFixed(1),
        p95Ms: +percentile(latencies, 95).toFixed(1),
        p95MsAt4Admins: +percentile(busy, 95).toFixed(1),
        goalMs: 50,
        seqScan: /Seq Scan/.test(plan),
        indexes: [...new Set(plan.match(/ix_app_user_\w+|uq_app_user_\w+/g) ?? [])].join(' '),
        seedSeconds,
      });
      if (process.env.BENCH_SHOW_PLANS) console.log(`-- ${rule}\n${plan}\n`);
    }
    return rows;
  } finally {
    await db.end();
    await server.stop();
    await dropDatabase(DB);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.table(await adminSearch());
