import { startTestApp, type TestApp } from '../../../test/harness';
import { openRawSocket, type RawSocket, type RawSocketOptions, type WsMessage } from '../../../test/live-sockets';
import { ManualClock } from '../../../test/manual-clock';
import { UserType } from '../../../modules/user/user.entity';
import { CLOSE_CODES } from './close-codes';
import { listenForSockets, until, within } from '../../../test/live-test-client';

// Issue 33: one investor token held 1,000 sockets of 10 subscriptions (+140 MB, GET /api/plans at
// 874 ms meanwhile). The same flood, bounded: small caps, loopback, real sockets and a real app.

jest.setTimeout(30_000);

const CAPS = { perUser: 3, perIp: 6, subscriptions: 2, perMinute: 12, messageBytes: 2048 };
const ACCOUNT_CHANGED = 'subscription { accountChanged { reason transactionId } }';
const METRICS_TOKEN = 'live-limits-metrics-token';

let app: TestApp;
let hinting: TestApp;
let url: string;
let hintingUrl: string;
const clock = new ManualClock();
const sockets: RawSocket[] = [];

beforeAll(async () => {
  app = await startTestApp(
    {
      LIVE_MAX_SOCKETS_PER_USER: String(CAPS.perUser),
      LIVE_MAX_SOCKETS_PER_IP: String(CAPS.perIp),
      LIVE_MAX_SUBSCRIPTIONS_PER_SOCKET: String(CAPS.subscriptions),
      LIVE_SUBSCRIBE_PER_MINUTE: String(CAPS.perMinute),
      LIVE_MAX_MESSAGE_BYTES: String(CAPS.messageBytes),
      GRAPHQL_INTROSPECTION: 'false',
      TRUST_PROXY: '1', // one proxy hop: X-Forwarded-For's last entry is the client
      METRICS_TOKEN,
    },
    { clock },
  );
  url = await listenForSockets(app.app.httpServer);
  hinting = await startTestApp({ GRAPHQL_INTROSPECTION: 'true' });
  hintingUrl = await listenForSockets(hinting.app.httpServer);
});
afterAll(async () => {
  for (const s of sockets) s.terminate();
  for (const t of [app, hinting]) {
    await t.close();
    await new Promise((resolve) => t.app.httpServer.close(resolve));
  }
});

/** A raw socket to `to`, kept for cleanup. */
async function open(options: RawSocketOptions = {}, to = url): Promise<RawSocket> {
  const s = await openRawSocket(to, options);
  sockets.push(s);
  return s;
}

/** `cryptovest_live_refusals_total` by reason, as Prometheus scrapes it. */
async function refusals(): Promise<Record<string, number>> {
  const text = (await app.http.get('/metrics').set('authorization', `Bearer ${METRICS_TOKEN}`)).text;
  const out: Record<string, number> = {};
  for (const [, reason, n] of text.matchAll(/^cryptovest_live_refusals_total\{reason="(\w+)"\} (\d+)$/gm))
    out[reason] = Number(n);
  return out;
}

/** How the counters moved while `act` ran. */
async function counted(act: () => Promise<void>): Promise<Record<string, number>> {
  const before = await refusals();
  await act();
  const after = await refusals();
  return Object.fromEntries(Object.entries(after).map(([k, v]) => [k, v - (before[k] ?? 0)]));
}

const isError = (m: WsMessage) => m.type === 'error';
const errorText = (m: WsMessage) => JSON.stringify(m.payload);

describe('one user flooding the GraphQL WebSocket', () => {
  it('gets at most 6 sockets per address, 3 per user and 2 subscriptions per socket; another user is served meanwhile; closing frees the slots', async () => {
    const investor = await app.createUser(UserType.INVESTOR);
    const other = await app.createUser(UserType.INVESTOR);
    const admin = await app.createUser(UserType.ADMIN);
    const moved = await counted(async () => {
      // 60 upgrades at once from one address, all with the same token.
      const flood = await Promise.all(Array.from({ length: 60 }, () => open()));
      const taken = flood.filter((s) => s.status === 101);
      expect(taken).toHaveLength(CAPS.perIp);
      expect(flood.filter((s) => s.status === 429)).toHaveLength(60 - CAPS.perIp);
      expect(app.app.live.guard.perIp.count('127.0.0.1')).toBe(CAPS.perIp);
      // The address is full for everyone now, whatever token they hold.
      expect((await open()).status).toBe(429);

      const outcomes = await Promise.all(taken.map((s) => s.init(investor.token)));
      const acked = taken.filter((_, i) => outcomes[i] === 'ack');
      expect(acked).toHaveLength(CAPS.perUser);
      for (const o of outcomes.filter((x) => x !== 'ack'))
        expect(o).toEqual({ code: CLOSE_CODES.TOO_MANY_SOCKETS, reason: expect.stringContaining('3 per user') });
      expect(app.app.live.guard.perUser.count(investor.user.id)).toBe(CAPS.perUser);
      // The refused sockets gave their address slots back.
      await until(
        () => app.app.live.guard.perIp.count('127.0.0.1'),
        (n) => n === CAPS.perUser,
      );

      // Each accepted socket tries 10 subscriptions: 2 run, 8 are refused, the socket stays.
      for (const s of acked) for (let i = 1; i <= 10; i++) s.subscribe(`s${i}`, ACCOUNT_CHANGED);
      for (const s of acked) {
        const refused = await s.received(isError, 10 - CAPS.subscriptions);
        for (const m of refused) expect(errorText(m)).toContain('At most 2 subscriptions per connection');
      }
      await until(
        () => app.app.live.hub.feedCount(investor.user.id),
        (n) => n === CAPS.perUser * CAPS.subscriptions,
      );

      // Meanwhile another user, on another address, is served.
      const elsewhere = await open({ localAddress: '127.0.0.2' });
      expect(await elsewhere.init(other.token)).toBe('ack');
      elsewhere.subscribe('mine', ACCOUNT_CHANGED);
      await until(
        () => app.app.live.hub.feedCount(other.user.id),
        (n) => n === 1,
      );
      expect((await app.http.get('/api/plans')).status).toBe(200);
      const adjusted = await app.http
        .put(`/api/account/${other.user.id}`)
        .set('authorization', `Bearer ${admin.token}`)
        .send({ balance: '5' });
      expect(adjusted.status).toBe(200);
      const [next] = await elsewhere.received((m) => m.type === 'next' && m.id === 'mine');
      expect(next.payload).toEqual({ data: { accountChanged: { reason: 'ADMIN_ADJUSTMENT', transactionId: null } } });
      expect(acked.every((s) => s.closedWith === null)).toBe(true);
      expect(app.app.live.hub.feedCount(investor.user.id)).toBe(CAPS.perUser * CAPS.subscriptions);

      // Closing frees the slots: per address and per user, with no entry left behind.
      for (const s of [...acked, elsewhere]) s.close();
      await until(
        () => [app.app.live.guard.perIp.size, app.app.live.guard.perUser.size, app.app.live.hub.sessionCount()],
        (v) => v.every((n) => n === 0),
      );
      const again = await Promise.all(Array.from({ length: CAPS.perUser }, () => open()));
      expect(await Promise.all(again.map((s) => s.init(investor.token)))).toEqual(['ack', 'ack', 'ack']);
      for (const s of again) s.close();
      await until(
        () => app.app.live.guard.perIp.size + app.app.live.guard.perUser.size,
        (n) => n === 0,
      );
    });
    expect(moved).toEqual({
      sockets_per_ip: 60 - CAPS.perIp + 1,
      sockets_per_user: CAPS.perIp - CAPS.perUser,
      subscriptions_per_socket: CAPS.perUser * (10 - CAPS.subscriptions),
      subscribe_rate: 0,
      message_size: 0,
    });
  });

  it('counts sockets per client address behind a proxy (X-Forwarded-For with TRUST_PROXY)', async () => {
    const via = (ip: string) => ({ localAddress: '127.0.0.3', headers: { 'x-forwarded-for': ip } });
    const first = await Promise.all(Array.from({ length: CAPS.perIp + 1 }, () => open(via('203.0.113.7'))));
    expect(first.map((s) => s.status).sort()).toEqual([...Array(CAPS.perIp).fill(101), 429]);
    expect((await open(via('203.0.113.8'))).status).toBe(101);
    expect(app.app.live.guard.perIp.count('127.0.0.3')).toBe(0);
    for (const s of sockets) s.close();
    await until(
      () => app.app.live.guard.perIp.size,
      (n) => n === 0,
    );
  });

  it('closes a socket that floods subscribe messages (4291), counted once; the budget refills with the clock', async () => {
    const investor = await app.createUser(UserType.INVESTOR);
    const moved = await counted(async () => {
      const flooding = await open({ localAddress: '127.0.0.4' });
      expect(await flooding.init(investor.token)).toBe('ack');
      for (let i = 1; i <= 40; i++) flooding.subscribe(`f${i}`, ACCOUNT_CHANGED);
      expect(await within(flooding.closed, 5000, 'flooding socket closed')).toEqual({
        code: CLOSE_CODES.TOO_MANY_SUBSCRIBES,
        reason: 'Too many subscribe messages: at most 12 a minute',
      });

      // A steady socket: a minute's budget, the clock moves a minute, another minute's budget.
      const steady = await open({ localAddress: '127.0.0.4' });
      expect(await steady.init(investor.token)).toBe('ack');
      // Each message gets its answer (an invalid subscription: an error), so the test knows the
      // server took its token before the clock moves.
      const spend = async (from: number) => {
        for (let i = from; i < from + CAPS.perMinute; i++) steady.subscribe(`s${i}`, 'subscription { nope }');
        await steady.received(isError, from + CAPS.perMinute);
      };
      await spend(0);
      clock.advance(60_000);
      await spend(CAPS.perMinute);
      steady.send({ type: 'ping' });
      await steady.received((m) => m.type === 'pong');
      expect(steady.closedWith).toBeNull();
      steady.subscribe('one-too-many', ACCOUNT_CHANGED);
      expect((await within(steady.closed, 5000, 'steady socket closed at last')).code).toBe(
        CLOSE_CODES.TOO_MANY_SUBSCRIBES,
      );
    });
    expect(moved).toMatchObject({ subscribe_rate: 2, sockets_per_ip: 0, sockets_per_user: 0 });
  });

  it('closes a socket that sends a message over LIVE_MAX_MESSAGE_BYTES with 1009; one just under it is served', async () => {
    const investor = await app.createUser(UserType.INVESTOR);
    const printed = jest.spyOn(console, 'error');
    const padded = (bytes: number, id: string) => {
      const message = { type: 'subscribe', id, payload: { query: `${ACCOUNT_CHANGED} #` } };
      const room = bytes - Buffer.byteLength(JSON.stringify(message));
      message.payload.query += 'x'.repeat(room);
      const text = JSON.stringify(message);
      expect(Buffer.byteLength(text)).toBe(bytes);
      return text;
    };
    const moved = await counted(async () => {
      const s = await open({ localAddress: '127.0.0.5' });
      expect(await s.init(investor.token)).toBe('ack');
      s.send(padded(CAPS.messageBytes, 'fits'));
      await until(
        () => app.app.live.hub.feedCount(investor.user.id),
        (n) => n === 1,
      );
      s.send(padded(CAPS.messageBytes + 1, 'too-big'));
      expect((await within(s.closed, 5000, 'over-size socket closed')).code).toBe(CLOSE_CODES.MESSAGE_TOO_BIG);
    });
    expect(moved).toMatchObject({ message_size: 1, subscribe_rate: 0 });
    // Counted, not printed: graphql-ws's own handler would write each one to stderr.
    expect(printed).not.toHaveBeenCalled();
    printed.mockRestore();
  });
});

describe('"Did you mean" hints over the WebSocket', () => {
  const TYPO = 'subscription { acountChanged { reason } }';

  /** The error a misspelled subscription gets over the socket of `to`. */
  async function typoError(to: string, t: TestApp, localAddress: string): Promise<string> {
    const investor = await t.createUser(UserType.INVESTOR);
    const s = await open({ localAddress }, to);
    expect(await s.init(investor.token)).toBe('ack');
    s.subscribe('typo', TYPO);
    const [error] = await s.received(isError);
    return errorText(error);
  }

  it('are stripped when introspection is off', async () => {
    const text = await typoError(url, app, '127.0.0.6');
    expect(text).toContain('Cannot query field \\"acountChanged\\" on type \\"Subscription\\".');
    expect(text).not.toMatch(/Did you mean|accountChanged/);
  });

  it('may stay when introspection is on', async () => {
    expect(await typoError(hintingUrl, hinting, '127.0.0.6')).toContain('Did you mean \\"accountChanged\\"?');
  });
});
