import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { createClient, type Client } from 'graphql-ws';
import { notifyLiveReconnected, UNAUTHORIZED_CLOSE } from './liveEvents';
import { getToken } from '../session/session';

/**
 * The WebSocket side of the Apollo client (docs/graphql.md, "Subscriptions"): graphql-ws on the
 * API's own URL. Loaded on demand by apollo.ts the first time a subscription starts, so only the
 * signed-in dashboard ever downloads it.
 */

/** Longest wait between two reconnection attempts. */
const MAX_RETRY_WAIT_MS = 30_000;

/** The WebSocket URL of a GraphQL endpoint: same host, `ws:` for `http:` and `wss:` for `https:`. */
export function liveUrl(endpoint: string, page: string): string {
  const url = new URL(endpoint, page);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.hash = '';
  return url.toString();
}

/** True for a WebSocket close event (or anything shaped like one). */
function isCloseEvent(value: unknown): value is { code: number; reason: string } {
  return typeof value === 'object' && value !== null && 'code' in value && 'reason' in value;
}

/**
 * Whether to reconnect after the socket closed or could not open: yes for a server draining
 * (1012), a database hiccup (1013) and a lost network, never for 4401 (signed out: the app's
 * 401 rule takes over).
 */
export function shouldReconnect(errorOrClose: unknown): boolean {
  return !(isCloseEvent(errorOrClose) && errorOrClose.code === UNAUTHORIZED_CLOSE);
}

/**
 * Wait before reconnection attempt `retries` (0 first): about at once after a drain or a drop,
 * then doubling up to 30 s, with jitter so a restarted server is not hit by every tab together.
 */
export function retryDelayMs(retries: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_RETRY_WAIT_MS, 500 * 2 ** Math.max(0, retries));
  return Math.round(base * (0.5 + random() / 2));
}

/** What `connection_init` carries: the token stored right now (read at every (re)connection). */
export function connectionParams(): { authorization?: string } {
  const token = getToken();
  return token ? { authorization: `Bearer ${token}` } : {};
}

/**
 * The graphql-ws client: lazy (a socket only while a subscription runs), the current token at
 * each connection, unlimited reconnections with backoff except after 4401; a reconnection is
 * announced (liveEvents) so the dashboard refetches what it may have missed meanwhile.
 */
export function createLiveClient(endpoint: string, webSocketImpl?: unknown): Client {
  return createClient({
    url: liveUrl(endpoint, window.location.href),
    lazy: true,
    connectionParams,
    retryAttempts: Number.POSITIVE_INFINITY,
    shouldRetry: shouldReconnect,
    retryWait: (retries) => new Promise((resolve) => setTimeout(resolve, retryDelayMs(retries))),
    on: {
      connected: (_socket, _payload, wasRetry) => {
        if (wasRetry) notifyLiveReconnected();
      },
    },
    ...(webSocketImpl ? { webSocketImpl } : {}),
  });
}

/** The Apollo terminating link for subscriptions. */
export function createLiveLink(endpoint: string): GraphQLWsLink {
  return new GraphQLWsLink(createLiveClient(endpoint));
}
