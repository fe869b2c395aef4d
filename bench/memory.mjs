// Memory over a long run (issue 16): resident set size of the server after a warm-up and then
// every 10,000 requests over 50,000 (a mix of the dashboard's reads: GraphQL me and account, REST
// user and plans, signed in; 8 in flight), on a fresh database on the local PostgreSQL.
// Goal: RSS stays within 10 % of the warmed-up value (no leak per request).
import { readFileSync } from 'node:fs';
import { dropDatabase, freshDatabase, load, signedInInvestor, startServer } from './lib.mjs';

// V8 grows its heap to its working size over the first ~10,000 requests (measured: +12 % after 5,000, flat after).
const WARM_UP = 10_000;
const TOTAL = Number(process.env.BENCH_MEMORY_REQUESTS || 50_000);
const STEP = 10_000;
const DB = 'cryptovest_bench_memory';

/** Resident set size of `pid` in MB (VmRSS). */
function rssMb(pid) {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return Math.round((kb / 1024) * 10) / 10;
}

export async function memoryOverTime() {
  const databaseUrl = await freshDatabase(DB);
  const server = await startServer(4398, {
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
    PRICE_FEED_URL: 'off',
    RATE_LIMIT_IP_HOURLY: '100000000',
  });
  try {
    const token = await signedInInvestor(server.base, databaseUrl, 'memory@bench.test');
    const auth = { authorization: `Bearer ${token}` };
    const gql = (query) => () =>
      fetch(`${server.base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...auth },
        body: JSON.stringify({ query }),
      });
    const mix = [
      gql('{ me { id fullName email type } }'),
      gql('{ account { balance investment profit } }'),
      () => fetch(`${server.base}/api/user`, { headers: auth }),
      () => fetch(`${server.base}/api/plans`, { headers: auth }),
    ];
    let i = 0;
    const next = () => mix[i++ % mix.length]();
    await load(next, WARM_UP, 8);
    const warm = rssMb(server.pid);
    const rows = [{ requests: 0, rssMb: warm, growthPercent: 0 }];
    for (let done = STEP; done <= TOTAL; done += STEP) {
      await load(next, STEP, 8);
      const rss = rssMb(server.pid);
      rows.push({ requests: done, rssMb: rss, growthPercent: Math.round(((rss - warm) / warm) * 1000) / 10 });
    }
    const worst = Math.max(...rows.map((r) => r.growthPercent));
    return rows.map((r) => ({ ...r, goal: 'growth <= 10 %', pass: worst <= 10 }));
  } finally {
    await server.stop();
    await dropDatabase(DB);
  }
}
