/**
 * Sockets held per key (a user id or a client address) on this instance, each key capped at
 * `max`. Counting is per instance on purpose: the memory and CPU a socket costs are this
 * instance's, and a balancer spreads one client's sockets over instances anyway.
 */
export class SocketSlots {
  private readonly held = new Map<string, number>();

  constructor(readonly max: number) {}

  /** Whether `key` may hold one more socket now. */
  free(key: string): boolean {
    return (this.held.get(key) ?? 0) < this.max;
  }

  /** Takes a slot for `key`; null when it holds `max` already, else the release (safe to call twice). */
  take(key: string): (() => void) | null {
    const n = this.held.get(key) ?? 0;
    if (n >= this.max) return null;
    this.held.set(key, n + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.held.get(key) ?? 1) - 1;
      if (left > 0) this.held.set(key, left);
      else this.held.delete(key);
    };
  }

  /** Sockets `key` holds now (tests wait for a release). */
  count(key: string): number {
    return this.held.get(key) ?? 0;
  }

  /** Keys holding at least one socket: the map never keeps empty entries. */
  get size(): number {
    return this.held.size;
  }
}
