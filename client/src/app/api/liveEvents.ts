/**
 * A dependency-free signal between the WebSocket client (liveLink.ts, loaded on demand) and the
 * dashboard: "the live connection came back after a drop", after which anything may have changed
 * unseen, so the dashboard refetches everything.
 */

const listeners = new Set<() => void>();

/** Called by the WebSocket client when a reconnection succeeded. */
export function notifyLiveReconnected(): void {
  for (const listener of listeners) listener();
}

/** Subscribes to reconnections; returns unsubscribe. */
export function onLiveReconnected(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The server's close code for a signed-out socket (missing, bad, expired or revoked token). */
export const UNAUTHORIZED_CLOSE = 4401;

/**
 * The close code in a subscription error, if the socket closed (Apollo's GraphQLWsLink reports a
 * close as "Socket closed with event <code> <reason>"), else null.
 */
export function closeCodeOf(error: unknown): number | null {
  const message = error instanceof Error ? error.message : '';
  const match = /Socket closed with event (\d+)/.exec(message);
  return match ? Number(match[1]) : null;
}
