import type { AddressInfo } from 'node:net';
import type http from 'node:http';
import { createClient, type Client } from 'graphql-ws';
import type { DataSource } from 'typeorm';
import WebSocket from 'ws';
import type { LiveListener } from '../platform/live/listener';

/** TEST ONLY: how a socket ended (code and reason of the close frame). */
export interface Closed {
  code: number;
  reason: string;
}

/** TEST ONLY: a graphql-ws client as the web client uses it, without retries, that records its close. */
export interface LiveClient {
  client: Client;
  /** Resolves when the server acknowledged `connection_init`. */
  connected: Promise<void>;
  /** Resolves when the socket closed, with the server's code and reason. */
  closed: Promise<Closed>;
  dispose(): Promise<void>;
}

/** TEST ONLY: listens on a free port of 127.0.0.1 and returns the ws URL of /graphql. */
export async function listenForSockets(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `ws://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
}

/** TEST ONLY: connects at once (not lazily) with `{ authorization: 'Bearer <token>' }`, or with no payload. */
export function connectLive(url: string, token?: string, params?: Record<string, unknown>): LiveClient {
  let onConnected: () => void = () => undefined;
  let onClosed: (c: Closed) => void = () => undefined;
  const connected = new Promise<void>((resolve) => (onConnected = resolve));
  const closed = new Promise<Closed>((resolve) => (onClosed = resolve));
  const client = createClient({
    url,
    webSocketImpl: WebSocket,
    lazy: false,
    retryAttempts: 0,
    connectionParams: params ?? (token ? { authorization: `Bearer ${token}` } : undefined),
    onNonLazyError: () => undefined,
    on: {
      connected: () => onConnected(),
      closed: (event) => {
        const e = event as { code?: number; reason?: unknown };
        onClosed({ code: e.code ?? 0, reason: String(e.reason ?? '') });
      },
    },
  });
  return { client, connected, closed, dispose: () => Promise.resolve(client.dispose()) };
}

/** TEST ONLY: one subscription's results as they arrive. */
export interface Stream<T> {
  items: T[];
  errors: unknown[];
  /** The next item (from `from` on) matching `ok`, waiting up to `timeoutMs`. */
  next(ok?: (item: T) => boolean, timeoutMs?: number): Promise<T>;
  stop(): void;
}

/** TEST ONLY: subscribes `query` and collects each result's `data[field]` (errors separately). */
export function stream<T>(live: LiveClient, query: string, field: string): Stream<T> {
  const items: T[] = [];
  const errors: unknown[] = [];
  const stop = live.client.subscribe<Record<string, T>>(
    { query },
    {
      next: (result) => {
        if (result.errors) errors.push(...result.errors);
        if (result.data?.[field]) items.push(result.data[field]);
      },
      error: (err) => errors.push(err),
      complete: () => undefined,
    },
  );
  return {
    items,
    errors,
    stop,
    async next(ok = () => true, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const hit = items.find(ok);
        if (hit) return hit;
        if (Date.now() > deadline)
          throw new Error(
            `no matching ${field} within ${timeoutMs} ms; got ${JSON.stringify(items)} ${JSON.stringify(errors)}`,
          );
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
}

/** TEST ONLY: polls `probe` until `ok` holds (a deadline, never a fixed sleep deciding the result). */
export async function until<T>(probe: () => T | Promise<T>, ok: (v: T) => boolean, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeoutMs} ms; last: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** TEST ONLY: resolves with `promise`'s value, or rejects after `ms`. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms))),
  ]);
}

/**
 * TEST ONLY: ends an instance's LISTEN connection from the database side (as a restart or a network
 * cut would) and waits until it listens again on a new one.
 */
export async function cutListener(listener: LiveListener, admin: DataSource): Promise<void> {
  const pid = listener.backendPid;
  await admin.query(`SELECT pg_terminate_backend($1)`, [pid]);
  await until(() => listener.backendPid !== pid && listener.listening, Boolean);
}
