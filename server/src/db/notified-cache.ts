/** Something kept in memory that the LISTEN connection keeps honest (see live-updates.ts). */
export interface NotifiedSource {
  /** The channel its table's trigger notifies. */
  readonly channel: string;
  /** A NOTIFY on the channel was heard, with its payload. */
  changed(payload: string): void;
  /** The LISTEN is in place (again). */
  listening(): void;
  /** The LISTEN is gone. */
  lost(): void;
}

/**
 * Reference data (the plans) kept in memory only while this instance is sure to hear of its
 * changes: a trigger on the table NOTIFYs `channel` on every write, the instance's LISTEN
 * connection (platform/live/listener.ts) calls `changed()`, and the next read loads again. While
 * that connection is down a change could go unheard, so every read goes to the database until it
 * is back (and the copy taken before is dropped). Every instance drops its copy within the
 * NOTIFY's delivery time, so an operator's edit shows everywhere at once, without a TTL.
 */
export class NotifiedCache<T> implements NotifiedSource {
  private value: Promise<T> | null = null;
  private live = false;
  private generation = 0;

  constructor(
    /** The channel the table's trigger notifies (see the migration that creates it). */
    readonly channel: string,
    private readonly load: () => Promise<T>,
  ) {}

  /** The cached value while listening, else a fresh read. A failed read is not kept. */
  get(): Promise<T> {
    if (!this.live) return this.load();
    if (this.value) return this.value;
    const value = this.load();
    this.value = value;
    // Only this read is forgotten: a newer one may already have replaced it.
    value.catch(() => {
      if (this.value === value) this.value = null;
    });
    return value;
  }

  /**
   * Which copy of the table a read now sees: the same number means no change since, so whatever
   * was built from the data (a rendered page) still holds. Null while not listening: nothing built
   * from it may be kept.
   */
  get version(): number | null {
    return this.live ? this.generation : null;
  }

  /** The table changed (a NOTIFY was heard): the next read loads. */
  changed(): void {
    this.value = null;
    this.generation += 1;
  }

  /** The LISTEN is in place (again): anything missed while it was not is dropped, caching resumes. */
  listening(): void {
    this.changed();
    this.live = true;
  }

  /** The LISTEN is gone: changes may go unheard, so reads go to the database until it is back. */
  lost(): void {
    this.changed();
    this.live = false;
  }
}
