import type { NextFunction, Request, Response } from 'express';
import { AppError, ErrorCode } from '../errors';
import { AuthUser, hasRole, Role } from '../modules/auth/role';
import { bearerToken } from '../modules/auth/token.service';
import type { Services } from '../services';

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by `requireRole` once the bearer token is verified. */
    user?: AuthUser;
  }
}

/** REST guard: 401 without a valid token, 403 when the caller's role is not enough. */
export function requireRole(services: Services, role: Role) {
  return async (req: Request, _res: Response, next: NextFunction): Promise<void> => {
    try {
      const token = bearerToken(req.headers.authorization);
      if (!token) throw new AppError(ErrorCode.UNAUTHENTICATED, 'You must be signed in');
      const user = await services.tokens.verify(token);
      if (!hasRole(user, role)) throw new AppError(ErrorCode.FORBIDDEN, 'You are not allowed to do this');
      req.user = user;
      next();
    } catch (err) {
      next(err);
    }
  };
}
