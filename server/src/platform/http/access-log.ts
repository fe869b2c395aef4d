import { parse as parseQuery } from 'node:querystring';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { onceAnswered } from './answered';
import { type Logger, requestIdFor, scrubRequestLog } from '../../kernel/logger';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** The request's id (access-log.ts): on every log line about it and in X-Request-Id. */
      id?: string;
    }
  }
}

/** The request as an access line shows it (the same fields pino's standard serializer wrote). */
interface LoggedRequest {
  method: string;
  url: string;
  query?: unknown;
  headers: Record<string, unknown>;
  remoteAddress?: string;
  remotePort?: number;
}

/** The request part of a line: the query parsed only when there is one (scrubbed with the url). */
function loggedRequest(req: Request): LoggedRequest {
  const url = req.originalUrl;
  const q = url.indexOf('?');
  return scrubRequestLog({
    method: req.method,
    url,
    ...(q >= 0 ? { query: parseQuery(url.slice(q + 1)) } : {}),
    headers: req.headers,
    remoteAddress: req.socket.remoteAddress,
    remotePort: req.socket.remotePort,
  });
}

/**
 * One line per answered request, written when the answer is finished or the client went away:
 * `request completed` (status < 500), `request errored` (5xx) or `request aborted`, each with
 * `reqId`, the scrubbed request, the status and `responseTime` in ms. Also gives every request its
 * id (`req.id`, `X-Request-Id`). Replaces pino-http, which built two child loggers per request
 * (a tenth of a small request's CPU) for lines that need none.
 */
export function accessLog(logger: Logger, ignore: (req: Request) => boolean): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const reqId = requestIdFor(req, res);
    req.id = reqId;
    if (ignore(req)) return next();
    const started = Date.now();
    onceAnswered(res, () => {
      const line = {
        reqId,
        req: loggedRequest(req),
        res: { statusCode: res.statusCode },
        responseTime: Date.now() - started,
      };
      if (!res.writableFinished) logger.info({ ...line, err: new Error('request aborted') }, 'request aborted');
      else if (res.statusCode >= 500)
        logger.info({ ...line, err: new Error(`failed with status code ${res.statusCode}`) }, 'request errored');
      else logger.info(line, 'request completed');
    });
    next();
  };
}
