import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { Registry } from 'prom-client';
import request from 'supertest';
import { App, createApp } from '../../composition/app';
import { createDataSource } from '../../composition/data-source';
import { createLogger } from '../../kernel/logger';
import { Upload } from '../../modules/upload/upload.entity';
import { User, UserType } from '../../modules/user/user.entity';
import { createServices, Services } from '../../composition/services';
import { testConfig } from '../../test/test-config';
import { registerBacklog } from './backlog';
import { serveMetrics } from './endpoint';
import { OperationNames } from './graphql-metrics';
import { httpMetrics } from './http-metrics';
import { createMetrics } from './registry';

/** Operations see the app through these: /metrics off the public surface, and request ids in logs. */

const TOKEN = 'metrics-test-token-0123456789abcdef';
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface Running {
  app: App;
  services: Services;
  lines: string[];
  close(): Promise<void>;
}

/** The real app over the test database, its log lines captured (info and up). */
async function start(env: Record<string, string>): Promise<Running> {
  const url = process.env.CRYPTOVEST_TEST_DB_URL!;
  const config = testConfig(url, { LOG_LEVEL: 'info', ...env });
  const lines: string[] = [];
  const logger = createLogger(config.logLevel, { write: (line: string) => void lines.push(line) });
  const ds = createDataSource(url, logger, config.database);
  await ds.initialize();
  const services = createServices(config, ds, logger);
  const app = await createApp(services);
  return {
    app,
    services,
    lines,
    async close() {
      await services.background.idle();
      await app.apollo.stop();
      await ds.destroy();
    },
  };
}

/** Runs `check` while `connections` pool connections are held and one more query waits for a free one. */
async function whilePoolIsFull(services: Services, connections: number, check: () => Promise<void>): Promise<void> {
  const pool = (services.ds.driver as unknown as { master: { connect(): Promise<{ release(): void }> } }).master;
  const held = await Promise.all(Array.from({ length: connections }, () => pool.connect()));
  const waiting = services.ds.query('SELECT 1');
  try {
    await check();
  } finally {
    held.forEach((c) => c.release());
    await waiting;
  }
}

/** One sample of the Prometheus text format: its labels and value. */
interface Sample {
  labels: Record<string, string>;
  value: number;
}

/** Every sample of metric `name` in a scrape. */
function samples(text: string, name: string): Sample[] {
  return text
    .split('\n')
    .filter((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `))
    .map((l) => {
      const m = /^[^{ ]+(?:\{(.*)\})? (\S+)$/.exec(l)!;
      const labels = Object.fromEntries(
        [...(m[1] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1], x[2]]),
      );
      return { labels, value: Number(m[2]) };
    });
}

/** The value of the sample of `name` whose labels include `labels` (undefined when there is none). */
function valueOf(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  return samples(text, name).find((s) => Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;
}

/** The first captured log line (parsed) that `match` accepts, waiting a little: the access log writes on finish. */
async function logLine(lines: string[], match: (line: Record<string, unknown>) => boolean) {
  for (let i = 0; i < 100; i++) {
    const found = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find(match);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no such log line in:\n${lines.join('')}`);
}

/** A TCP port nothing listens on right now. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: Running;
  let bare: Running; // neither METRICS_TOKEN nor METRICS_PORT
  beforeAll(async () => {
    [t, bare] = await Promise.all([start({ METRICS_TOKEN: TOKEN }), start({})]);
  });
  afterAll(async () => {
    await Promise.all([t.close(), bare.close()]);
  });
  const scrape = () => request(t.app.app).get('/metrics').set('authorization', `Bearer ${TOKEN}`);

  it('is 404 without the token or with a wrong one, exactly as where no metrics are served', async () => {
    const absent = await request(bare.app.app).get('/metrics').set('authorization', `Bearer ${TOKEN}`);
    expect(absent.status).toBe(404);
    for (const authorization of [
      undefined,
      'Bearer wrong-token-0123456789abcdef',
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Bearer ${TOKEN}x`,
      `Basic ${TOKEN}`,
      TOKEN,
    ]) {
      const req = request(t.app.app).get('/metrics');
      if (authorization) req.set('authorization', authorization);
      const res = await req;
      expect(res.status).toBe(404);
      expect(res.text).toBe(absent.text);
      expect(res.headers['content-type']).toBe(absent.headers['content-type']);
      expect(res.text).not.toContain('cryptovest_');
    }
  });

  it('serves the Prometheus text format with the token, default process metrics included', async () => {
    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(valueOf(res.text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(res.text).toContain('nodejs_eventloop_lag_seconds');
    // The scheme is case-insensitive.
    expect((await request(t.app.app).get('/metrics').set('authorization', `bearer ${TOKEN}`)).status).toBe(200);
  });

  it('counts and times HTTP requests by route pattern and status, never by raw URL', async () => {
    const http = request(t.app.app);
    expect((await http.get('/api/plans')).status).toBe(200);
    expect((await http.get('/api/plans?utm=campaign-123')).status).toBe(200);
    const id = randomUUID();
    expect((await http.put(`/api/transaction/${id}`).send({ status: 'CONFIRMED' })).status).toBe(401);
    expect((await http.get(`/api/upload/${id}?expires=1&sig=abc`)).status).toBe(403);
    expect((await http.get(`/api/nowhere/${id}`)).status).toBe(404);
    expect((await http.get('/healthz')).status).toBe(200);

    const text = (await scrape()).text;
    const plans = { method: 'GET', route: '/api/plans' };
    expect(valueOf(text, 'cryptovest_http_requests_total', { ...plans, status: '200' })).toBeGreaterThanOrEqual(2);
    expect(valueOf(text, 'cryptovest_http_request_duration_seconds_count', plans)).toBeGreaterThanOrEqual(2);
    expect(valueOf(text, 'cryptovest_http_request_duration_seconds_bucket', { ...plans, le: '+Inf' })).toBe(
      valueOf(text, 'cryptovest_http_request_duration_seconds_count', plans),
    );
    // Latency by method and route only: a status would multiply the histogram's series (the counter has it).
    const timed = ['_bucket', '_sum', '_count'].flatMap((s) =>
      samples(text, `cryptovest_http_request_duration_seconds${s}`),
    );
    expect(timed.length).toBeGreaterThan(0);
    expect(timed.filter((s) => 'status' in s.labels)).toEqual([]);
    const put = { method: 'PUT', route: '/api/transaction/:id' };
    expect(valueOf(text, 'cryptovest_http_request_duration_seconds_count', put)).toBe(1);
    const labelled = (labels: Record<string, string>) => valueOf(text, 'cryptovest_http_requests_total', labels);
    expect(labelled({ method: 'PUT', route: '/api/transaction/:id', status: '401' })).toBe(1);
    expect(labelled({ method: 'GET', route: '/api/upload/:id', status: '403' })).toBe(1);
    expect(labelled({ method: 'GET', route: 'other', status: '404' })).toBe(1);
    expect(labelled({ method: 'GET', route: '/healthz', status: '200' })).toBeGreaterThanOrEqual(1);
    // Bounded: no id, query string or raw path ever becomes a label.
    expect(text).not.toContain(id);
    expect(text).not.toContain('utm');
    expect(text).not.toContain('/api/nowhere');
  });

  it('counts GraphQL operations by name and type, and errors by extensions.code', async () => {
    const gql = (query: string, token?: string) => {
      const req = request(t.app.app).post('/graphql').set('content-type', 'application/json');
      if (token) req.set('authorization', `Bearer ${token}`);
      return req.send({ query });
    };
    expect((await gql('query Plans { plans { id } }')).status).toBe(200);
    expect((await gql('query Plans { plans { name } }')).status).toBe(200);
    expect((await gql('{ plans { id } }')).status).toBe(200);
    expect((await gql('query Broken { noSuchField }')).status).toBe(400);
    expect((await gql('query Me { me { id } }')).body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect((await gql('query Me { me { id } }', 'not-a-token')).body.errors[0].extensions.code).toBe('UNAUTHENTICATED');

    const text = (await scrape()).text;
    const ops = (labels: Record<string, string>) => valueOf(text, 'cryptovest_graphql_operations_total', labels);
    expect(ops({ operation: 'Plans', type: 'query' })).toBe(2);
    expect(ops({ operation: 'anonymous', type: 'query' })).toBe(1);
    expect(ops({ operation: 'Me', type: 'query' })).toBe(1); // the bad token failed before any operation
    expect(ops({ operation: 'invalid', type: 'unknown' })).toBe(1); // did not validate: its name is not kept
    expect(text).not.toContain('Broken');
    const errors = (code: string) => valueOf(text, 'cryptovest_graphql_errors_total', { code });
    expect(errors('GRAPHQL_VALIDATION_FAILED')).toBe(1);
    expect(errors('UNAUTHENTICATED')).toBe(2);
    expect(valueOf(text, 'cryptovest_http_requests_total', { method: 'POST', route: '/graphql', status: '200' })).toBe(
      3,
    );
  });

  it('keeps operation names guests make up out of the labels: 50 random names are all "other"', async () => {
    const gql = (query: string) =>
      request(t.app.app).post('/graphql').set('content-type', 'application/json').send({ query });
    const ops = (text: string, labels: Record<string, string>) =>
      valueOf(text, 'cryptovest_graphql_operations_total', labels) || 0;
    const before = (await scrape()).text;
    const junk = Array.from({ length: 50 }, () => `Junk_${randomUUID().replace(/-/g, '')}`);
    for (const name of junk) {
      // Twice: the second comes from Apollo's document store, and is counted all the same.
      for (let i = 0; i < 2; i++) expect((await gql(`query ${name} { plans { id } }`)).status).toBe(200);
    }
    expect((await gql('query Plans { plans { id } }')).status).toBe(200);

    const after = (await scrape()).text;
    for (const name of junk) expect(after).not.toContain(name);
    expect(after).not.toContain('Junk_');
    expect(ops(after, { operation: 'other', type: 'query' }) - ops(before, { operation: 'other', type: 'query' })).toBe(
      100,
    );
    // The web client's own operation names stay labels.
    expect(ops(after, { operation: 'Plans', type: 'query' }) - ops(before, { operation: 'Plans', type: 'query' })).toBe(
      1,
    );
  });

  it('reads the database pool when scraped: open, idle, waiting and the configured maximum', async () => {
    const text = (await scrape()).text;
    expect(valueOf(text, 'cryptovest_db_pool_max_connections')).toBe(10);
    expect(valueOf(text, 'cryptovest_db_pool_connections')).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'cryptovest_db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
    expect(valueOf(text, 'cryptovest_db_pool_waiting_clients')).toBe(0);

    // Hold every connection: the next query waits, and the scrape shows it.
    await whilePoolIsFull(t.services, 10, async () => {
      const busy = (await scrape()).text;
      expect(valueOf(busy, 'cryptovest_db_pool_connections')).toBe(10);
      expect(valueOf(busy, 'cryptovest_db_pool_idle_connections')).toBe(0);
      expect(valueOf(busy, 'cryptovest_db_pool_waiting_clients')).toBe(1);
    });
  });

  it('sizes the pool by DB_POOL_MAX: that many connections open at most, the next query waits for one', async () => {
    const small = await start({ METRICS_TOKEN: TOKEN, DB_POOL_MAX: '3' });
    try {
      await whilePoolIsFull(small.services, 3, async () => {
        const busy = (await request(small.app.app).get('/metrics').set('authorization', `Bearer ${TOKEN}`)).text;
        expect(valueOf(busy, 'cryptovest_db_pool_max_connections')).toBe(3);
        expect(valueOf(busy, 'cryptovest_db_pool_connections')).toBe(3);
        expect(valueOf(busy, 'cryptovest_db_pool_waiting_clients')).toBe(1);
      });
    } finally {
      await small.close();
    }
  });

  it('shows registered backlog sources, read at scrape time; a failing one is reported down', async () => {
    let queued = 7;
    const removeOutbox = registerBacklog('fake_outbox', {
      stats: async () => ({ queued, failed: 2, oldestQueuedSeconds: 42.5 }),
    });
    const removeBroken = registerBacklog('broken_queue', {
      stats: async () => {
        throw new Error('queue table missing');
      },
    });
    const removeIdle = registerBacklog('idle_queue', {
      stats: async () => ({ queued: 0, failed: 0, oldestQueuedSeconds: null }),
    });
    try {
      let text = (await scrape()).text;
      const of = (name: string, source: string) => valueOf(text, `cryptovest_queue_${name}`, { source });
      expect(of('backlog', 'fake_outbox')).toBe(7);
      expect(of('failed', 'fake_outbox')).toBe(2);
      expect(of('oldest_queued_seconds', 'fake_outbox')).toBe(42.5);
      expect(of('stats_up', 'fake_outbox')).toBe(1);
      expect(of('oldest_queued_seconds', 'idle_queue')).toBe(0);
      expect(of('stats_up', 'broken_queue')).toBe(0);
      expect(of('backlog', 'broken_queue')).toBeUndefined();

      queued = 3;
      removeBroken();
      text = (await scrape()).text;
      expect(of('backlog', 'fake_outbox')).toBe(3);
      expect(of('stats_up', 'broken_queue')).toBeUndefined();
    } finally {
      removeOutbox();
      removeBroken();
      removeIdle();
    }
    expect(() =>
      registerBacklog('Bad Name', { stats: async () => ({ queued: 0, failed: 0, oldestQueuedSeconds: null }) }),
    ).toThrow(/backlog source name/);
  });

  describe('request ids', () => {
    it('keeps a sane incoming X-Request-Id: sent back and on the access log line', async () => {
      const res = await request(t.app.app).get('/api/plans').set('x-request-id', 'abc-123');
      expect(res.headers['x-request-id']).toBe('abc-123');
      const line = await logLine(t.lines, (l) => l.msg === 'request completed' && l.reqId === 'abc-123');
      expect(line).toMatchObject({
        reqId: 'abc-123',
        req: { method: 'GET', url: '/api/plans' },
        res: { statusCode: 200 },
      });
      const raw = t.lines.find((l) => l.includes('"request completed"') && l.includes('abc-123'))!;
      expect(raw.match(/"reqId"/g)).toHaveLength(1); // the line's own, not the mixin's again
    });

    it('puts the id on lines that services write while serving the request', async () => {
      const owner = await t.services.ds.getRepository(User).save(
        t.services.ds.getRepository(User).create({
          fullName: 'Log Person',
          email: `log-${randomUUID()}@example.test`,
          country: 'GB',
          passwordHash: 'x',
          type: UserType.INVESTOR,
        }),
      );
      const upload = await t.services.ds.getRepository(Upload).save({
        id: randomUUID(),
        ownerId: owner.id,
        contentType: 'image/png',
        sizeBytes: 1,
        sha256: '0'.repeat(64),
        createdAt: new Date(),
      });
      // The row's bytes are missing: the upload service warns, deep below the route.
      const res = await request(t.app.app).get(t.services.uploads.signedUrl(upload.id)).set('x-request-id', 'deep.42');
      expect(res.status).toBe(404);
      const line = await logLine(t.lines, (l) => l.msg === 'upload row without its bytes' && l.uploadId === upload.id);
      expect(line.reqId).toBe('deep.42');
      expect(JSON.stringify(line).match(/"reqId"/g)).toHaveLength(1);
      // Outside any request there is no id.
      t.services.logger.info('between requests');
      expect((await logLine(t.lines, (l) => l.msg === 'between requests')).reqId).toBeUndefined();
    });

    it.each([
      ['with spaces', 'abc 123'],
      ['500 characters', 'a'.repeat(500)],
      ['65 characters', 'b'.repeat(65)],
      ['a log-injection attempt', 'x";{"level":60'],
      ['a list of two', 'one, two'],
    ])('replaces a bad incoming id (%s) by a UUID', async (_what, given) => {
      const res = await request(t.app.app).get('/healthz').set('x-request-id', given);
      const id = res.headers['x-request-id'];
      expect(id).toMatch(UUID_RE);
      expect(id).not.toBe(given);
    });

    it('makes one up when none is given, a new one per request', async () => {
      const a = await request(t.app.app).get('/api/plans');
      const b = await request(t.app.app).get('/api/plans');
      expect(a.headers['x-request-id']).toMatch(UUID_RE);
      expect(b.headers['x-request-id']).toMatch(UUID_RE);
      expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
      const line = await logLine(t.lines, (l) => l.reqId === a.headers['x-request-id']);
      expect(line.msg).toBe('request completed');
    });
  });
});

describe('GET /metrics on its own listener (METRICS_PORT)', () => {
  let t: Running;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    t = await start({ METRICS_PORT: String(port) });
  });
  afterAll(() => t.close());

  it('serves metrics at METRICS_HOST:METRICS_PORT without a token, and nothing else there', async () => {
    await request(t.app.app).get('/api/plans');
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(valueOf(text, 'cryptovest_http_requests_total', { route: '/api/plans', status: '200' })).toBe(1);
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'POST' })).status).toBe(404);
  });

  it('is not on the public app', async () => {
    expect((await request(t.app.app).get('/metrics')).status).toBe(404);
    expect((await request(t.app.app).get('/metrics').set('authorization', `Bearer ${TOKEN}`)).status).toBe(404);
  });

  it('closes when the app stops', async () => {
    const other = await freePort();
    const s = await start({ METRICS_PORT: String(other) });
    expect((await fetch(`http://127.0.0.1:${other}/metrics`)).status).toBe(200);
    await s.close();
    await expect(fetch(`http://127.0.0.1:${other}/metrics`)).rejects.toThrow();
  });
});

describe('route labels beyond the API (the web client is not built in tests: same middleware, same wiring)', () => {
  it('labels files from the client build static, pages page, mounted routes with their mount path, the rest other', async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'cv-metrics-dist-'));
    writeFileSync(path.join(dist, 'app-1a2b3c.js'), 'x');
    writeFileSync(path.join(dist, 'favicon.ico'), 'x');
    const registry = new Registry();
    const app = express();
    app.use(httpMetrics(registry));
    const api = express.Router();
    api.get('/', (_req, res) => void res.send('index'));
    api.get('/items/:id', (_req, res) => void res.send('item'));
    app.use('/api', api);
    app.use('/assets', express.static(dist, { fallthrough: false }));
    app.use(express.static(dist, { index: false }));
    app.get(/^\/(?!api\/|api$|graphql).*/, (req, res, next) =>
      req.accepts('html') ? void res.send('<html></html>') : next(),
    );
    try {
      const http = request(app);
      expect((await http.get('/assets/app-1a2b3c.js')).status).toBe(200);
      expect((await http.get('/favicon.ico')).status).toBe(200);
      expect((await http.get('/assets/missing-9z9z.js')).status).toBe(404);
      expect((await http.get('/dashboard/transactions/42').set('accept', 'text/html')).status).toBe(200);
      expect((await http.get('/api')).status).toBe(200);
      expect((await http.get('/api/items/42?x=1')).status).toBe(200);
      const text = await registry.metrics();
      const count = (route: string, status: string) =>
        valueOf(text, 'cryptovest_http_requests_total', { method: 'GET', route, status });
      expect(count('static', '200')).toBe(2);
      expect(count('other', '404')).toBe(1);
      expect(count('page', '200')).toBe(1);
      expect(count('/api', '200')).toBe(1);
      expect(count('/api/items/:id', '200')).toBe(1);
      expect(text).not.toMatch(/1a2b3c|9z9z|dashboard|items\/42/);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('metrics configuration', () => {
  it('warns at start in production when /metrics is served nowhere', async () => {
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
    const ds = createDataSource('postgres://unused@127.0.0.1:1/none');
    const metrics = createMetrics(ds);
    const config = (isProduction: boolean) => ({
      isProduction,
      metrics: { tokens: [], port: null, host: '127.0.0.1' },
    });
    await serveMetrics(express(), metrics, config(false), logger);
    expect(lines).toEqual([]);
    await serveMetrics(express(), metrics, config(true), logger);
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      expect.objectContaining({ level: 40, msg: expect.stringContaining('set METRICS_TOKEN or METRICS_PORT') }),
    ]);
  });

  it('refuses a short token and a metrics port equal to PORT', () => {
    const url = 'postgres://unused@127.0.0.1:1/none';
    expect(() => testConfig(url, { METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
    expect(() => testConfig(url, { PORT: '4000', METRICS_PORT: '4000' })).toThrow(/METRICS_PORT must differ from PORT/);
    expect(testConfig(url, { METRICS_PORT: '9464' }).metrics).toEqual({ tokens: [], port: 9464, host: '127.0.0.1' });
  });

  it('labels only known operation names; anything else is "other"', () => {
    const names = new OperationNames(['A', 'B']);
    expect(['A', 'C', 'x'.repeat(65), 'B', 'D', 'A', undefined].map((n) => names.label(n))).toEqual([
      'A',
      'other',
      'other',
      'B',
      'other',
      'A',
      'anonymous',
    ]);
  });
});
