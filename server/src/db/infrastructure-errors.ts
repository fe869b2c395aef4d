import { AppError, ErrorCode, UNAVAILABLE_MESSAGE } from '../kernel/errors';
import type { Logger } from '../kernel/logger';

/** Socket errors (node errno codes): the database host refused, dropped or never answered us. */
const NETWORK_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs that say nothing about the request: admin / crash shutdown and "cannot connect now"
 * (57P01-03), statement timeout (57014), and the lost races PostgreSQL asks clients to retry,
 * serialization failure and deadlock (40001, 40P01; nothing in the server retries them).
 */
const SQLSTATES: ReadonlySet<string> = new Set(['57P01', '57P02', '57P03', '57014', '40001', '40P01']);

/** SQLSTATE classes: 08 connection exception, 53 insufficient resources (disk, memory, connections). */
const SQLSTATE_CLASSES: readonly string[] = ['08', '53'];

/** node-pg and pg-pool failures that carry no code, only a message. */
const DRIVER_MESSAGES: readonly RegExp[] = [
  /^Connection terminated/, // the server went away, or the connection timed out while opening
  /^timeout exceeded when trying to connect$/, // pg-pool: no connection in time (down, frozen or pool exhausted)
  /^timeout expired$/, // pg client: its own connection timeout
  /^Query read timeout$/, // pg client: no answer within query_timeout (a frozen server)
  /is not queryable$/, // a client whose connection already failed or closed
  /connection is closed/i,
  /^Cannot use a pool after calling end on the pool$/, // a request still running while the process drains
];

/**
 * TypeORM errors thrown when the connection under a transaction died mid-way: the query runner was
 * released, so the next query or the COMMIT fails (seen when PostgreSQL restarts under load).
 */
const RELEASED_RUNNER_ERRORS: ReadonlySet<string> = new Set([
  'QueryRunnerAlreadyReleasedError',
  'QueryRunnerProviderAlreadyReleasedError',
]);

/** The objects an error may wrap: TypeORM's driverError, `cause`, GraphQL's originalError, AggregateError's list. */
function wrapped(err: object): unknown[] {
  const e = err as { driverError?: unknown; cause?: unknown; originalError?: unknown; errors?: unknown };
  return [e.driverError, e.cause, e.originalError, ...(Array.isArray(e.errors) ? e.errors : [])];
}

/**
 * What makes `err` an infrastructure failure, for the log: a SQLSTATE, a socket errno code or the
 * driver's message; null when it is something else (a bug, a refused input). Looks through the
 * wrappers TypeORM, node and GraphQL put around the driver's error.
 */
export function infrastructureCause(err: unknown): string | null {
  const seen = new Set<object>();
  const queue: unknown[] = [err];
  while (queue.length && seen.size < 16) {
    const e = queue.shift();
    if (typeof e !== 'object' || e === null || seen.has(e)) continue;
    seen.add(e);
    if (e instanceof AppError) continue; // already decided by the code that threw it
    const { code, message, name } = e as { code?: unknown; message?: unknown; name?: unknown };
    if (typeof name === 'string' && RELEASED_RUNNER_ERRORS.has(name)) return name;
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code) || SQLSTATES.has(code)) return code;
      if (/^[0-9A-Z]{5}$/.test(code) && SQLSTATE_CLASSES.includes(code.slice(0, 2))) return code;
    }
    if (typeof message === 'string' && DRIVER_MESSAGES.some((m) => m.test(message))) return message;
    queue.push(...wrapped(e));
  }
  return null;
}

/**
 * The one recogniser both transports use: an infrastructure failure (database down, frozen,
 * overloaded or restarting) becomes UNAVAILABLE (503 + Retry-After), never 429 or 500.
 */
export function infrastructureError(err: unknown): AppError | null {
  return infrastructureCause(err) ? new AppError(ErrorCode.UNAVAILABLE, UNAVAILABLE_MESSAGE) : null;
}

/**
 * The one log line per request answered 503 for infrastructure (or, for a page, `answered` the
 * client-rendered shell): warn, the cause (SQLSTATE, errno or driver message) and where; no stack,
 * query or parameters.
 */
export function logInfrastructureFailure(logger: Logger, err: unknown, where: unknown, answered = '503'): void {
  logger.warn({ cause: infrastructureCause(err), where }, `infrastructure unavailable: answered ${answered}`);
}
