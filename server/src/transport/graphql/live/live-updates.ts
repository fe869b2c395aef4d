import { type LiveServer, type LiveServerOptions, attachLiveServer } from './live-server';
import {
  LiveHub,
  DEFAULT_LISTENER_TIMING,
  LiveListener,
  type ListenerTiming,
  decodeUpdates,
  LIVE_CHANNEL,
} from '../../../platform/live';
import type { NotifiedSource } from '../../../db/notified-cache';
import type { SocketGuard } from './socket-guard';

/** One instance's live updates: the LISTEN connection, the in-process hub, the websocket server. */
export interface LiveUpdates {
  hub: LiveHub;
  listener: LiveListener;
  /** The sockets' caps and what they count now. */
  guard: SocketGuard;
  /** SIGTERM: sockets closed with 1012 at once, new ones refused. */
  drain(): Promise<void>;
  /** Everything stopped (Apollo's stop runs it). */
  stop(): Promise<void>;
}

/** What startLiveUpdates needs beyond the websocket server's options. */
export interface LiveUpdatesOptions extends Omit<LiveServerOptions, 'hub'> {
  databaseUrl: string;
  timing?: ListenerTiming;
  /** In-memory copies of tables to drop when their trigger's NOTIFY is heard (plans, callers). */
  caches?: readonly NotifiedSource[];
}

/**
 * Starts live updates on the app's HTTP server: listens on the database channels (waiting for the
 * first LISTEN, so nothing committed after start is missed; a failure there is retried, not fatal)
 * and serves graphql-ws on /graphql. The same connection keeps `caches` honest: each is used only
 * while it is listening.
 */
export async function startLiveUpdates(options: LiveUpdatesOptions): Promise<LiveUpdates> {
  const hub = new LiveHub();
  const caches = options.caches ?? [];
  const channels: Record<string, (payload: string) => void> = {
    [LIVE_CHANNEL]: (text) => hub.dispatch(decodeUpdates(text)),
  };
  for (const cache of caches) channels[cache.channel] = (payload) => cache.changed(payload);
  const listener = new LiveListener(
    options.databaseUrl,
    {
      channels,
      listening: (again) => {
        for (const cache of caches) cache.listening();
        if (again) hub.resync();
      },
      lost: () => {
        for (const cache of caches) cache.lost();
      },
    },
    options.services.logger,
    options.timing ?? DEFAULT_LISTENER_TIMING,
  );
  await listener.start();
  const server: LiveServer = attachLiveServer({ ...options, hub });
  let stopped: Promise<void> | null = null;
  return {
    hub,
    listener,
    guard: server.guard,
    drain: () => server.drain(),
    stop: () =>
      (stopped ??= (async () => {
        await server.close();
        await listener.stop();
      })()),
  };
}
