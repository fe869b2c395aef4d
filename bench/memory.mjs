// Memory over a long run (issue 16): resident set size of the server over the 10,000 requests
// after a warm-up, then over each 10,000 of 50,000 more (each the median of a reading every
// 1,000; a mix of the dashboard's reads: GraphQL me and account, REST user and plans, signed in;
// 8 in flight), on a fresh database on the local PostgreSQL. Goal: RSS stays within 10 % of the
// warmed-up value (no leak per request). The largest reading of each window is shown too.
import { readFileSync } from 'node:fs';
import { dropDatabase, freshDatabase, load, signedInInvestor, startServer } from './lib.mjs';

// V8 grows its heap to its working size over the first ~10,000 requests (measured: +12 % after 5,000, flat after).
const WARM_UP = 10_000;
const TOTAL = Number(process.env.BENCH_MEMORY_REQUESTS || 50_000);
const STEP = 10_000;
/**
 * RSS is read after every 1,000 requests and each 10,000 are judged by the median of their
 * readings: a single reading lands before or after a major GC by chance (the same build measured
 * -14 % and +17.5 % in two runs), while a leak moves the median.
 */
const SAMPLE = 1_000;
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
    const token = await signedInInvestor(server.base, databaseUrl, 'memory@bench.test', undefined, { account: true });
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
    // Every read must succeed: an error answer would measure the error path instead.
    for (const ask of mix) {
      const body = await (await ask()).json();
      if (body.errors) throw new Error(`memory bench request failed: ${JSON.stringify(body.errors)}`);
    }
    let i = 0;
    const next = () => mix[i++ % mix.length]();
    /** RSS after every SAMPLE of `requests` requests: their median and the largest. */
    const sampled = async (requests) => {
      const samples = [];
      for (let done = 0; done < requests; done += SAMPLE) {
        await load(next, SAMPLE, 8);
        samples.push(rssMb(server.pid));
      }
      const sorted = [...samples].sort((a, b) => a - b);
      return { median: sorted[Math.floor(sorted.length / 2)], max: sorted[sorted.length - 1] };
    };
    await load(next, WARM_UP, 8);
    // The baseline is a whole window too: RSS rises and falls over a GC cycle of several thousand
    // requests, so a shorter one would catch only part of it.
    const { median: warm, max: warmMax } = await sampled(STEP);
    const rows = [{ requests: 0, rssMb: warm, maxRssMb: warmMax, growthPercent: 0 }];
    for (let done = STEP; done <= TOTAL; done += STEP) {
      const { median, max } = await sampled(STEP);
      rows.push({
        requests: done,
        rssMb: median,
        maxRssMb: max,
        growthPercent: Math.round(((median - warm) / warm) * 1000) / 10,
      });
    }
    const worst = Math.max(...rows.map((r) => r.growthPercent));
    return rows.map((r) => ({ ...r, goal: 'growth <= 10 %', pass: worst <= 10 }));
  } finally {
    await server.stop();
    await dropDatabase(DB);
  }
}
