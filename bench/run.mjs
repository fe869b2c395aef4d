// `npm run bench`: runs every benchmark, prints a table and writes bench/results/latest.json.
// Benchmarks report ratios measured in one run; they are not tests and assert nothing.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { adminSearch } from './admin-search.mjs';
import { initialJavaScript } from './bundle.mjs';
import { dashboardQueries } from './dashboard.mjs';
import { graphqlOverhead } from './graphql-overhead.mjs';
import { graphqlStall } from './graphql-stall.mjs';
import { runLighthouse } from './lighthouse.mjs';
import { ROOT } from './lib.mjs';
import { loginThroughput } from './login.mjs';
import { settlementSweep } from './settlement.mjs';

const results = {};
console.log('bench: GraphQL vs plain route, server CPU per request (plans)');
results.graphqlOverhead = await graphqlOverhead();
console.table(results.graphqlOverhead);
console.log('bench: GraphQL stall replay: GET /api/plans while 4 clients send 11,000-field documents');
results.graphqlStall = await graphqlStall();
console.table(results.graphqlStall);
console.log('bench: login throughput (REST, argon2id)');
results.login = await loginThroughput();
console.table(results.login);
console.log('bench: dashboard queries (me, account, transactions page) at 50 concurrent investors');
results.dashboard = await dashboardQueries();
console.table(results.dashboard);
console.log('bench: admin users search over 1,000,000 users (p95 per page, goal <= 50 ms; EXPLAIN index use)');
try {
  results.adminSearch = await adminSearch();
  console.table(results.adminSearch);
} catch (err) {
  console.log(`skipped: needs a PostgreSQL server to create a database in (BENCH_PG_ADMIN_URL): ${err.message}`);
}
console.log(
  'bench: settlement sweep over 100,000 matured deposits in 10,000 accounts (settlements/s, SQL statements each)',
);
try {
  results.settlement = await settlementSweep();
  console.table(results.settlement);
} catch (err) {
  console.log(`skipped: needs a PostgreSQL server to create a database in (BENCH_PG_ADMIN_URL): ${err.message}`);
}
console.log('bench: initial JavaScript of the public pages (gzip, budget 200 KB)');
results.initialJavaScript = await initialJavaScript();
console.table(results.initialJavaScript);
console.log('bench: Lighthouse, mobile preset, simulated throttling (goal: performance >= 90, accessibility 100)');
results.lighthouse = await runLighthouse();
console.table(
  results.lighthouse.map(({ path, performance, accessibility, metrics }) => ({
    path,
    performance,
    accessibility,
    ...metrics,
  })),
);

const dir = path.join(ROOT, 'bench', 'results');
mkdirSync(dir, { recursive: true });
writeFileSync(path.join(dir, 'latest.json'), JSON.stringify({ at: new Date().toISOString(), results }, null, 2));
console.log(`written ${path.relative(process.cwd(), path.join(dir, 'latest.json'))}`);
