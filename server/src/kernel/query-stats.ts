import { AsyncLocalStorage } from 'node:async_hooks';
import type { NextFunction, Request, Response } from 'express';
import type { Logger as TypeOrmLogger } from 'typeorm';

/** What one request carries through every await: its id (for log lines) and its SQL counters. */
interface RequestScope {
  reqId?: string;
  queries: number;
  ms: number;
}

/** The one per-request store (Server-Timing's counters and the request id of log lines share it). */
const current = new AsyncLocalStorage<RequestScope>();

/** The id of the request being served, for log lines written deep in services (logger mixin). */
export function currentRequestId(): string | undefined {
  return current.getStore()?.reqId;
}

/**
 * Express middleware after the access log (access-log.ts): puts the request id (`req.id`) in the request's store, so
 * every log line written while serving it carries `reqId`. Reuses the store serverTiming opened.
 */
export function requestScope(req: Request, _res: Response, next: NextFunction): void {
  const reqId = req.id;
  const scope = current.getStore();
  if (scope) {
    scope.reqId = reqId;
    return next();
  }
  current.run({ reqId, queries: 0, ms: 0 }, () => next());
}

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
  const stats: RequestScope = { queries: 0, ms: 0 };
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response;
  res.writeHead = ((...args: unknown[]) => {
    if (!res.headersSent) res.setHeader('Server-Timing', `db;desc="${stats.queries} queries"`);
    return writeHead(...args);
  }) as typeof res.writeHead;
  current.run(stats, () => next());
}
