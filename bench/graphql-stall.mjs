// The GraphQL stall attack of issue 10, replayed: 4 clients send a document of ~11,000 repeated
// fields (262 gzip bytes) in a loop while one visitor reads GET /api/plans; reports the visitor's
// median and p95 without and with the attack. Bounded by count (and loopback only).
// STALL_BASE=http://host:port measures an already running server (e.g. an older build).
import { gzipSync } from 'node:zlib';
import { percentile, startServer } from './lib.mjs';

const VISITS = Number(process.env.STALL_VISITS || 300);
const ATTACKERS = 4;
const ATTACK = gzipSync(JSON.stringify({ query: `{ ${'plans { name } '.repeat(2750)}}` }));

async function visitor(base) {
  const latencies = [];
  for (let i = 0; i < VISITS; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/plans`);
    await res.arrayBuffer();
    latencies.push(performance.now() - t0);
  }
  return { p50: +percentile(latencies, 50).toFixed(1), p95: +percentile(latencies, 95).toFixed(1) };
}

async function attacker(base, stop, statuses) {
  while (!stop.done) {
    const res = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: ATTACK,
    });
    await res.arrayBuffer();
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
  }
}

async function measure(base, label) {
  await visitor(base); // warm-up
  const quiet = await visitor(base);
  const stop = { done: false };
  const statuses = {};
  const attackers = Array.from({ length: ATTACKERS }, () => attacker(base, stop, statuses));
  const attacked = await visitor(base);
  stop.done = true;
  await Promise.all(attackers);
  return {
    server: label,
    'quiet p50 ms': quiet.p50,
    'attacked p50 ms': attacked.p50,
    'attacked p95 ms': attacked.p95,
    'attack answers': Object.entries(statuses)
      .map(([s, n]) => `${n}×${s}`)
      .join(' '),
  };
}

/** Runs the replay against this build: the lexer limit alone, then with the guest budget too. */
export async function graphqlStall() {
  if (process.env.STALL_BASE) return [await measure(process.env.STALL_BASE, process.env.STALL_LABEL || 'external')];
  const rows = [];
  for (const [label, env] of [
    ['token limit only', { RATE_LIMIT_GRAPHQL_GUEST_PER_MINUTE: '100000000' }],
    ['token limit + guest budget (600/min)', {}],
  ]) {
    const server = await startServer(4191, { RATE_LIMIT_IP_HOURLY: '100000', ...env });
    try {
      rows.push(await measure(server.base, label));
    } finally {
      await server.stop();
    }
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) console.table(await graphqlStall());
