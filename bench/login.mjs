// Login throughput and latency: POST /api/user/login (argon2id verify + JWT) under a short,
// bounded load over loopback. Reports requests/second, p50/p95 latency and server CPU per login
// (argon2id runs on libuv's thread pool, counted in the process's CPU time).
import { cpuSeconds, load, percentile, startServer } from './lib.mjs';

const TOTAL = Number(process.env.BENCH_LOGINS || 300);
const CONCURRENCY = 8;

export async function loginThroughput() {
  const email = 'bench-admin@bench.test';
  const password = 'bench-password-123';
  const server = await startServer(4102, {
    ADMIN_EMAIL: email,
    ADMIN_PASSWORD: password,
    RATE_LIMIT_IP_HOURLY: '1000000', // the bench is one IP; the per-IP limit would stop it
  });
  try {
    const body = JSON.stringify({ email, password });
    const make = () =>
      fetch(`${server.base}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    await load(make, 20, CONCURRENCY); // warm up
    const cpuBefore = cpuSeconds(server.pid);
    const t0 = performance.now();
    const lat = await load(make, TOTAL, CONCURRENCY);
    const seconds = (performance.now() - t0) / 1000;
    const cpu = cpuSeconds(server.pid) - cpuBefore;
    return {
      logins: TOTAL,
      concurrency: CONCURRENCY,
      perSecond: Number((TOTAL / seconds).toFixed(1)),
      p50Ms: Number(percentile(lat, 50).toFixed(1)),
      p95Ms: Number(percentile(lat, 95).toFixed(1)),
      serverCpuMsPerLogin: Number(((cpu / TOTAL) * 1000).toFixed(1)),
      note: 'argon2id m=19MiB t=2 per login; 2-core machine',
    };
  } finally {
    await server.stop();
  }
}
