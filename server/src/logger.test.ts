import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { App, createApp } from './app';
import { createDataSource } from './db/data-source';
import { createLogger, scrubUrl } from './logger';
import { createServices, Services } from './services';
import { testConfig } from './test/test-config';

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

  /** The completed-request line logged for `path` (pino-http writes it when the response finishes). */
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
