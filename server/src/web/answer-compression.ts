import { gzip, gzipSync, type ZlibOptions } from 'node:zlib';
import type { Express, Request, Response } from 'express';

/** Answers smaller than this go as they are (one TCP packet either way; compression's own default). */
export const ANSWER_COMPRESS_MIN_BYTES = 1024;
/** Up to this size an answer is gzipped in place (tens of µs at level 1); larger ones on the thread pool. */
const IN_PLACE_MAX_BYTES = 64 * 1024;

/**
 * True when the Accept-Encoding header allows `coding` (`gzip`, `br`): named, or `*`, with a
 * non-zero q, and not refused by name.
 */
export function acceptsEncoding(header: string | undefined, coding: string): boolean {
  if (!header) return false;
  let star = false;
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const allowed = q === undefined || Number(q.slice(2)) > 0;
    if (name === coding) return allowed;
    if (name === '*') star = allowed;
  }
  return star;
}

/**
 * The Content-Type express gives a string body (HTML unless set, charset utf-8): it leaves a
 * Buffer's type alone, so a string's must be settled before the gzipped Buffer replaces it.
 */
function utf8Type(type: string | undefined): string {
  return `${(type ?? 'text/html').replace(/;\s*charset=[^;]*/i, '')}; charset=utf-8`;
}

/** Whether an answer of this request and response may be re-encoded at all. */
function encodable(req: Request, res: Response): boolean {
  const status = res.statusCode;
  if (req.method === 'HEAD' || status < 200 || status === 204 || status === 304) return false;
  if (res.getHeader('Content-Encoding') !== undefined) return false;
  const cacheControl = res.getHeader('Cache-Control');
  return !(typeof cacheControl === 'string' && /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(cacheControl));
}

/**
 * gzip for API answers, applied to the whole body in `res.send` (every JSON answer, GraphQL's and
 * REST's, goes through it) for the requests `applies` picks: one gzip call and one socket write
 * with a Content-Length, instead of a compression stream (its thread-pool round trip, chunked
 * encoding and a write per chunk; a tenth of a transactions page's CPU, issue 16). gzip even when
 * the browser also offers Brotli: at the fastest level it shrinks small JSON as well, for a
 * fraction of Brotli's CPU. Streamed answers (served uploads: images, already compressed) go as
 * they are. Installed once on the app's response prototype, so a request allocates nothing for it.
 */
export function compressAnswers(app: Express, options: ZlibOptions, applies: (req: Request) => boolean): void {
  const send = app.response.send;
  app.response.send = function sendCompressed(this: Response, body?: unknown) {
    if ((typeof body !== 'string' && !Buffer.isBuffer(body)) || !applies(this.req)) return send.call(this, body);
    const bytes = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
    if (bytes < ANSWER_COMPRESS_MIN_BYTES || !encodable(this.req, this)) return send.call(this, body);
    this.vary('Accept-Encoding');
    if (!acceptsEncoding(this.req.headers['accept-encoding'], 'gzip')) return send.call(this, body);
    if (typeof body === 'string') this.setHeader('Content-Type', utf8Type(this.get('Content-Type')));
    const sendGzipped = (gzipped: Buffer) => {
      this.setHeader('Content-Encoding', 'gzip');
      this.removeHeader('Content-Length');
      send.call(this, gzipped);
    };
    if (bytes <= IN_PLACE_MAX_BYTES) {
      sendGzipped(gzipSync(body, options));
      return this;
    }
    // gzip does not fail on a Buffer or string in memory; were it to, the answer goes as it is.
    gzip(body, options, (err, gzipped) => (err ? send.call(this, body) : sendGzipped(gzipped)));
    return this;
  } as Response['send'];
}
