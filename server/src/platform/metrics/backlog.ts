import { Gauge, type Registry } from 'prom-client';
import { bounded, SCRAPE_READ_TIMEOUT_MS } from './scrape-reads';

/** What a queue reports at scrape time (the mail outbox and the job queue have this shape). */
export interface BacklogStats {
  /** Items waiting to be worked on. */
  queued: number;
  /** Items that gave up (retries exhausted) and wait for an operator. */
  failed: number;
  /** Age of the oldest waiting item; null when nothing waits. */
  oldestQueuedSeconds: number | null;
}

/** Anything that can say how far behind it is: `MailOutbox`, `JobQueue`, a test's fake. */
export interface BacklogSource {
  stats(): Promise<BacklogStats>;
}

const NAME_RE = /^[a-z][a-z0-9_]{0,39}$/;

/** Process-wide, like the queues themselves: registered once at wiring, read by every registry. */
const sources = new Map<string, BacklogSource>();

/**
 * Makes a queue's backlog, failures and oldest waiting age visible on /metrics (read when scraped,
 * so a stalled worker still shows). `name` becomes the `source` label; registering a name again
 * replaces it. Returns a function that removes the source.
 */
export function registerBacklog(name: string, source: BacklogSource): () => void {
  if (!NAME_RE.test(name)) throw new Error(`backlog source name must match ${NAME_RE} (got "${name}")`);
  sources.set(name, source);
  return () => {
    if (sources.get(name) === source) sources.delete(name);
  };
}

type Snapshot = Map<string, BacklogStats | null>;

/** Each source's stats, or null when it failed or took longer than a scrape allows (SCRAPE_READ_TIMEOUT_MS). */
async function readAll(): Promise<Snapshot> {
  const entries = await Promise.all(
    [...sources].map(
      async ([name, source]) => [name, await bounded(() => source.stats(), SCRAPE_READ_TIMEOUT_MS)] as const,
    ),
  );
  return new Map(entries);
}

/**
 * Adds `cryptovest_queue_backlog`, `_failed`, `_oldest_queued_seconds` and `_stats_up` (all by
 * `source`) to `registry`, filled from the registered sources at every scrape.
 */
export function backlogMetrics(registry: Registry): void {
  // One scrape reads each source once, though four gauges show it: prom-client starts every
  // metric's collect together, so they share the read in flight.
  let pending: Promise<Snapshot> | null = null;
  const snapshot = () =>
    (pending ??= readAll().finally(() => {
      pending = null;
    }));
  const gauge = (name: string, help: string, value: (s: BacklogStats | null) => number | null) =>
    new Gauge({
      name: `cryptovest_queue_${name}`,
      help,
      labelNames: ['source'],
      registers: [registry],
      async collect() {
        const all = await snapshot();
        this.reset(); // a removed source disappears instead of freezing at its last value
        for (const [source, stats] of all) {
          const v = value(stats);
          if (v !== null && Number.isFinite(v)) this.set({ source }, v);
        }
      },
    });
  gauge('backlog', 'Items waiting to be worked on', (s) => (s ? s.queued : null));
  gauge('failed', 'Items that exhausted their retries and wait for an operator', (s) => (s ? s.failed : null));
  gauge('oldest_queued_seconds', 'Age of the oldest waiting item (0 when none waits)', (s) =>
    s ? (s.oldestQueuedSeconds ?? 0) : null,
  );
  gauge('stats_up', '1 when the source answered its stats at this scrape, 0 when it failed or timed out', (s) =>
    s ? 1 : 0,
  );
}
