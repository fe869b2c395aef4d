import http, { type IncomingHttpHeaders } from 'node:http';

/** An answer as it came over the wire: status, headers and the body's bytes, not decoded. */
export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * `method path` on 127.0.0.1:`port` with only the Accept-Encoding given (node:http adds none, unlike
 * supertest, which also decodes the body): for tests of what is really sent, compressed or not.
 */
export function rawRequest(port: number, path: string, acceptEncoding?: string, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    const req = http.request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
