import { Gauge, type Registry } from 'prom-client';
import type { DataSource } from 'typeorm';

/** The parts of pg's Pool (behind TypeORM's postgres driver) that say how busy it is. */
interface PgPoolLike {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options?: { max?: number };
}

/** The live pg Pool, or null before the DataSource connects and after it is destroyed. */
function poolOf(ds: DataSource): PgPoolLike | null {
  if (!ds.isInitialized) return null;
  const pool = (ds.driver as unknown as { master?: PgPoolLike }).master;
  return pool && typeof pool.totalCount === 'number' ? pool : null;
}

/**
 * Adds the database pool gauges, read from the pool when scraped: connections open, idle, callers
 * waiting for one (above 0 means the pool is the bottleneck), and the configured maximum.
 */
export function poolMetrics(registry: Registry, ds: DataSource): void {
  const gauge = (name: string, help: string, read: (pool: PgPoolLike) => number | undefined) =>
    new Gauge({
      name: `cryptovest_db_pool_${name}`,
      help,
      registers: [registry],
      collect() {
        const pool = poolOf(ds);
        const value = pool ? read(pool) : undefined;
        if (value !== undefined) this.set(value);
      },
    });
  gauge('connections', 'Connections open in the pool (busy + idle)', (p) => p.totalCount);
  gauge('idle_connections', 'Open connections not in use', (p) => p.idleCount);
  gauge('waiting_clients', 'Queries waiting for a free connection', (p) => p.waitingCount);
  gauge('max_connections', 'Configured pool size', (p) => p.options?.max);
}
