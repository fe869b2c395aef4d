import { closeCodeOf, onLiveReconnected } from './liveEvents';
import { connectionParams, createLiveClient, liveUrl, retryDelayMs, shouldReconnect } from './liveLink';
import { clearToken, setToken } from '../session/session';

/** A WebSocket stand-in speaking graphql-ws's server side: acks every init, records messages. */
class FakeSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;
  static opened: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  sent: { type: string; payload?: { authorization?: string } }[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;

  constructor(
    readonly url: string,
    readonly protocol: string,
  ) {
    FakeSocket.opened.push(this);
    setTimeout(() => {
      this.readyState = FakeSocket.OPEN;
      this.onopen?.();
    }, 0);
  }

  send(data: string): void {
    const message = JSON.parse(data) as FakeSocket['sent'][number];
    this.sent.push(message);
    if (message.type === 'connection_init')
      setTimeout(() => this.onmessage?.({ data: JSON.stringify({ type: 'connection_ack' }) }), 0);
  }

  /** The server (or the client) closes the socket with `code`. */
  close(code = 1000, reason = ''): void {
    if (this.readyState === FakeSocket.CLOSED) return;
    this.readyState = FakeSocket.CLOSED;
    setTimeout(() => this.onclose?.({ code, reason }), 0);
  }
}

/** Resolves once `check` holds (polling), or fails after `ms`. */
async function until(check: () => boolean, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('live updates socket', () => {
  afterEach(() => clearToken());

  it('uses the API URL with ws: for http: and wss: for https:', () => {
    expect(liveUrl('/graphql', 'http://127.0.0.1:4173/dashboard')).toBe('ws://127.0.0.1:4173/graphql');
    expect(liveUrl('/graphql', 'https://cryptovest.example/dashboard?x=1#top')).toBe(
      'wss://cryptovest.example/graphql',
    );
    expect(liveUrl('https://api.example/graphql', 'http://localhost:5173/')).toBe('wss://api.example/graphql');
  });

  it('reconnects after a drain (1012), a database hiccup (1013) or a lost network, never after 4401', () => {
    expect(shouldReconnect({ code: 1012, reason: 'Server restarting: reconnect' })).toBe(true);
    expect(shouldReconnect({ code: 1013, reason: 'Try again later' })).toBe(true);
    expect(shouldReconnect({ code: 1006, reason: '' })).toBe(true);
    expect(shouldReconnect(new Event('error'))).toBe(true);
    expect(shouldReconnect({ code: 4401, reason: 'Unauthorized: token expired' })).toBe(false);
  });

  it('waits about half a second first, then doubles up to 30 s, with jitter', () => {
    expect(retryDelayMs(0, () => 1)).toBe(500);
    expect(retryDelayMs(0, () => 0)).toBe(250);
    expect(retryDelayMs(3, () => 1)).toBe(4000);
    expect(retryDelayMs(20, () => 1)).toBe(30_000);
    expect(retryDelayMs(20, () => 0)).toBe(15_000);
  });

  it('sends the token stored at each (re)connection, none when signed out', () => {
    expect(connectionParams()).toEqual({});
    setToken('first');
    expect(connectionParams()).toEqual({ authorization: 'Bearer first' });
    setToken('second'); // e.g. the new token after a password change
    expect(connectionParams()).toEqual({ authorization: 'Bearer second' });
  });

  it("reads the close code out of Apollo's socket error", () => {
    expect(closeCodeOf(new Error('Socket closed with event 4401 Unauthorized: token expired'))).toBe(4401);
    expect(closeCodeOf(new Error('Socket closed'))).toBeNull();
    expect(closeCodeOf('nope')).toBeNull();
  });

  it('reconnects with the current token after a drain, and stops for good after 4401', async () => {
    FakeSocket.opened = [];
    const reconnected = jest.fn();
    const stop = onLiveReconnected(reconnected);
    setToken('before');
    const client = createLiveClient('/graphql', FakeSocket);
    const error = jest.fn();
    client.subscribe(
      { query: 'subscription { accountChanged { reason } }' },
      { next: jest.fn(), error, complete: jest.fn() },
    );
    await until(() => FakeSocket.opened[0]?.sent.some((m) => m.type === 'subscribe'));
    expect(FakeSocket.opened[0].url).toBe('ws://localhost/graphql');
    expect(FakeSocket.opened[0].sent[0]).toEqual({
      type: 'connection_init',
      payload: { authorization: 'Bearer before' },
    });

    setToken('after');
    FakeSocket.opened[0].close(1012, 'Server restarting: reconnect');
    await until(() => FakeSocket.opened[1]?.sent.some((m) => m.type === 'subscribe'));
    expect(FakeSocket.opened[1].sent[0].payload).toEqual({ authorization: 'Bearer after' });
    expect(reconnected).toHaveBeenCalledTimes(1); // the dashboard refetches what it may have missed

    FakeSocket.opened[1].close(4401, 'Unauthorized: token expired');
    await until(() => error.mock.calls.length > 0);
    expect(error.mock.calls[0][0]).toMatchObject({ code: 4401 });
    await new Promise((resolve) => setTimeout(resolve, 700)); // longer than any first retry wait
    expect(FakeSocket.opened).toHaveLength(2);
    stop();
    await client.dispose();
  });
});
