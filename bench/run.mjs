// `npm run bench`: runs every benchmark (or those named in BENCH_ONLY, a comma list of the keys
// below), prints a table each and writes bench/results/latest.json.
// Benchmarks report ratios measured in one run; they are not tests and assert nothing.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { adminLists } from './admin-lists.mjs';
import { adminOverview } from './admin-overview.mjs';
import { adminScale } from './admin-scale.mjs';
import { adminSearch } from './admin-search.mjs';
import { chainWatch } from './chain-watch.mjs';
import { initialJavaScript } from './bundle.mjs';
import { dashboardQueries } from './dashboard.mjs';
import { graphqlOverhead } from './graphql-overhead.mjs';
import { graphqlStall } from './graphql-stall.mjs';
import { runLighthouse } from './lighthouse.mjs';
import { ROOT } from './lib.mjs';
import { loginThroughput } from './login.mjs';
import { memoryOverTime } from './memory.mjs';
import { requestCost } from './request-cost.mjs';
import { settlementSweep } from './settlement.mjs';

const NEEDS_PG = 'skipped: needs a PostgreSQL server to create a database in (BENCH_PG_ADMIN_URL)';

/** Every benchmark in run order: its key (BENCH_ONLY), title, run, and whether it needs BENCH_PG_ADMIN_URL. */
const BENCHMARKS = [
  {
    key: 'requestCost',
    title: 'server CPU per request vs a minimal reference server (me, plans; GraphQL and REST)',
    run: requestCost,
    needsPg: true,
  },
  {
    key: 'memory',
    title: 'server RSS over 50,000 requests after a warm-up (goal: within 10 %)',
    run: memoryOverTime,
    needsPg: true,
  },
  { key: 'graphqlOverhead', title: 'GraphQL vs plain route, server CPU per request (plans)', run: graphqlOverhead },
  {
    key: 'graphqlStall',
    title: 'GraphQL stall replay: GET /api/plans while 4 clients send 11,000-field documents',
    run: graphqlStall,
  },
  { key: 'login', title: 'login throughput (REST, argon2id)', run: loginThroughput },
  {
    key: 'dashboard',
    title: 'dashboard queries (me, account, transactions page), 50 in flight over 50 investors',
    run: dashboardQueries,
  },
  {
    key: 'adminSearch',
    title: 'admin users search over 1,000,000 users (p95 per page, goal <= 50 ms; EXPLAIN index use)',
    run: adminSearch,
    needsPg: true,
  },
  {
    key: 'adminLists',
    title: 'admin lists (transactions, accounts, users) over 20,000 users and 200,000 transactions, 8 and 32 in flight',
    run: adminLists,
    needsPg: true,
  },
  {
    key: 'adminScale',
    title:
      'admin lists at 1,000,000 users and 10,000,000 transactions, one admin, deep pages and searches (goal: p95 <= 50 ms; EXPLAIN of each page statement)',
    run: adminScale,
    needsPg: true,
  },
  {
    key: 'adminOverview',
    title:
      'admin overview (adminOverview: cards, daily series, 30-day obligations) at 1,000,000 users and 10,000,000 transactions: p50/p95 per range, SQL statements, EXPLAIN',
    run: adminOverview,
    needsPg: true,
  },
  {
    key: 'settlement',
    title: 'settlement sweep over 100,000 matured deposits in 10,000 accounts (settlements/s, SQL statements each)',
    run: settlementSweep,
    needsPg: true,
  },
  {
    key: 'chainWatch',
    title:
      'chain watcher per block (100 transfers, real anvil node) with 1,000 vs 100,000 watched addresses: ms, SQL statements, JSON-RPC calls',
    run: chainWatch,
    needsPg: true,
  },
  {
    key: 'initialJavaScript',
    title: 'initial JavaScript of the public pages (gzip, budget 200 KB)',
    run: initialJavaScript,
  },
  {
    key: 'lighthouse',
    title:
      'Lighthouse on the public and sign-in pages, mobile preset, simulated throttling, production server (goal: performance >= 95, TBT <= 200 ms, CLS <= 0.05, accessibility 100)',
    run: runLighthouse,
    needsPg: true,
    print: (rows) =>
      rows.map(({ path, performance, accessibility, metrics, tbtSplit }) => ({
        path,
        performance,
        accessibility,
        ...metrics,
        'tbt: at paint / after': tbtSplit,
      })),
  },
];

const only = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((k) => k.trim())
  .filter(Boolean);
const unknown = only.filter((k) => !BENCHMARKS.some((b) => b.key === k));
if (unknown.length) {
  console.error(`BENCH_ONLY: unknown ${unknown.join(', ')}; keys: ${BENCHMARKS.map((b) => b.key).join(', ')}`);
  process.exit(2);
}

const results = {};
for (const bench of BENCHMARKS) {
  if (only.length && !only.includes(bench.key)) continue;
  console.log(`bench: ${bench.title}`);
  try {
    results[bench.key] = await bench.run();
  } catch (err) {
    if (!bench.needsPg) throw err;
    console.log(`${NEEDS_PG}: ${err.message}`);
    continue;
  }
  console.table(bench.print ? bench.print(results[bench.key]) : results[bench.key]);
}

const dir = path.join(ROOT, 'bench', 'results');
mkdirSync(dir, { recursive: true });
writeFileSync(path.join(dir, 'latest.json'), JSON.stringify({ at: new Date().toISOString(), results }, null, 2));
console.log(`written ${path.relative(process.cwd(), path.join(dir, 'latest.json'))}`);
