import WebSocket from 'ws';
import { until } from './live-test-client';

/** How a raw socket ended: the close frame's code and reason. */
export interface SocketClosed {
  code: number;
  reason: string;
}

/** A graphql-ws message as it travels (`connection_ack`, `next`, `error`, `complete`, …). */
export interface WsMessage {
  type: string;
  id?: string;
  payload?: unknown;
}

/**
 * A graphql-transport-ws socket driven by hand, as an attacker would: no client library deciding
 * what to send or when. `status` is 101 when the upgrade was taken, else the HTTP status it got.
 */
export interface RawSocket {
  status: number;
  messages: WsMessage[];
  /** Resolves when the socket closed (never for a refused upgrade). */
  closed: Promise<SocketClosed>;
  /** Null until closed. */
  closedWith: SocketClosed | null;
  send(message: WsMessage | string): void;
  /** Sends `connection_init` with the token; resolves `'ack'` or how the socket was closed instead. */
  init(token: string): Promise<'ack' | SocketClosed>;
  /** Sends `subscribe` with `id` and `query`. */
  subscribe(id: string, query: string): void;
  /** Resolves once `count` messages match `ok` (polling with a deadline, no fixed sleep). */
  received(ok: (m: WsMessage) => boolean, count?: number): Promise<WsMessage[]>;
  close(): void;
  /** Drops the connection at once, whatever state it is in (cleanup after a test). */
  terminate(): void;
}

/** Where a raw socket connects from: another loopback address (127.0.0.2, …) and extra upgrade headers. */
export interface RawSocketOptions {
  localAddress?: string;
  headers?: Record<string, string>;
}

/** Opens a graphql-transport-ws socket to `url`; resolves once the upgrade was taken or refused. */
export function openRawSocket(url: string, options: RawSocketOptions = {}): Promise<RawSocket> {
  const ws = new WebSocket(url, 'graphql-transport-ws', {
    localAddress: options.localAddress,
    headers: options.headers,
  });
  const messages: WsMessage[] = [];
  let onClosed: (c: SocketClosed) => void = () => undefined;
  const closed = new Promise<SocketClosed>((resolve) => (onClosed = resolve));
  let onAck: () => void = () => undefined;
  const acked = new Promise<'ack'>((resolve) => (onAck = () => resolve('ack')));
  const socket: RawSocket = {
    status: 0,
    messages,
    closed,
    closedWith: null,
    send: (m) => ws.send(typeof m === 'string' ? m : JSON.stringify(m)),
    async init(token) {
      socket.send({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } });
      return Promise.race([acked, closed]);
    },
    subscribe: (id, query) => socket.send({ type: 'subscribe', id, payload: { query } }),
    async received(ok, count = 1) {
      const hits = () => messages.filter(ok);
      await until(
        () => hits().length,
        (n) => n >= count,
      );
      return hits();
    },
    close: () => ws.close(1000),
    terminate: () => ws.terminate(),
  };
  ws.on('message', (data) => {
    const message = JSON.parse(String(data)) as WsMessage;
    messages.push(message);
    if (message.type === 'connection_ack') onAck();
  });
  ws.on('close', (code, reason) => {
    socket.closedWith = { code, reason: String(reason) };
    onClosed(socket.closedWith);
  });
  return new Promise((resolve) => {
    ws.once('open', () => resolve(Object.assign(socket, { status: 101 })));
    ws.once('unexpected-response', (_req, res) => {
      res.resume();
      resolve(Object.assign(socket, { status: res.statusCode ?? 0 }));
    });
    ws.on('error', () => resolve(socket)); // status 0: never upgraded (and the close frame, if any, is recorded)
  });
}
