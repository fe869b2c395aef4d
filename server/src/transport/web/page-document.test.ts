import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { PageDocument } from './page-document';

const HTML = `<!doctype html><html><body>${'<p>Invest in plans that pay</p>'.repeat(500)}</body></html>`;

describe('PageDocument', () => {
  it('sends the page as it is to a client that accepts no compression', () => {
    const doc = new PageDocument(200, HTML);
    for (const header of [undefined, 'identity', 'deflate', 'gzip;q=0, br;q=0']) {
      const sent = doc.encodedFor(header);
      expect(sent.encoding).toBeUndefined();
      expect(sent.body.toString('utf8')).toBe(HTML);
    }
  });

  it('gzips the page once, and sends those bytes again', () => {
    const doc = new PageDocument(404, HTML);
    const first = doc.encodedFor('gzip');
    expect(first.encoding).toBe('gzip');
    expect(gunzipSync(first.body).toString('utf8')).toBe(HTML);
    expect(doc.encodedFor('gzip, deflate').body).toBe(first.body);
    expect(doc.status).toBe(404);
  });

  it('sends gzip to a Brotli client until Brotli is made in the background, then Brotli', async () => {
    const doc = new PageDocument(200, HTML);
    const before = doc.encodedFor('gzip, deflate, br, zstd');
    expect(before.encoding).toBe('gzip');
    await doc.brotliMade;
    const after = doc.encodedFor('gzip, deflate, br, zstd');
    expect(after.encoding).toBe('br');
    expect(brotliDecompressSync(after.body).toString('utf8')).toBe(HTML);
    expect(after.body.length).toBeLessThan(before.body.length);
    expect(doc.encodedFor('br').body).toBe(after.body);
    expect(doc.encodedFor('gzip').encoding).toBe('gzip'); // a gzip-only client still gets gzip
  });

  it('reads Accept-Encoding as HTTP says: any case, * for any coding, q=0 refuses one', async () => {
    const doc = new PageDocument(200, HTML);
    expect(doc.encodedFor('GZIP').encoding).toBe('gzip');
    expect(doc.encodedFor('*').encoding).toBe('gzip'); // Brotli is not made yet
    expect(doc.encodedFor('*;q=0').encoding).toBeUndefined();
    expect(doc.encodedFor('gzip;q=0, *').encoding).toBeUndefined(); // only Brotli, not made yet
    await doc.brotliMade;
    expect(doc.encodedFor('gzip;q=0, *').encoding).toBe('br');
    expect(doc.encodedFor('br;q=0, *').encoding).toBe('gzip');
  });
});
