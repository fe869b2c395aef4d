import type { NotifiedSource } from './notified-cache';

/**
 * Rows kept in memory by key (a user's id) only while this instance is sure to hear of their
 * changes: the table's trigger NOTIFYs `channel` with the row's key on every write (an empty
 * payload for "any row", e.g. TRUNCATE), the LISTEN connection calls `changed(key)`, and that key's
 * next read loads again. While the connection is down every read goes to the database and nothing
 * is kept. At most `capacity` keys are kept; the least recently used is dropped first.
 *
 * A read in flight when its key changes is dropped with the key, so it is never kept: whoever asks
 * after the NOTIFY loads again and sees the change.
 */
export class NotifiedMap<V> implements NotifiedSource {
  /** Insertion order is recency order: a hit moves its key to the end. */
  private readonly entries = new Map<string, Promise<V>>();
  private live = false;

  constructor(
    /** The channel the table's trigger notifies (see the migration that creates it). */
    readonly channel: string,
    private readonly load: (key: string) => Promise<V>,
    private readonly capacity: number,
  ) {}

  /** The kept value of `key` while listening, else a fresh read. A failed read is not kept. */
  get(key: string): Promise<V> {
    if (!this.live) return this.load(key);
    const kept = this.entries.get(key);
    if (kept) {
      this.entries.delete(key);
      this.entries.set(key, kept);
      return kept;
    }
    const value = this.load(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
    // Only this read is forgotten: a newer one may already have replaced it.
    value.catch(() => {
      if (this.entries.get(key) === value) this.entries.delete(key);
    });
    return value;
  }

  /** How many keys are kept now (for tests and metrics). */
  get size(): number {
    return this.entries.size;
  }

  /**
   * The row of `key` changed (its NOTIFY was heard, or this instance just wrote it): its next
   * read loads. An empty key means any row may have changed.
   */
  changed(key: string): void {
    if (key) this.entries.delete(key);
    else this.entries.clear();
  }

  /** The LISTEN is in place (again): anything missed while it was not is dropped, keeping resumes. */
  listening(): void {
    this.entries.clear();
    this.live = true;
  }

  /** The LISTEN is gone: changes may go unheard, so reads go to the database until it is back. */
  lost(): void {
    this.entries.clear();
    this.live = false;
  }
}
