import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { Counter, Histogram, type Registry } from 'prom-client';
import { onceAnswered } from '../http';

/** Methods kept as labels; anything else (WebDAV verbs, scanners) is `OTHER`. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** From 5 ms to 10 s: the API's answers, and the slow ones worth an alert. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** The `status` of a request the client gave up on before the answer was sent (nginx's convention). */
const CLIENT_CLOSED = '499';

/**
 * The `route` label: the matched pattern with its mount path (`/api/transaction/:id`), never the
 * raw URL, so ids and query strings cannot multiply series. GraphQL is `/graphql`, the web client's
 * pages `page`, files served from the client build `static`, anything unmatched `other`.
 */
export function routeLabel(req: Request, res: Response): string {
  const pattern: unknown = req.route?.path;
  if (typeof pattern === 'string') return `${req.baseUrl}${pattern === '/' && req.baseUrl ? '' : pattern}` || '/';
  if (pattern !== undefined) return 'page'; // the pages' catch-all is the only non-string route
  const urlPath = req.originalUrl.split('?', 1)[0];
  if (urlPath === '/graphql' || urlPath.startsWith('/graphql/')) return '/graphql';
  const served = res.statusCode < 400 && (req.method === 'GET' || req.method === 'HEAD');
  if (served && !urlPath.startsWith('/api/')) return 'static'; // express.static answered: no route
  return 'other';
}

/**
 * Express middleware (right after the request logger): counts every answered request by method,
 * route pattern and status, and observes its duration by method and route only, when the response
 * finishes or the client goes away. The histogram has no `status`: each status would multiply its
 * 13 series per route, and latency is read per route (errors have the counter).
 */
export function httpMetrics(registry: Registry): RequestHandler {
  const requests = new Counter({
    name: 'cryptovest_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'cryptovest_http_request_duration_seconds',
    help: 'Time from the request reaching the app to the last byte of its answer, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: BUCKETS,
    registers: [registry],
  });
  return (req: Request, res: Response, next: NextFunction) => {
    const end = duration.startTimer();
    onceAnswered(res, () => {
      const labels = { method: METHODS.has(req.method) ? req.method : 'OTHER', route: routeLabel(req, res) };
      requests.inc({ ...labels, status: res.writableFinished ? String(res.statusCode) : CLIENT_CLOSED });
      end(labels);
    });
    next();
  };
}
