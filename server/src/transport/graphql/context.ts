import type { Request } from 'express';
import { AppError } from '../../kernel/errors';
import { infrastructureError, logInfrastructureFailure } from '../../db/infrastructure-errors';
import type { Logger } from '../../kernel/logger';
import type { AuthUser } from '../../modules/user';
import type { LiveHub } from '../../platform/live';
import { authenticate, type AuthenticateDeps } from '../../modules/auth';
import { toGraphQLError } from './format-error';

/** The services this adapter calls: those that authenticate a caller (and record API-key calls). */
export type ContextDeps = AuthenticateDeps;

/** Per-request GraphQL context: the verified caller (or null) and the request's IP. */
export interface GraphQLContext {
  user: AuthUser | null;
  ip: string | null;
  /** The request's User-Agent: a sign-in records it to describe the session's device. */
  userAgent?: string | null;
  /** The instance's live feeds; set only for operations over WebSocket (subscriptions). */
  live?: LiveHub;
  /** Audits one root field called with an API key (set when the caller is a key). */
  recordKeyCall?: (operation: string, allowed: boolean) => Promise<void>;
}

/**
 * The context of a GraphQL request over HTTP, built at most once per request: the caller from an
 * API key or session token, and checking a key counts against its rate limit, so it must not run
 * twice.
 * Failures are GraphQL errors with their HTTP status: a bad credential 401 (for the whole
 * request), a database that is down 503 (logged once).
 */
export function httpContext(services: ContextDeps, logger: Logger): (req: Request) => Promise<GraphQLContext> {
  const built = new WeakMap<Request, Promise<GraphQLContext>>();
  const build = async (req: Request): Promise<GraphQLContext> => {
    try {
      const ip = req.ip ?? null;
      const user = await authenticate(services, req.headers, ip);
      const recordKeyCall = user?.apiKey
        ? (operation: string, allowed: boolean) => services.apiKeys.recordCall(user, operation, allowed, ip)
        : undefined;
      return { user, ip, userAgent: req.headers['user-agent'] ?? null, recordKeyCall };
    } catch (err) {
      if (err instanceof AppError) throw toGraphQLError(err);
      // Verifying the token reads the database: when that is down the answer is 503, not 500.
      const unavailable = infrastructureError(err);
      if (unavailable) {
        logInfrastructureFailure(logger, err, 'graphql context');
        throw toGraphQLError(unavailable);
      }
      throw err;
    }
  };
  return (req) => {
    let context = built.get(req);
    if (!context) {
      context = build(req);
      // Whoever asks later handles a failure; this one only keeps it from going unhandled.
      context.catch(() => undefined);
      built.set(req, context);
    }
    return context;
  };
}
