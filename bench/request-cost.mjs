// Server CPU per request of the app against a minimal reference server doing the same reads on
// the same database (bench/reference-server.mjs: node:http + pg + jose, one SQL query each), for
// `me` and `plans` (signed in), over GraphQL and REST (issue 16). Both servers run at once on a
// fresh database on the local PostgreSQL (BENCH_PG_ADMIN_URL); rounds alternate between targets,
// 8 in flight, CPU read from /proc. The app logs as in production (LOG_LEVEL=info, JSON).
// Goals: me over GraphQL <= 2x the reference, over REST <= 1.7x; plans over GraphQL <= 2.5x.
import {
  cpuSeconds,
  dropDatabase,
  freshDatabase,
  load,
  percentile,
  signedInInvestor,
  startReference,
  startServer,
  WEB_APP_GRAPHQL_HEADERS,
  webAppGraphqlBody,
} from './lib.mjs';

const ROUNDS = 3;
const PER_ROUND = Number(process.env.BENCH_REQUESTS || 2000);
const CONCURRENCY = 8;
const DB = 'cryptovest_bench_request_cost';
const JWT_SECRET = 'request-cost-bench-secret-0123456789abcdefghijklmnop';

export async function requestCost() {
  const databaseUrl = await freshDatabase(DB);
  const app = await startServer(4396, {
    DATABASE_URL: databaseUrl,
    JWT_SECRET,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL || 'info',
    LOG_FORMAT: 'json',
    PRICE_FEED_URL: 'off',
    RATE_LIMIT_IP_HOURLY: '100000000',
    RATE_LIMIT_GRAPHQL_GUEST_PER_MINUTE: '100000000',
  });
  const reference = await startReference(4397, databaseUrl, JWT_SECRET);
  try {
    const token = await signedInInvestor(app.base, databaseUrl);
    const auth = { authorization: `Bearer ${token}` };
    const gql = (query) => () =>
      fetch(`${app.base}/graphql`, {
        method: 'POST',
        headers: { ...WEB_APP_GRAPHQL_HEADERS, ...auth },
        body: webAppGraphqlBody(query),
      });
    const get = (base, p) => () => fetch(`${base}${p}`, { headers: auth });
    const targets = {
      referenceMe: { server: reference, make: get(reference.base, '/me') },
      graphqlMe: { server: app, make: gql('{ me { id fullName email type } }') },
      restMe: { server: app, make: get(app.base, '/api/user') },
      referencePlans: { server: reference, make: get(reference.base, '/plans') },
      graphqlPlans: {
        server: app,
        make: gql('{ plans { id name minAmount maxAmount profitPercent durationHours } }'),
      },
      restPlans: { server: app, make: get(app.base, '/api/plans') },
    };
    for (const t of Object.values(targets)) await load(t.make, 300, CONCURRENCY); // JIT, caches, pools
    const totals = Object.fromEntries(Object.keys(targets).map((k) => [k, { cpu: 0, n: 0, lat: [] }]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, t] of Object.entries(targets)) {
        const before = cpuSeconds(t.server.pid);
        const lat = await load(t.make, PER_ROUND, CONCURRENCY);
        totals[name].cpu += cpuSeconds(t.server.pid) - before;
        totals[name].n += PER_ROUND;
        totals[name].lat.push(...lat);
      }
    }
    const us = (name) => (totals[name].cpu / totals[name].n) * 1e6;
    const ratio = (name, ref) => Number((us(name) / us(ref)).toFixed(2));
    const row = (name, ref, goal) => ({
      target: name,
      cpuUsPerRequest: Math.round(us(name)),
      p95Ms: Number(percentile(totals[name].lat, 95).toFixed(2)),
      ratioToReference: ref ? ratio(name, ref) : 1,
      goal: goal ?? '',
      pass: goal ? ratio(name, ref) <= Number(goal.replace(/[^\d.]/g, '')) : '',
    });
    return [
      row('referenceMe'),
      row('graphqlMe', 'referenceMe', '<= 2'),
      row('restMe', 'referenceMe', '<= 1.7'),
      row('referencePlans'),
      row('graphqlPlans', 'referencePlans', '<= 2.5'),
      row('restPlans', 'referencePlans'),
    ];
  } finally {
    await reference.stop();
    await app.stop();
    await dropDatabase(DB);
  }
}
