import { Gauge, type Registry } from 'prom-client';

/** A read slower than this is reported down for the scrape rather than holding it up. */
export const SCRAPE_READ_TIMEOUT_MS = 2000;

/**
 * `read()` bounded by `timeoutMs`: its value, or null when it failed or took longer. Shared by
 * every scrape-time read (ScrapeReads, the queue backlogs) so none can hold a scrape up.
 */
export async function bounded<T>(read: () => Promise<T>, timeoutMs: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
    timer.unref();
  });
  try {
    return await Promise.race([read().catch(() => null), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The scrape-time reads of one registry (job queues, settlement, the ledger's reconciliation):
 * each read once per scrape however many gauges show it (prom-client starts every metric's collect
 * in the same tick, so they share the read in flight), bounded so a slow database never holds up
 * the scrape, and reported by `cryptovest_metrics_source_up{source}` (1 answered, 0 failed or timed
 * out), so a gauge missing for that reason is told apart from a zero.
 */
export class ScrapeReads {
  private readonly reads = new Map<string, () => Promise<unknown>>();

  constructor(
    registry: Registry,
    private readonly timeoutMs = SCRAPE_READ_TIMEOUT_MS,
  ) {
    const reads = this.reads;
    new Gauge({
      name: 'cryptovest_metrics_source_up',
      help: '1 when the source read at scrape time (job queues, settlement, ledger reconciliation) answered within 2 s, else 0',
      labelNames: ['source'] as const,
      registers: [registry],
      async collect() {
        const outcomes = await Promise.all([...reads].map(async ([source, read]) => [source, await read()] as const));
        this.reset();
        for (const [source, value] of outcomes) this.set({ source }, value === null ? 0 : 1);
      },
    });
  }

  /** Adds source `name`; the function returned reads it, shared within a scrape (null when it failed or timed out). */
  add<T>(name: string, read: () => Promise<T>): () => Promise<T | null> {
    let pending: Promise<T | null> | null = null;
    const shared = () =>
      (pending ??= bounded(read, this.timeoutMs).finally(() => {
        pending = null;
      }));
    this.reads.set(name, shared);
    return shared;
  }
}
