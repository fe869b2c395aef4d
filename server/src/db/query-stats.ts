import { AsyncLocalStorage } from 'node:async_hooks';
import type { NextFunction, Request, Response } from 'express';
import type { Logger as TypeOrmLogger } from 'typeorm';

/** Per-request SQL counters, carried through every await of the request. */
const current = new AsyncLocalStorage<{ queries: number; ms: number }>();

/**
 * TypeORM logger that counts the statements of the current request (and logs nothing: the
 * pino request log covers errors). Installed by createDataSource.
 */
export class QueryCounter implements TypeOrmLogger {
  logQuery(): void {
    const stats = current.getStore();
    if (stats) stats.queries += 1;
  }
  logQueryError(): void {}
  logQuerySlow(): void {}
  logSchemaBuild(): void {}
  logMigration(): void {}
  log(): void {}
}

/**
 * Express middleware (on when SERVER_TIMING is set): answers every request with
 * `Server-Timing: db;desc="<n> queries"` so benchmarks and operators can see N+1 patterns.
 */
export function serverTiming(req: Request, res: Response, next: NextFunction): void {
  const stats = { queries: 0, ms: 0 };
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response;
  res.writeHead = ((...args: unknown[]) => {
    if (!res.headersSent) res.setHeader('Server-Timing', `db;desc="${stats.queries} queries"`);
    return writeHead(...args);
  }) as typeof res.writeHead;
  current.run(stats, () => next());
}
