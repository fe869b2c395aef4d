import type { DataSource, EntityManager } from 'typeorm';

/**
 * Runs raw SQL and returns its rows. TypeORM answers UPDATE/DELETE ... RETURNING on Postgres
 * as `[rows, affectedCount]`; this always gives the rows, so callers need not care.
 */
export async function sqlRows<T>(db: DataSource | EntityManager, sql: string, params: unknown[] = []): Promise<T[]> {
  const result = await db.query(sql, params);
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') {
    return result[0] as T[];
  }
  return result as T[];
}
