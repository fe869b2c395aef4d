import { randomInt } from 'node:crypto';
import express from 'express';
import { createLogger } from './logger';
import { startTestApp, TestApp } from '../test/harness';
import { testConfig } from '../test/test-config';
import { readTrustProxy, warnAboutTrustProxy } from './trust-proxy';

// Issue 33: with TRUST_PROXY=true express takes the leftmost X-Forwarded-For entry, which any
// client behind a CDN or balancer writes itself, so it could pick the IP its rate limits count.
// A hop count or a list of the proxies' addresses makes the app read the entry a proxy added.

const URL = 'postgres://unused@127.0.0.1:1/none';
const GUEST_BUDGET = 3;

/** A client address no other test uses (198.18.0.0/15 is reserved for benchmarks). */
const someClient = () => `198.18.${randomInt(0, 256)}.${randomInt(1, 255)}`;

/** A guest GraphQL request (spends the per-IP guest budget) with the given X-Forwarded-For. */
const guest = (t: TestApp, forwardedFor: string) =>
  t.http.post('/graphql').set('x-forwarded-for', forwardedFor).send({ query: '{ site { brandName } }' });

/** The guest budget rows of `ips` (key without its rule prefix -> units spent). */
async function guestBudgets(t: TestApp, ips: string[]): Promise<Record<string, number>> {
  const rows: Array<{ key: string; used: number }> = await t.services.ds.query(
    `SELECT key, used FROM budget WHERE key = ANY($1)`,
    [ips.map((ip) => `gql_guest:${ip}`)],
  );
  return Object.fromEntries(rows.map((r) => [r.key.slice('gql_guest:'.length), r.used]));
}

describe('TRUST_PROXY is read and checked at start', () => {
  it('takes true/false, a hop count, or proxy addresses, CIDR ranges and express names', () => {
    const read = (raw: string) => testConfig(URL, { TRUST_PROXY: raw }).trustProxy;
    expect(read('')).toBe(false);
    expect(read('false')).toBe(false);
    expect(read('0')).toBe(false);
    expect(read('true')).toBe(true);
    expect(read('TRUE')).toBe(true);
    expect(read('1')).toBe(1);
    expect(read('2')).toBe(2);
    expect(read('loopback, 10.0.0.0/8,fd00::/8, 203.0.113.7,uniquelocal,linklocal, 192.168.0.0/255.255.0.0')).toEqual([
      'loopback',
      '10.0.0.0/8',
      'fd00::/8',
      '203.0.113.7',
      'uniquelocal',
      'linklocal',
      '192.168.0.0/255.255.0.0',
    ]);
    // Whatever the config accepts, express accepts too (it would throw at app start otherwise).
    for (const raw of ['true', '1', 'loopback,10.0.0.0/8,fd00::/8,203.0.113.7,192.168.0.0/255.255.0.0'])
      expect(() => express().set('trust proxy', read(raw))).not.toThrow();
  });

  it('lists a bad value with the other problems instead of starting', () => {
    for (const raw of ['yes', 'cdn.example.com', '10.0.0.0/33', '10.0.0.1,', '1.2.3', '::1/129', '-1', '1.5'])
      expect(readTrustProxy(raw).problem).toMatch(/^TRUST_PROXY must be true, false, the number of proxies/);
    expect(() => testConfig(URL, { TRUST_PROXY: 'loopback,10.0.0.300', PORT: 'x' })).toThrow(
      /PORT must be an integer[\s\S]*TRUST_PROXY must be .*"10\.0\.0\.300" is not one/,
    );
  });

  it('warns at start in production when TRUST_PROXY=true, and only then', () => {
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
    warnAboutTrustProxy({ isProduction: false, trustProxy: true }, logger);
    warnAboutTrustProxy({ isProduction: true, trustProxy: 1 }, logger);
    warnAboutTrustProxy({ isProduction: true, trustProxy: ['loopback'] }, logger);
    expect(lines).toEqual([]);
    warnAboutTrustProxy({ isProduction: true, trustProxy: true }, logger);
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      expect.objectContaining({ level: 40, msg: expect.stringMatching(/^TRUST_PROXY=true trusts every .*hop/) }),
    ]);
  });
});

describe('which X-Forwarded-For entry rate limits count (the real app, the guest budget)', () => {
  let apps: TestApp[] = [];
  const start = async (trustProxy: string, guestBudget = GUEST_BUDGET) => {
    const t = await startTestApp({
      TRUST_PROXY: trustProxy,
      RATE_LIMIT_GRAPHQL_GUEST_PER_MINUTE: String(guestBudget),
    });
    apps.push(t);
    return t;
  };
  afterAll(async () => {
    await Promise.all(apps.map((t) => t.close()));
    apps = [];
  });

  it('TRUST_PROXY=1: the entry the one proxy added counts; a client rotating the leftmost entry gets 429', async () => {
    const t = await start('1');
    const client = someClient();
    const chosen = Array.from({ length: GUEST_BUDGET + 1 }, () => someClient());
    const statuses = [];
    for (const forged of chosen) statuses.push((await guest(t, `${forged}, ${client}`)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(await guestBudgets(t, [client, ...chosen])).toEqual({ [client]: GUEST_BUDGET + 1 });
  });

  it('TRUST_PROXY=true (documented as unsafe): the same client picks a fresh IP per request and is never limited', async () => {
    const t = await start('true');
    const client = someClient();
    const chosen = Array.from({ length: GUEST_BUDGET + 1 }, () => someClient());
    for (const forged of chosen) expect((await guest(t, `${forged}, ${client}`)).status).toBe(200);
    expect(await guestBudgets(t, [client])).toEqual({});
  });

  it('a list: only the listed proxies are trusted, so entries beyond them are ignored', async () => {
    // The app sees the test's socket from 127.0.0.1 (loopback), then an internal balancer.
    const listed = await start('loopback, 10.0.0.0/8');
    const client = someClient();
    const forged = someClient();
    expect((await guest(listed, `${forged}, ${client}, 10.1.2.3`)).status).toBe(200);
    expect(await guestBudgets(listed, [forged, client, '10.1.2.3'])).toEqual({ [client]: 1 });

    // The socket's own address (loopback) is not listed: nothing in X-Forwarded-For is believed. The
    // request counts for loopback then, whose budget every other test file's guests share: not small.
    const unlisted = await start('10.0.0.0/8', 1_000_000);
    const other = someClient();
    expect((await guest(unlisted, `${forged}, ${other}, 10.1.2.3`)).status).toBe(200);
    expect(await guestBudgets(unlisted, [forged, other, '10.1.2.3'])).toEqual({});
  });
});
