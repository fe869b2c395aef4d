import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import request from 'supertest';
import { App, createApp } from '../composition/app';
import { createDataSource } from '../composition/data-source';
import { loadConfig } from './config';
import { createLogger, scrubUrl } from './logger';
import { prettyDestination } from './pretty-log';
import { createServices, Services } from '../composition/services';
import { testConfig } from '../test/test-config';

describe('scrubUrl', () => {
  it.each([
    ['/api/upload/1?expires=9&sig=SECRET', '/api/upload/1?expires=9&sig=[redacted]'],
    ['/change-password?token=SECRET&x=1', '/change-password?token=[redacted]&x=1'],
    [
      '/a?Sig=SECRET&%73ig=SECRET&sig[]=SECRET&sig',
      '/a?Sig=[redacted]&%73ig=[redacted]&sig[]=[redacted]&sig=[redacted]',
    ],
    ['/a?signature=kept&mytoken=kept', '/a?signature=kept&mytoken=kept'],
    ['/plain/path', '/plain/path'],
  ])('%s -> %s', (url, logged) => {
    expect(scrubUrl(url)).toBe(logged);
  });
});

describe('access log of the real app', () => {
  const lines: string[] = [];
  let services: Services;
  let app: App;
  beforeAll(async () => {
    const url = process.env.CRYPTOVEST_TEST_DB_URL!;
    const config = testConfig(url, { LOG_LEVEL: 'info' });
    const logger = createLogger(config.logLevel, { write: (line: string) => void lines.push(line) });
    const ds = createDataSource(url, logger);
    await ds.initialize();
    services = createServices(config, ds, logger);
    app = await createApp(services);
  });
  afterAll(async () => {
    await services.background.idle();
    await app.apollo.stop();
    await services.ds.destroy();
  });

  /** The completed-request line logged for `path` (written when the response finishes). */
  async function accessLogLine(path: string): Promise<{ raw: string; req: { url: string; query: object } }> {
    for (let i = 0; i < 50; i++) {
      const raw = lines.find((l) => l.includes('"request completed"') && l.includes(path));
      if (raw) return { raw, req: JSON.parse(raw).req };
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`no access log line for ${path}:\n${lines.join('')}`);
  }

  it('logs a signed upload link with its path but sig=[redacted], in url and parsed query', async () => {
    const id = randomUUID();
    const link = services.uploads.signedUrl(id);
    const sig = new URL(link, 'http://x').searchParams.get('sig')!;
    expect(sig.length).toBeGreaterThan(20);
    await request(app.app).get(link).set('referer', `http://x${link}`);

    const { raw, req } = await accessLogLine(`/api/upload/${id}`);
    expect(req.url).toMatch(new RegExp(`^/api/upload/${id}\\?expires=\\d+&sig=\\[redacted\\]$`));
    expect(req.query).toEqual({ expires: expect.any(String), sig: '[redacted]' });
    expect(raw).not.toContain(sig);
    // Everything else of the request log is still there.
    expect(req).toMatchObject({ method: 'GET', headers: expect.any(Object), remoteAddress: expect.any(String) });
  });

  it('scrubs token= the same way', async () => {
    await request(app.app).get('/api/nowhere?token=SECRET-RESET-TOKEN&page=2');
    const { raw, req } = await accessLogLine('/api/nowhere');
    expect(req.url).toBe('/api/nowhere?token=[redacted]&page=2');
    expect(raw).not.toContain('SECRET-RESET-TOKEN');
  });

  it('never logs credentials sent in headers: session tokens and API keys', async () => {
    const key = 'cvk_SECRET-API-KEY-0123456789abcdefghijklmnopqrstu';
    await request(app.app).get('/api/keyed').set('x-api-key', key);
    await request(app.app).get('/api/bearer').set('authorization', 'Bearer SECRET-SESSION-TOKEN');
    const keyed = await accessLogLine('/api/keyed');
    const bearer = await accessLogLine('/api/bearer');
    expect(keyed.raw).not.toContain('SECRET-API-KEY');
    expect(JSON.parse(keyed.raw).req.headers['x-api-key']).toBe('[redacted]');
    expect(bearer.raw).not.toContain('SECRET-SESSION-TOKEN');
  });
});

describe('readable development logs (LOG_FORMAT=pretty)', () => {
  /** A logger writing readable lines into `out`, as `npm start` writes them to the terminal. */
  function prettyLogger(out: string[]) {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        out.push(String(chunk));
        done();
      },
    });
    const stream = prettyDestination(sink);
    expect(stream).not.toBeNull(); // installed by the project's own package.json
    return createLogger('info', stream!);
  }

  it('writes one readable line per access log, not JSON, with secrets still redacted', () => {
    const out: string[] = [];
    const logger = prettyLogger(out);
    logger.info(
      {
        req: { method: 'GET', url: '/api/plans', headers: { authorization: 'Bearer SECRET' } },
        res: { statusCode: 200 },
        responseTime: 12,
      },
      'request completed',
    );
    logger.warn({ user: { token: 'SECRET-TOKEN' } }, 'something to look at');
    const text = out.join('');
    expect(text).toMatch(/INFO.*: request completed GET \/api\/plans 200 12ms/);
    expect(text).toMatch(/WARN.*: something to look at/);
    expect(text).not.toContain('SECRET');
    expect(() => JSON.parse(out[0])).toThrow();
  });

  it('is the default in development only: production and tests write JSON', () => {
    const base = {
      JWT_SECRET: 'x'.repeat(40),
      TOTP_ENCRYPTION_KEY: 'ab'.repeat(32),
      DATA_DIR: '/tmp/cryptovest-log-test',
    };
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).logFormat).toBe('pretty');
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).logFormat).toBe('json');
    expect(loadConfig({ ...base, NODE_ENV: 'development', LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(() => loadConfig({ ...base, NODE_ENV: 'development', LOG_FORMAT: 'fancy' })).toThrow(/LOG_FORMAT/);
  });
});
