import type { NextFunction, Request, Response } from 'express';
import { rateLimitHeaders } from '../../kernel/allowance';
import { AppError, ErrorCode } from '../../kernel/errors';
import { type AccessRule, assertAccess, type AuthOptions } from '../../modules/identity';
import { authenticate, type AuthenticateDeps } from '../../modules/auth';
import type { AuthUser, Role } from '../../modules/user';

/** The services this adapter calls: those that authenticate a caller (and record API-key calls). */
export type AuthDeps = AuthenticateDeps;

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by `requireRole` once the bearer token is verified. */
    user?: AuthUser;
  }
}

/**
 * REST guard, the twin of GraphQL's `@Auth`: 401 without valid credentials (session token or
 * API key), 403 when the role, the key's scopes or the admin second-factor rule say no (see
 * `assertAccess`). Calls made with an API key are audited as `METHOD /api/path`.
 */
export function requireRole(services: AuthDeps, role: Role, options: AuthOptions = {}) {
  const rule: AccessRule = { role, ...options };
  const guard = async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    try {
      const user = await authenticate(services, req.headers, req.ip ?? null);
      if (!user) throw new AppError(ErrorCode.UNAUTHENTICATED, 'You must be signed in');
      // An API key's answers say what is left of its rate limit (RateLimit-Policy / RateLimit).
      if (user.apiKey?.allowance) res.setHeaders(new Map(rateLimitHeaders(user.apiKey.allowance)));
      const operation = `${req.method} ${req.baseUrl}${req.route?.path ?? req.path}`;
      let allowed = false;
      try {
        assertAccess(user, rule);
        allowed = true;
      } finally {
        if (user.apiKey) await services.apiKeys.recordCall(user, operation, allowed, req.ip ?? null);
      }
      req.user = user;
      next();
    } catch (err) {
      next(err);
    }
  };
  // The rule stays readable on the guard, so a test can check every REST path against it.
  return Object.assign(guard, { accessRule: rule });
}
