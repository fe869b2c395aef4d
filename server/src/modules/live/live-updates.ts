import type { LiveServer, LiveServerOptions } from './live-server';
import { attachLiveServer } from './live-server';
import { LiveHub } from './hub';
import { DEFAULT_LISTENER_TIMING, LiveListener, type ListenerTiming } from './listener';
import { decodeUpdates } from './messages';

/** One instance's live updates: the LISTEN connection, the in-process hub, the websocket server. */
export interface LiveUpdates {
  hub: LiveHub;
  listener: LiveListener;
  /** SIGTERM: sockets closed with 1012 at once, new ones refused. */
  drain(): Promise<void>;
  /** Everything stopped (Apollo's stop runs it). */
  stop(): Promise<void>;
}

/**
 * Starts live updates on the app's HTTP server: listens on the database channel (waiting for the
 * first LISTEN, so nothing committed after start is missed; a failure there is retried, not fatal)
 * and serves graphql-ws on /graphql.
 */
export async function startLiveUpdates(
  options: Omit<LiveServerOptions, 'hub'> & { databaseUrl: string; timing?: ListenerTiming },
): Promise<LiveUpdates> {
  const hub = new LiveHub();
  const listener = new LiveListener(
    options.databaseUrl,
    { payload: (text) => hub.dispatch(decodeUpdates(text)), reconnected: () => hub.resync() },
    options.services.logger,
    options.timing ?? DEFAULT_LISTENER_TIMING,
  );
  await listener.start();
  const server: LiveServer = attachLiveServer({ ...options, hub });
  let stopped: Promise<void> | null = null;
  return {
    hub,
    listener,
    drain: () => server.drain(),
    stop: () =>
      (stopped ??= (async () => {
        await server.close();
        await listener.stop();
      })()),
  };
}
