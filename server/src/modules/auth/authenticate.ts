import type { IncomingHttpHeaders } from 'node:http';
import { AppError, ErrorCode } from '../../kernel/errors';
import { type ApiKeyService, API_KEY_PREFIX } from '../api-keys';
import { type TokenService, bearerToken } from '../identity';
import type { AuthUser } from '../user';

/** The services this adapter calls; the composition root passes them. */
export interface AuthenticateDeps {
  apiKeys: ApiKeyService;
  tokens: TokenService;
}

/**
 * Who is calling, for every HTTP transport (GraphQL and REST): an API key (`X-Api-Key`, or a
 * bearer token with the key prefix) or a session token; null for a guest. Invalid credentials
 * are UNAUTHENTICATED, never silently ignored. `ip` is the client's, whose failed key lookups are limited.
 */
export async function authenticate(
  services: AuthenticateDeps,
  headers: IncomingHttpHeaders,
  ip: string | null = null,
): Promise<AuthUser | null> {
  const header = headers['x-api-key'];
  if (header !== undefined) {
    const key = Array.isArray(header) ? header[0] : header;
    if (!key?.startsWith(API_KEY_PREFIX))
      throw new AppError(ErrorCode.UNAUTHENTICATED, 'Invalid, expired or revoked API key');
    if (headers.authorization)
      throw new AppError(ErrorCode.UNAUTHENTICATED, 'Send either an API key or a session token, not both');
    return services.apiKeys.authenticate(key, ip);
  }
  const token = bearerToken(headers.authorization);
  if (!token) return null;
  return token.startsWith(API_KEY_PREFIX) ? services.apiKeys.authenticate(token, ip) : services.tokens.verify(token);
}
