import type { Request } from 'express';
import type { AuthUser } from '../modules/auth/role';
import type { LiveHub } from '../modules/live/hub';
import { authenticate } from '../modules/auth/authenticate';
import type { Services } from '../services';

/** Per-request GraphQL context: the verified caller (or null) and the request's IP. */
export interface GraphQLContext {
  user: AuthUser | null;
  ip: string | null;
  /** The instance's live feeds; set only for operations over WebSocket (subscriptions). */
  live?: LiveHub;
  /** Audits one root field called with an API key (set when the caller is a key). */
  recordKeyCall?: (operation: string, allowed: boolean) => Promise<void>;
}

/** Resolves the caller from an API key or session token. Invalid credentials fail the whole request with 401. */
export async function resolveCaller(req: Request, services: Services): Promise<AuthUser | null> {
  return authenticate(services, req.headers);
}
