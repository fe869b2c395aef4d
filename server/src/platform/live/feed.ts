/** Items a slow subscriber may have waiting; older ones are dropped (clients refetch anyway). */
const MAX_WAITING = 256;

/**
 * A push-fed async iterator for one subscription: the hub pushes, graphql-ws pulls. `return()`
 * (the client unsubscribed or the socket closed) runs `onClose` once, so the hub forgets it.
 */
export class Feed<T> implements AsyncIterableIterator<T> {
  private readonly waiting: T[] = [];
  private pull: ((result: IteratorResult<T>) => void) | null = null;
  private done = false;

  constructor(private readonly onClose: () => void) {}

  /** Delivers one item (dropped once closed). */
  push(item: T): void {
    if (this.done) return;
    if (this.pull) {
      const resolve = this.pull;
      this.pull = null;
      resolve({ value: item, done: false });
      return;
    }
    this.waiting.push(item);
    if (this.waiting.length > MAX_WAITING) this.waiting.shift();
  }

  next(): Promise<IteratorResult<T>> {
    if (this.waiting.length) return Promise.resolve({ value: this.waiting.shift() as T, done: false });
    if (this.done) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => (this.pull = resolve));
  }

  return(): Promise<IteratorResult<T>> {
    this.close();
    return Promise.resolve({ value: undefined, done: true });
  }

  throw(err: unknown): Promise<IteratorResult<T>> {
    this.close();
    return Promise.reject(err);
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<T> {
    return this;
  }

  /** Ends the feed: a pending pull completes, nothing more is delivered. */
  close(): void {
    if (this.done) return;
    this.done = true;
    this.waiting.length = 0;
    this.onClose();
    const resolve = this.pull;
    this.pull = null;
    resolve?.({ value: undefined, done: true });
  }
}
