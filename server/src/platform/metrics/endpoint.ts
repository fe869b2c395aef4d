import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express, Request, Response, NextFunction } from 'express';
import type { Registry } from 'prom-client';
import type { Config } from '../../kernel/config';
import type { Logger } from '../../kernel/logger';
import type { AppMetrics } from './registry';

const sha256 = (s: string) => createHash('sha256').update(s).digest();

/**
 * True when `authorization` is `Bearer <token>`. Both sides are hashed first, so the comparison
 * takes the same time whatever the guess and leaks not even the token's length.
 */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const given = /^bearer +(\S+) *$/i.exec(authorization ?? '')?.[1] ?? '';
  return timingSafeEqual(sha256(given), sha256(token));
}

/** Writes the registry in Prometheus' text format. */
async function writeMetrics(registry: Registry, res: http.ServerResponse, head: boolean): Promise<void> {
  const body = await registry.metrics();
  res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
  res.end(head ? undefined : body);
}

/** A listener that serves only GET /metrics (404 for anything else), on the private address given. */
async function listenPrivately(registry: Registry, port: number, host: string, logger: Logger): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?', 1)[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not Found\n');
      return;
    }
    writeMetrics(registry, res, req.method === 'HEAD').catch((err: unknown) => {
      logger.error({ err }, 'metrics collection failed');
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.unref(); // never what keeps the process alive
  const { address, port: bound } = server.address() as AddressInfo;
  logger.info({ address, port: bound }, 'metrics listening (GET /metrics)');
  return server;
}

/**
 * Serves /metrics off the public surface: on the app only with `Authorization: Bearer
 * <METRICS_TOKEN>` (any of its tokens; anyone else falls through to the app's usual 404, so the path's existence is
 * not revealed), and/or on a separate listener at METRICS_HOST:METRICS_PORT, closed when the app
 * stops. With neither configured nothing is served (a warning in production).
 */
export async function serveMetrics(
  app: Express,
  metrics: AppMetrics,
  config: Pick<Config, 'metrics' | 'isProduction'>,
  logger: Logger,
): Promise<void> {
  const { tokens, port, host } = config.metrics;
  if (tokens.length) {
    app.get('/metrics', (req: Request, res: Response, next: NextFunction) => {
      // Every token is compared (no early exit), so timing does not tell which one matched.
      const matches = tokens.map((token) => bearerMatches(req.headers.authorization, token));
      if (!matches.includes(true)) return next();
      return writeMetrics(metrics.registry, res, req.method === 'HEAD');
    });
  }
  if (port !== null) {
    const server = await listenPrivately(metrics.registry, port, host, logger);
    metrics.onStop(async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections(); // Prometheus keeps its connection open between scrapes
      await closed;
    });
  }
  if (!tokens.length && port === null && config.isProduction)
    logger.warn('metrics are not served: set METRICS_TOKEN or METRICS_PORT (docs/operations.md, "Metrics")');
}
