import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import express from 'express';
import request from 'supertest';
import type { Plan } from '../../modules/plan/plan.entity';
import { startTestApp, TestApp } from '../../test/harness';
import { rawRequest } from '../../test/raw-http';
import type { PageData } from './page-data';
import { PageShell } from './page-shell';
import type { PageRenderer, RenderedPage } from './renderer';
import { PAGES_KEPT, webRoutes } from './web.routes';

const INDEX_HTML =
  '<!doctype html><html><head><title>CryptoVest</title><meta name="description" content="x" /></head>' +
  '<body><div id="root"></div></body></html>';

/**
 * A renderer with the contract of client/src/entry-server.tsx: /services asks for the plans and
 * lists their names, handing them over as its Apollo cache; every other page needs no data.
 */
function listingRenderer() {
  const calls: Array<{ url: string; data: PageData }> = [];
  const renderer: PageRenderer = {
    dataNeededFor: (pathname) => (pathname === '/services' ? ['plans'] : []),
    cacheKeyFor: (pathname) => pathname,
    colorSchemeScript: () => '',
    async renderPage(url, _site, data = {}): Promise<RenderedPage> {
      calls.push({ url, data });
      const names = (data.plans ?? []).map((plan) => plan.name);
      return {
        status: 200,
        html: `<ul>${names.map((name) => `<li>${name}</li>`).join('')}</ul>`,
        styles: '',
        head: { title: 'Services', description: 'Plans' },
        errors: [],
        apolloState: names.length ? { ROOT_QUERY: { planNames: names } } : null,
        i18nState: { locale: 'en', resources: {} },
      };
    },
  };
  return { renderer, calls };
}

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
afterEach(() => jest.restoreAllMocks());

/** The web routes alone, over the test app's real services and database, with `renderer`. */
function webWith(renderer: PageRenderer) {
  const app = express();
  webRoutes(app, t.services, new PageShell(INDEX_HTML, t.services.config.site, null), renderer);
  return request(app);
}

/** The JSON of the page's Apollo state element, parsed. */
function apolloState(html: string): unknown {
  const json = /<script id="apollo-state" type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return json === undefined ? undefined : JSON.parse(json);
}

describe('server-rendered pages with public data', () => {
  it('reads the plans through the service layer and renders /services with them', async () => {
    const { renderer, calls } = listingRenderer();
    const names = (await t.services.plans.list()).map((plan) => plan.name);
    expect(names.length).toBeGreaterThan(0);

    const res = await webWith(renderer).get('/services').set('accept', 'text/html');
    expect(res.status).toBe(200);
    for (const name of names) expect(res.text).toContain(`<li>${name}</li>`);
    expect(apolloState(res.text)).toEqual({ ROOT_QUERY: { planNames: names } });
    expect(calls.map((c) => c.url)).toEqual(['/services']);
  });

  it('renders pages that list nothing without reading any data, and without an Apollo state', async () => {
    const { renderer, calls } = listingRenderer();
    const list = jest.spyOn(t.services.plans, 'list');
    const res = await webWith(renderer).get('/login').set('accept', 'text/html');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<div id="root"><ul></ul></div>');
    expect(apolloState(res.text)).toBeUndefined();
    expect(list).not.toHaveBeenCalled();
    expect(calls[0].data).toEqual({});
  });

  it('serves the client-rendered shell when the plans cannot be read, and keeps no such page', async () => {
    const { renderer, calls } = listingRenderer();
    const web = webWith(renderer);
    const list = jest.spyOn(t.services.plans, 'list').mockRejectedValueOnce(new Error('database unavailable'));

    const failed = await web.get('/services').set('accept', 'text/html');
    expect(failed.status).toBe(200);
    expect(failed.text).toContain('<div id="root"></div>');
    expect(apolloState(failed.text)).toBeUndefined();
    expect(calls).toHaveLength(0);

    // The next visitor gets the rendered page (the failure was not cached), and the one after
    // it the same render again, from memory.
    const rendered = await web.get('/services').set('accept', 'text/html');
    expect(rendered.text).toMatch(/<div id="root"><ul><li>/);
    const again = await web.get('/services').set('accept', 'text/html');
    expect(again.text).toBe(rendered.text);
    expect(list).toHaveBeenCalledTimes(2);
    expect(calls).toHaveLength(1);
  });

  it('renders /services again once the plans changed, and keeps no page while changes could go unheard', async () => {
    const { renderer, calls } = listingRenderer();
    const web = webWith(renderer);
    const visit = () => web.get('/services').set('accept', 'text/html');
    const { cache } = t.services.plans;

    const first = await visit();
    expect((await visit()).text).toBe(first.text);
    expect(calls).toHaveLength(1);

    cache.changed(); // what the instance does when the plan table's NOTIFY arrives
    await visit();
    await visit();
    expect(calls).toHaveLength(2);

    cache.lost(); // the LISTEN connection dropped: every visit renders from a fresh read
    await visit();
    await visit();
    expect(calls).toHaveLength(4);

    cache.listening();
    await visit();
    await visit();
    expect(calls).toHaveLength(5);
  });

  it('sends a kept page compressed as the client accepts, the same bytes each visit', async () => {
    const { renderer, calls } = listingRenderer();
    const app = express();
    webRoutes(app, t.services, new PageShell(INDEX_HTML, t.services.config.site, null), renderer);
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    /** GET /about with only the given Accept-Encoding, the body as the raw bytes sent. */
    const raw = (encoding: string) => rawRequest(port, '/about', encoding);
    try {
      const plain = await raw('identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toContain('Accept-Encoding');
      expect(plain.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(plain.body.toString('utf8')).toContain('<title>Services</title>');
      const gzipped = await raw('gzip, deflate');
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(Number(gzipped.headers['content-length'])).toBe(gzipped.body.length);
      expect(gunzipSync(gzipped.body)).toEqual(plain.body);
      expect((await raw('gzip')).body).toEqual(gzipped.body);
      expect(calls).toHaveLength(1); // rendered once, gzipped once, sent three times
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('keeps at most PAGES_KEPT paths, the oldest going first', async () => {
    const { renderer, calls } = listingRenderer();
    const app = express();
    webRoutes(app, t.services, new PageShell(INDEX_HTML, t.services.config.site, null), renderer);
    const web = request.agent(app);
    const visit = async (path: string) => expect((await web.get(path)).status).toBe(200);
    for (let i = 0; i < PAGES_KEPT; i += 1) await visit(`/p/${i}`);
    await visit('/p/0');
    expect(calls).toHaveLength(PAGES_KEPT); // all kept
    await visit(`/p/${PAGES_KEPT}`); // one more path: /p/0, the oldest, goes
    await visit('/p/1');
    expect(calls).toHaveLength(PAGES_KEPT + 1);
    await visit('/p/0');
    expect(calls).toHaveLength(PAGES_KEPT + 2);
  });

  it('inlines the page data as inert JSON that cannot close its script element', async () => {
    const { renderer } = listingRenderer();
    const [plan] = await t.services.plans.list();
    const hostile = { ...plan, name: '</script><script>alert(1)</script>' } as Plan;
    jest.spyOn(t.services.plans, 'list').mockResolvedValueOnce([hostile]);

    const res = await webWith(renderer).get('/services').set('accept', 'text/html');
    const after = res.text.slice(res.text.indexOf('id="apollo-state"'));
    expect(after.indexOf('</script>')).toBeGreaterThan(after.indexOf(']}}')); // only its own closing tag
    expect(apolloState(res.text)).toEqual({ ROOT_QUERY: { planNames: [hostile.name] } });
  });
});
