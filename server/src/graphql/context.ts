import type { Request } from 'express';
import type { AuthUser } from '../modules/auth/role';
import type { LiveHub } from '../modules/live/hub';
import { bearerToken } from '../modules/auth/token.service';
import type { Services } from '../services';

/** Per-request GraphQL context: the verified caller (or null) and the request's IP. */
export interface GraphQLContext {
  user: AuthUser | null;
  ip: string | null;
  /** The instance's live feeds; set only for operations over WebSocket (subscriptions). */
  live?: LiveHub;
}

/** Resolves the caller from the bearer token. An invalid token fails the whole request with 401. */
export async function resolveCaller(req: Request, services: Services): Promise<AuthUser | null> {
  const token = bearerToken(req.headers.authorization);
  return token ? services.tokens.verify(token) : null;
}
