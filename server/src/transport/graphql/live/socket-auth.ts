import type { WebSocket } from 'ws';
import { infrastructureError, logInfrastructureFailure } from '../../../db/infrastructure-errors';
import type { Logger } from '../../../kernel/logger';
import type { AuthUser } from '../../../modules/user';
import { bearerToken, type TokenService } from '../../../modules/identity';
import { CLOSE_CODES } from './close-codes';
import type { LiveHub } from '../../../platform/live';

const { UNAUTHORIZED, TRY_AGAIN_LATER } = CLOSE_CODES;

/** A signed-in socket: who it is (refreshed on each re-check) and how to forget it when it closes. */
export interface SocketSession {
  user: AuthUser;
  end(): void;
}

/** The token of `connection_init`'s `{ authorization: 'Bearer …' }`; null when absent or malformed. */
function tokenOf(params: Readonly<Record<string, unknown>> | undefined): string | null {
  const header = params?.authorization ?? params?.Authorization;
  if (typeof header !== 'string') return null;
  try {
    return bearerToken(header);
  } catch {
    return null;
  }
}

/** When a verified token expires (ms since the epoch), read from its `exp` claim. */
function expiryOf(token: string): number {
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown };
  return typeof claims.exp === 'number' ? claims.exp * 1000 : 0;
}

/**
 * Checks the token a socket sent with the TokenService (signature, expiry, and the user's current
 * role and token cut-off from the database, as for every HTTP request). On success the socket is
 * closed with 4401 when the token expires, and re-checked whenever a revocation for its user is
 * heard (or the listener missed some): a password changed on any instance ends it at once. On
 * failure the socket is closed here (4401, or 1013 when the database could not answer) and null
 * is returned.
 */
export async function authenticateSocket(
  socket: WebSocket,
  params: Readonly<Record<string, unknown>> | undefined,
  tokens: TokenService,
  hub: LiveHub,
  logger: Logger,
): Promise<SocketSession | null> {
  const token = tokenOf(params);
  if (!token) {
    socket.close(UNAUTHORIZED, 'Unauthorized: send { authorization: "Bearer <token>" } in connection_init');
    return null;
  }
  let user: AuthUser;
  try {
    user = await tokens.verify(token);
  } catch (err) {
    if (!infrastructureError(err)) socket.close(UNAUTHORIZED, 'Unauthorized: invalid or expired token');
    else {
      logInfrastructureFailure(logger, err, 'websocket connection_init');
      socket.close(TRY_AGAIN_LATER, 'Try again later');
    }
    return null;
  }
  if (socket.readyState !== socket.OPEN) return null; // the client left while the token was checked
  const end = (reason: string) => socket.close(UNAUTHORIZED, `Unauthorized: ${reason}`);
  const expiry = setTimeout(() => end('token expired'), Math.max(0, expiryOf(token) - Date.now()));
  expiry.unref();

  const session: SocketSession = { user, end: () => undefined };
  let checking = false;
  let again = false;
  const recheck = async (): Promise<void> => {
    if (checking) return void (again = true);
    checking = true;
    try {
      session.user = await tokens.verify(token);
    } catch (err) {
      if (!infrastructureError(err)) return end('session ended (password changed or reset)');
      // The database is away: keep the socket; the listener resyncs (and re-checks) once it is back.
      logger.warn({ err, userId: user.id }, 'live updates: could not re-check a socket token');
    } finally {
      checking = false;
    }
    if (again) {
      again = false;
      await recheck();
    }
  };
  const unwatch = hub.watch(user.id, { recheck: () => void recheck() });
  session.end = () => {
    clearTimeout(expiry);
    unwatch();
  };
  return session;
}
