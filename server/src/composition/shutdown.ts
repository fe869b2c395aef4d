import type { App } from './app';
import type { Logger } from '../kernel/logger';
import type { Services } from './services';

/** How often idle keep-alive sockets are closed while the drain waits for requests in flight. */
const IDLE_SWEEP_MS = 50;

/** The most a dev embedded database gets to stop (rolling back open transactions) after a cut drain. */
const EMBEDDED_STOP_MS = 5000;

/** What the shutdown sequence stops, and its timings (config.lifecycle). */
export interface ShutdownPlan {
  app: App;
  services: Services;
  logger: Logger;
  delayMs: number;
  drainTimeoutMs: number;
  /** The embedded development database, stopped last (null with DATABASE_URL). */
  stopEmbedded: (() => Promise<void>) | null;
  exit: (code: number) => void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Stops accepting connections and resolves once every socket has closed: idle keep-alive sockets
 * are closed at once and again as answers finish (the closing gate marks them `Connection: close`).
 */
async function closeHttp(app: App): Promise<void> {
  const closed = new Promise<void>((resolve) => app.httpServer.close(() => resolve()));
  app.httpServer.closeIdleConnections();
  const sweep = setInterval(() => app.httpServer.closeIdleConnections(), IDLE_SWEEP_MS);
  try {
    await closed;
  } finally {
    clearInterval(sweep);
  }
}

/**
 * The SIGTERM sequence a load balancer can rely on (docs/operations.md, "Deploys and restarts"):
 * readiness 503 at once; keep serving for `delayMs` while the balancer notices; then refuse new
 * requests (503 + `Connection: close`, before any work), close websockets (1012) and idle sockets,
 * let requests in flight answer; then Apollo (and the LISTEN connection), background work, the scheduler, the job queue and the pool; exit 0. A request still running
 * after `drainTimeoutMs` is cut: the process ends, its database session with it, and PostgreSQL
 * rolls its transaction back; that is logged as an error and the exit is still 0.
 * Returns the signal handler; later signals while draining are ignored.
 */
export function shutdownHandler(plan: ShutdownPlan): (signal: string) => Promise<void> {
  const { app, services, logger } = plan;
  let stopping = false;
  let phase = 'delay';

  const cut = async () => {
    const requests = app.inFlight();
    logger.error(
      { requests, phase, drainTimeoutMs: plan.drainTimeoutMs },
      `drain timed out: ${requests} request(s) cut while ${phase}; their database work rolls back`,
    );
    if (plan.stopEmbedded) await Promise.race([plan.stopEmbedded().catch(() => undefined), sleep(EMBEDDED_STOP_MS)]);
    plan.exit(0);
  };

  return async (signal) => {
    if (stopping) return void logger.info({ signal }, 'already draining');
    stopping = true;
    app.setDraining();
    logger.info({ signal, delayMs: plan.delayMs }, 'draining: readiness 503, still serving');
    await sleep(plan.delayMs);

    phase = 'waiting for requests in flight';
    app.setClosing();
    const timer = setTimeout(() => void cut(), plan.drainTimeoutMs);
    try {
      logger.info({ inFlight: app.inFlight() }, 'closing: new requests refused, waiting for requests in flight');
      // Websockets close at once with 1012 (reconnect: the balancer sends them elsewhere); the HTTP
      // server, which counts them as open connections, stops accepting meanwhile.
      await Promise.all([app.live.drain(), closeHttp(app)]);
      await app.apollo.stop(); // no request is left to use it
      phase = 'finishing background work';
      await services.background.idle(); // mails and other work started by those requests
      phase = 'stopping the scheduler';
      await services.scheduler.stop(); // no more periodic runs enqueued by this instance
      phase = 'stopping the job queue';
      await services.queue.stop(); // lets a running job finish, closes pg-boss's pool
      await services.uploads.blobs.close(); // the S3 client's sockets, if any
      phase = 'closing the database pool';
      await services.ds.destroy();
      phase = 'stopping the embedded database';
      await plan.stopEmbedded?.();
      clearTimeout(timer);
      logger.info('stopped cleanly');
      plan.exit(0);
    } catch (err) {
      clearTimeout(timer);
      logger.error({ err, phase }, 'error while draining');
      plan.exit(1);
    }
  };
}
