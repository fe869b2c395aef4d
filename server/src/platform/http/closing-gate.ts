import type { NextFunction, Request, Response } from 'express';
import { ERROR_MAP, ErrorCode } from '../../kernel/errors';

/** What a request that arrives while the instance shuts down is told (it did nothing: retry it). */
export const RESTARTING_MESSAGE = 'The service is restarting. Try again.';

/** Retry at once: the balancer sends the retry to another instance. */
const RESTART_RETRY_AFTER_SECONDS = 1;

/** The first middleware, and the switch main.ts flips once the balancer has stopped sending. */
export interface ClosingGate {
  handle(req: Request, res: Response, next: NextFunction): void;
  /** From now on new requests get 503 before any work, and responses in flight close their socket. */
  close(): void;
  /** Requests started and not yet answered (or abandoned by their client). */
  inFlight(): number;
}

/**
 * Keep-alive sockets outlive `httpServer.close()`: a request arriving on one after it would run,
 * commit, and lose its answer when the process ends. The gate answers such requests 503 +
 * `Connection: close` before any work, and marks answers still being prepared `Connection: close`
 * so clients stop reusing the socket; it counts requests in flight for the drain.
 */
export function closingGate(): ClosingGate {
  const running = new Set<Response>();
  let closing = false;

  const refuse = (req: Request, res: Response) => {
    const { http, graphql } = ERROR_MAP[ErrorCode.UNAVAILABLE];
    res.status(http).set({ Connection: 'close', 'Retry-After': String(RESTART_RETRY_AFTER_SECONDS) });
    if (req.path.startsWith('/graphql')) {
      res.json({ errors: [{ message: RESTARTING_MESSAGE, extensions: { code: graphql } }] });
    } else {
      res.json({ errors: [{ error: RESTARTING_MESSAGE, code: ErrorCode.UNAVAILABLE }] });
    }
  };

  return {
    handle(req, res, next) {
      if (closing) return refuse(req, res);
      running.add(res);
      res.once('close', () => running.delete(res));
      next();
    },
    close() {
      closing = true;
      for (const res of running) if (!res.headersSent) res.setHeader('Connection', 'close');
    },
    inFlight: () => running.size,
  };
}
