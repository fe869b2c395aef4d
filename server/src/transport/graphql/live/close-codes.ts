/** Close codes of /graphql sockets, one list for server, tests and docs (docs/graphql.md, "Subscriptions"). */
export const CLOSE_CODES = Object.freeze({
  /** No token, a bad one, or it expired or was revoked: sign in again (graphql-ws clients do not retry it). */
  UNAUTHORIZED: 4401,
  /**
   * The user (at `connection_init`) or the address (from the upgrade) holds its share of sockets on
   * this instance already: close one, or retry later with backoff (graphql-ws clients do).
   * 429 as in HTTP's Too Many Requests; graphql-ws keeps 4429 for a repeated `connection_init`.
   */
  TOO_MANY_SOCKETS: 4290,
  /** Subscribe messages came faster than LIVE_SUBSCRIBE_PER_MINUTE: reconnect later, with backoff. */
  TOO_MANY_SUBSCRIBES: 4291,
  /** A message longer than LIVE_MAX_MESSAGE_BYTES (sent by ws itself, without a reason text). */
  MESSAGE_TOO_BIG: 1009,
  /** The instance is shutting down: reconnect, the balancer sends you to another one. */
  SERVICE_RESTART: 1012,
  /** The database could not check the token just now: retry shortly. */
  TRY_AGAIN_LATER: 1013,
});
