import type http from 'node:http';
import type { Express } from 'express';

/** How the live server tells clients apart: the address a request comes from, as HTTP sees it. */
export type ClientIp = (req: http.IncomingMessage) => string;

/**
 * `req.ip` as Express computes it for `app` (its `trust proxy` setting, i.e. TRUST_PROXY), for an
 * upgrade request Express never handled: behind a balancer the sockets' caps then count each
 * client, not the balancer's address.
 */
export function expressClientIp(app: Express): ClientIp {
  return (req) => {
    const view = Object.create(app.request, {
      headers: { value: req.headers },
      socket: { value: req.socket },
      connection: { value: req.socket },
    }) as { ip?: string };
    return view.ip ?? req.socket.remoteAddress ?? 'unknown';
  };
}
