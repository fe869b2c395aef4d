import { Client } from 'pg';
import type { Logger } from '../../kernel/logger';

/** How the listening connection is kept: reconnect waits (doubling, jittered) and the liveness probe. */
export interface ListenerTiming {
  minDelayMs: number;
  maxDelayMs: number;
  /** A probe query this often: a server that froze or vanished without a FIN is noticed. */
  heartbeatMs: number;
  /** Connect and probe timeout. */
  timeoutMs: number;
}

/** Production timing: retries from 250 ms up to 15 s; a probe every 30 s. */
export const DEFAULT_LISTENER_TIMING: Readonly<ListenerTiming> = Object.freeze({
  minDelayMs: 250,
  maxDelayMs: 15_000,
  heartbeatMs: 30_000,
  timeoutMs: 5_000,
});

/** What the listener reports to: payloads heard per channel, and when listening starts or stops. */
export interface ListenerSink {
  /** The channels to LISTEN on, each with what to do with a payload heard there. */
  channels: Readonly<Record<string, (payload: string) => void>>;
  /** The LISTEN is in place; `again` after a gap, when anything sent meanwhile was missed. */
  listening(again: boolean): void;
  /** The LISTEN is gone (until the reconnect): nothing sent now will be heard. */
  lost(): void;
}

const noop = () => undefined;

/**
 * The one LISTEN connection of an instance (issue 12): a dedicated pg client outside the pool
 * (a pooled connection is shared and recycled, a LISTEN must stay). When it drops (database
 * restart, network, a failed probe) it is logged and re-opened with backoff while the instance
 * keeps serving; once listening again the sink is told, because anything sent meanwhile was
 * missed (see LiveHub.resync). `start()` never throws: a failed first connect is retried too.
 */
export class LiveListener {
  private client: Client | null = null;
  private stopped = false;
  private failures = 0;
  private listenedBefore = false;
  private retry: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private pid: number | null = null;

  constructor(
    private readonly url: string,
    private readonly sink: ListenerSink,
    private readonly logger: Logger,
    private readonly timing: ListenerTiming = DEFAULT_LISTENER_TIMING,
  ) {}

  /** Connects and listens (or schedules the retry); resolves after the first attempt. */
  start(): Promise<void> {
    return this.connect();
  }

  /** True while the LISTEN is in place. */
  get listening(): boolean {
    return this.client !== null;
  }

  /** The server process of the listening connection (operators and tests can find it in pg_stat_activity). */
  get backendPid(): number | null {
    return this.pid;
  }

  private async connect(): Promise<void> {
    this.retry = null;
    if (this.stopped) return;
    const client = new Client({
      connectionString: this.url,
      application_name: 'cryptovest-live',
      keepAlive: true,
      connectionTimeoutMillis: this.timing.timeoutMs,
      query_timeout: this.timing.timeoutMs,
    });
    client.on('error', (err) => this.dropped(client, err));
    client.on('end', () => this.dropped(client, null));
    client.on('notification', (msg) => {
      const heard = Object.hasOwn(this.sink.channels, msg.channel) ? this.sink.channels[msg.channel] : null;
      heard?.(msg.payload ?? '');
    });
    try {
      await client.connect();
      for (const channel of Object.keys(this.sink.channels)) await client.query(`LISTEN ${channel}`);
      this.pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
    } catch (err) {
      this.discard(client);
      return this.retryLater(err);
    }
    if (this.stopped) return this.discard(client);
    this.client = client;
    this.failures = 0;
    this.heartbeat = setInterval(() => void this.probe(client), this.timing.heartbeatMs);
    this.heartbeat.unref();
    if (this.listenedBefore) this.logger.info({ pid: this.pid }, 'live updates: listening again; subscribers resync');
    this.sink.listening(this.listenedBefore);
    this.listenedBefore = true;
  }

  /** One liveness probe; a failure drops the connection (and reconnects). */
  private async probe(client: Client): Promise<void> {
    try {
      await client.query('SELECT 1');
    } catch (err) {
      this.dropped(client, err);
    }
  }

  /** The current connection ended or failed: forget it, reconnect unless stopping. */
  private dropped(client: Client, err: unknown): void {
    if (this.client !== client) return;
    this.client = null;
    this.pid = null;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    this.discard(client);
    this.sink.lost();
    if (this.stopped) return;
    this.logger.warn(
      { err },
      'live updates: listening connection lost; reconnecting (updates sent meanwhile are missed)',
    );
    this.retryLater(null);
  }

  private retryLater(err: unknown): void {
    if (this.stopped) return;
    this.failures += 1;
    const base = Math.min(this.timing.maxDelayMs, this.timing.minDelayMs * 2 ** (this.failures - 1));
    const delayMs = Math.round(base * (0.5 + Math.random() / 2));
    // Every failed attempt while the database is away would flood the log: the first, then every tenth.
    if (err && (this.failures === 1 || this.failures % 10 === 0))
      this.logger.warn({ err, attempt: this.failures, delayMs }, 'live updates: cannot listen yet; retrying');
    this.retry = setTimeout(() => void this.connect(), delayMs);
    this.retry.unref();
  }

  /** Closes a client without waiting or caring about its errors. */
  private discard(client: Client): void {
    client.removeAllListeners();
    client.on('error', noop);
    client.end().catch(noop);
  }

  /** Stops listening for good (shutdown). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    if (this.heartbeat) clearInterval(this.heartbeat);
    const client = this.client;
    this.client = null;
    this.pid = null;
    if (!client) return;
    this.sink.lost();
    client.removeAllListeners();
    client.on('error', noop);
    await client.end().catch(noop);
  }
}
