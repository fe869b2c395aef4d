// Server CPU per request: the `plans` query through GraphQL vs the plain express JSON route
// GET /api/plans in the same process, over the same service. Goal: GraphQL <= 4x.
import { cpuSeconds, load, percentile, startServer } from './lib.mjs';

const ROUNDS = 3;
const PER_ROUND = Number(process.env.BENCH_REQUESTS || 2000);
const CONCURRENCY = 8;

export async function graphqlOverhead() {
  // The bench is one guest IP: the guest GraphQL budget (600 a minute) would stop it. Each guest
  // GraphQL request still takes its unit (one upsert of the budget row), as in production.
  const server = await startServer(4101, { RATE_LIMIT_GRAPHQL_GUEST_PER_MINUTE: '1000000' });
  const gqlBody = JSON.stringify({ query: '{ plans { id name minAmount maxAmount profitPercent durationHours } }' });
  const targets = {
    rest: () => fetch(`${server.base}/api/plans`),
    graphql: () =>
      fetch(`${server.base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: gqlBody,
      }),
  };
  try {
    for (const make of Object.values(targets)) await load(make, 300, CONCURRENCY); // warm up JIT and caches
    const totals = { rest: { cpu: 0, n: 0, lat: [] }, graphql: { cpu: 0, n: 0, lat: [] } };
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, make] of Object.entries(targets)) {
        const before = cpuSeconds(server.pid);
        const lat = await load(make, PER_ROUND, CONCURRENCY);
        totals[name].cpu += cpuSeconds(server.pid) - before;
        totals[name].n += PER_ROUND;
        totals[name].lat.push(...lat);
      }
    }
    const perReq = (t) => (t.cpu / t.n) * 1e6;
    const result = {
      requests: PER_ROUND * ROUNDS,
      restCpuUsPerRequest: Math.round(perReq(totals.rest)),
      graphqlCpuUsPerRequest: Math.round(perReq(totals.graphql)),
      ratio: Number((perReq(totals.graphql) / perReq(totals.rest)).toFixed(2)),
      restP95Ms: Number(percentile(totals.rest.lat, 95).toFixed(2)),
      graphqlP95Ms: Number(percentile(totals.graphql.lat, 95).toFixed(2)),
      goal: 'ratio <= 4',
    };
    result.pass = result.ratio <= 4;
    return result;
  } finally {
    await server.stop();
  }
}
