import { Feed } from './feed';
import type { LiveUpdate } from './messages';

/** What `notificationAdded` receives: the id of the new row, read by the resolver. */
export interface NotificationAdded {
  id: string;
}

/** What `accountChanged` sends: why (an event kind, ADMIN_ADJUSTMENT or RESYNC) and which transaction. */
export interface AccountChange {
  reason: string;
  transactionId: string | null;
}

/** An open socket of a user, told when its token may have been revoked (or updates may have been missed). */
export interface SessionWatcher {
  recheck(): void;
}

/** Reason sent to every subscriber after the listening connection was down: updates may be missed, refetch. */
export const RESYNC = 'RESYNC';

/** Adds `item` to the user's set in `map`; returns its removal. */
function addTo<T>(map: Map<string, Set<T>>, userId: string, item: T): () => void {
  const set = map.get(userId) ?? new Set<T>();
  map.set(userId, set);
  set.add(item);
  return () => {
    set.delete(item);
    if (!set.size) map.delete(userId);
  };
}

/**
 * In-process fan-out of one instance (issue 12): the listener hands it every update heard on the
 * database channel, and it passes each to that user's subscriptions and sockets here, if any.
 * It holds no state that matters across instances: only who is connected to this one.
 */
export class LiveHub {
  private readonly notifications = new Map<string, Set<Feed<NotificationAdded>>>();
  private readonly accounts = new Map<string, Set<Feed<AccountChange>>>();
  private readonly sessions = new Map<string, Set<SessionWatcher>>();

  /** A `notificationAdded` stream of `userId`. */
  notificationFeed(userId: string): Feed<NotificationAdded> {
    const feed: Feed<NotificationAdded> = new Feed(() => remove());
    const remove = addTo(this.notifications, userId, feed);
    return feed;
  }

  /** An `accountChanged` stream of `userId`. */
  accountFeed(userId: string): Feed<AccountChange> {
    const feed: Feed<AccountChange> = new Feed(() => remove());
    const remove = addTo(this.accounts, userId, feed);
    return feed;
  }

  /** Registers a socket of `userId` for revocations and resyncs; returns the unregistration. */
  watch(userId: string, watcher: SessionWatcher): () => void {
    return addTo(this.sessions, userId, watcher);
  }

  /** Delivers updates to the local subscribers they concern (most concern nobody here). */
  dispatch(updates: LiveUpdate[]): void {
    for (const u of updates) {
      if (u.type === 'notification') for (const f of this.notifications.get(u.userId) ?? []) f.push({ id: u.id });
      else if (u.type === 'account')
        for (const f of this.accounts.get(u.userId) ?? []) f.push({ reason: u.reason, transactionId: u.transactionId });
      else for (const s of this.sessions.get(u.userId) ?? []) s.recheck();
    }
  }

  /**
   * After the listening connection was down, updates may have been missed: every socket re-checks
   * its token (a revocation may be among them) and every account stream is told to refetch.
   */
  resync(): void {
    for (const set of this.sessions.values()) for (const s of set) s.recheck();
    for (const set of this.accounts.values()) for (const f of set) f.push({ reason: RESYNC, transactionId: null });
  }

  /** Open streams of `userId` here (tests wait for a subscription to be in place before acting). */
  feedCount(userId: string): number {
    return (this.notifications.get(userId)?.size ?? 0) + (this.accounts.get(userId)?.size ?? 0);
  }

  /** Open sockets, for logs and tests. */
  sessionCount(): number {
    let n = 0;
    for (const set of this.sessions.values()) n += set.size;
    return n;
  }
}
