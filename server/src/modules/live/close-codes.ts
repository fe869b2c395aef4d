/** Close codes of /graphql sockets, one list for server, tests and docs (docs/graphql.md, "Subscriptions"). */
export const CLOSE_CODES = Object.freeze({
  /** No token, a bad one, or it expired or was revoked: sign in again (graphql-ws clients do not retry it). */
  UNAUTHORIZED: 4401,
  /** The instance is shutting down: reconnect, the balancer sends you to another one. */
  SERVICE_RESTART: 1012,
  /** The database could not check the token just now: retry shortly. */
  TRY_AGAIN_LATER: 1013,
});
