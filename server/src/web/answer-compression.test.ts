import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import express from 'express';
import { rawRequest } from '../test/raw-http';
import { acceptsEncoding, ANSWER_COMPRESS_MIN_BYTES, compressAnswers } from './answer-compression';

// A real express app with the middleware, asked over real HTTP; bodies are read raw (not decoded
// by the client) so what went over the wire is what is checked.

const big = (n: number) => ({ items: Array.from({ length: n }, (_, i) => ({ id: i, name: `item number ${i}` })) });
const LARGE = big(40); // ~1.3 KB of JSON
const HUGE = big(4000); // ~150 KB: gzipped on the thread pool

function app() {
  const a = express();
  compressAnswers(a, { level: 1 }, (req) => !req.path.startsWith('/page'));
  a.get('/json', (_req, res) => void res.json(LARGE));
  a.get('/small', (_req, res) => void res.json({ ok: true }));
  a.get('/huge', (_req, res) => void res.json(HUGE));
  a.get('/html', (_req, res) => void res.send('<p>'.padEnd(2000, 'x')));
  a.get('/typed', (_req, res) => void res.type('text/plain; charset=latin1').send('y'.repeat(2000)));
  a.get('/no-transform', (_req, res) => void res.set('Cache-Control', 'no-transform').json(LARGE));
  a.get('/empty', (_req, res) => void res.status(204).send('z'.repeat(2000)));
  a.get('/page', (_req, res) => void res.json(LARGE)); // not an answer `applies` picks
  a.get('/stream', (_req, res) => {
    res.type('application/octet-stream');
    res.end(Buffer.alloc(4000, 1));
  });
  return a;
}

let server: Server;
let port: number;
beforeAll(async () => {
  server = app().listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** `method path` on the test app, the body as the raw bytes sent. */
const get = (path: string, encoding?: string, method = 'GET') => rawRequest(port, path, encoding, method);

describe('acceptsEncoding', () => {
  it.each([
    ['gzip', true],
    ['gzip, deflate, br, zstd', true],
    ['br, GZIP;q=0.5', true],
    ['*', true],
    ['deflate, br', false],
    ['gzip;q=0', false],
    ['gzip; q=0.0, *', false],
    ['*;q=0', false],
    ['identity', false],
    ['', false],
  ])('gzip in %j: %s', (header, expected) => {
    expect(acceptsEncoding(header, 'gzip')).toBe(expected);
  });

  it('reads other codings the same way', () => {
    expect(acceptsEncoding('gzip, deflate, br, zstd', 'br')).toBe(true);
    expect(acceptsEncoding('gzip, br;q=0', 'br')).toBe(false);
    expect(acceptsEncoding('gzip', 'br')).toBe(false);
  });
});

describe('compressAnswers', () => {
  it('gzips an answer of 1 KB or more whole: one body with its Content-Length, not chunked', async () => {
    expect(JSON.stringify(LARGE).length).toBeGreaterThan(ANSWER_COMPRESS_MIN_BYTES);
    const res = await get('/json', 'gzip, deflate, br, zstd');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['transfer-encoding']).toBeUndefined();
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(JSON.parse(gunzipSync(res.body).toString('utf8'))).toEqual(LARGE);
  });

  it('gzips a large answer on the thread pool, to the same bytes', async () => {
    const res = await get('/huge', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.body).toString('utf8'))).toEqual(HUGE);
  });

  it('keeps the type and utf-8 charset of a string body', async () => {
    const html = await get('/html', 'gzip');
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(gunzipSync(html.body).toString('utf8')).toBe('<p>'.padEnd(2000, 'x'));
    const typed = await get('/typed', 'gzip');
    expect(typed.headers['content-type']).toBe('text/plain; charset=utf-8');
  });

  it('sends as they are: small answers, clients without gzip, no-transform, 204 and streams', async () => {
    const small = await get('/small', 'gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toBeUndefined();
    for (const encoding of [undefined, 'br', 'gzip;q=0']) {
      const plain = await get('/json', encoding);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toBe('Accept-Encoding'); // the answer depends on the header
      expect(JSON.parse(plain.body.toString('utf8'))).toEqual(LARGE);
    }
    expect((await get('/no-transform', 'gzip')).headers['content-encoding']).toBeUndefined();
    expect((await get('/page', 'gzip')).headers['content-encoding']).toBeUndefined();
    const empty = await get('/empty', 'gzip');
    expect(empty.status).toBe(204);
    expect(empty.headers['content-encoding']).toBeUndefined();
    const stream = await get('/stream', 'gzip');
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(stream.body.length).toBe(4000);
  });

  it('answers HEAD without a body or an encoding', async () => {
    const res = await get('/json', 'gzip', 'HEAD');
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(0);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
