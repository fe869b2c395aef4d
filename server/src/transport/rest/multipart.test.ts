import { createHash } from 'node:crypto';
import http, { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { AppError, ErrorCode } from '../../kernel/errors';
import { drainRequest, multipartField } from './multipart';

/** multipartField against real streams and real HTTP requests: no mocks of the parser. */

const B = 'XyZ-boundary';
const CRLF = '\r\n';
const FORM = `multipart/form-data; boundary=${B}`;
const MAX = 1024 * 1024;

type Part = { name?: string; filename?: string; type?: string; headers?: string[]; data: Buffer | string };

/** The head of one part, as browsers write it. */
function partHead(p: Part): string {
  const headers = p.headers ?? [
    `Content-Disposition: form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}`,
    ...(p.type ? [`Content-Type: ${p.type}`] : []),
  ];
  return `--${B}${CRLF}${headers.map((h) => h + CRLF).join('')}${CRLF}`;
}

/** A whole multipart body; `close: false` leaves out the closing boundary. */
function form(parts: Part[], { preamble = '', epilogue = '', close = true } = {}): Buffer {
  const pieces: Buffer[] = [Buffer.from(preamble)];
  for (const p of parts) pieces.push(Buffer.from(partHead(p)), Buffer.from(p.data), Buffer.from(CRLF));
  if (close) pieces.push(Buffer.from(`--${B}--${CRLF}${epilogue}`));
  return Buffer.concat(pieces);
}

type Req = Readable & { headers: Record<string, string | undefined> };

/** A request-like stream that delivers `chunks` exactly as given. */
function streamOf(chunks: Buffer[], headers: Record<string, string | undefined> = { 'content-type': FORM }): Req {
  return Object.assign(Readable.from(chunks, { objectMode: false }), { headers });
}

/** Everything the generator yields, chunk by chunk. */
async function chunksOf(req: Req, field = 'file', max = MAX): Promise<Buffer[]> {
  const out: Buffer[] = [];
  for await (const chunk of multipartField(req, field, max)) out.push(chunk);
  return out;
}
const bytesOf = async (req: Req, field = 'file', max = MAX) => Buffer.concat(await chunksOf(req, field, max));

const tooLarge = {
  code: ErrorCode.PAYLOAD_TOO_LARGE,
  message: 'file is too large',
  fields: [{ field: 'file', message: 'file is too large' }],
};
const malformed = { code: ErrorCode.BAD_REQUEST, message: 'Malformed multipart body' };

/** Rejects with an AppError like `expected`. */
async function expectAppError(promise: Promise<unknown>, expected: object) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect(err).toMatchObject(expected);
}

// Binary data with CRLFs, dashes and a near-boundary, to catch off-by-one matching.
const tricky = Buffer.concat([
  Buffer.from([0, 0xff, 13, 10, 45, 45]),
  Buffer.from(`\r\n--${B.slice(0, -1)}!`),
  Buffer.from(`\r\n--${B}`.slice(0, -1)),
  Buffer.from([13]),
]);

describe('multipartField on a stream', () => {
  const sample = form(
    [
      { name: 'note', data: 'hello' },
      { name: 'other', filename: 'other.png', type: 'image/png', data: 'not this one' },
      { name: 'file', filename: 'a \\"b\\".png', type: 'image/png', data: tricky },
      { name: 'file', filename: 'second.png', type: 'image/png', data: 'nor this one' },
    ],
    { preamble: 'preamble text\r\n', epilogue: 'epilogue' },
  );

  it('streams only the first file part named `field`, skipping fields and files before it, however split', async () => {
    expect(await bytesOf(streamOf([sample]))).toEqual(tricky);
    for (let cut = 1; cut < sample.length; cut += 1) {
      expect(await bytesOf(streamOf([sample.subarray(0, cut), sample.subarray(cut)]))).toEqual(tricky);
    }
    expect(await bytesOf(streamOf([...sample].map((b) => Buffer.from([b]))))).toEqual(tricky);
    expect(await bytesOf(streamOf([sample]), 'other')).toEqual(Buffer.from('not this one'));
  });

  it('yields nothing for a request that is not multipart/form-data or has no boundary', async () => {
    const urlencoded = streamOf([Buffer.from('file=abc')], { 'content-type': 'application/x-www-form-urlencoded' });
    expect(await chunksOf(urlencoded)).toEqual([]);
    for (const type of [
      undefined,
      'application/json',
      'text/plain',
      'multipart/form-data',
      'multipart/form-data; charset=utf-8',
      `multipart/mixed; boundary=${B}`,
      'multipart/form-data; boundary="unterminated',
    ]) {
      expect(await chunksOf(streamOf([sample], { 'content-type': type }))).toEqual([]);
    }
  });

  it('yields nothing when no file part has that name (a text field of that name is no file)', async () => {
    expect(await chunksOf(streamOf([sample]), 'missing')).toEqual([]);
    expect(await chunksOf(streamOf([sample]), 'note')).toEqual([]);
    expect(await chunksOf(streamOf([form([{ name: 'file', data: 'text' }])]))).toEqual([]);
    expect(await chunksOf(streamOf([form([])]))).toEqual([]);
  });

  it('accepts a quoted boundary, an empty file and a file typed only application/octet-stream', async () => {
    const quoted = { 'content-type': `Multipart/Form-Data; charset=utf-8; boundary="${B}"` };
    expect(await bytesOf(streamOf([sample], quoted))).toEqual(tricky);
    expect(await chunksOf(streamOf([form([{ name: 'file', filename: 'x.png', data: '' }])]))).toEqual([]);
    const octets = form([{ name: 'file', type: 'application/octet-stream', data: tricky }]);
    expect(await bytesOf(streamOf([octets]))).toEqual(tricky);
  });

  it('answers 413 on a Content-Length over the cap, before reading anything', async () => {
    const req = streamOf([sample], { 'content-type': FORM, 'content-length': String(MAX + 1) });
    await expectAppError(bytesOf(req), tooLarge);
    expect(req.readableFlowing).not.toBe(true);
    expect(req.destroyed).toBe(false);
  });

  it('answers 413 when the body is longer than it claims, or has no length at all', async () => {
    const body = form([{ name: 'file', filename: 'big.png', data: Buffer.alloc(5000, 1) }]);
    const chunks = [0, 1000, 2000, 3000, 4000, 5000].map((at) => body.subarray(at, at + 1000));
    chunks.push(body.subarray(6000));
    const lying = streamOf(chunks, { 'content-type': FORM, 'content-length': '100' });
    await expectAppError(bytesOf(lying, 'file', 4000), tooLarge);
    expect(lying.destroyed).toBe(false); // left to drainRequest
    await drainRequest(lying);
    expect(lying.readableEnded).toBe(true);
    await expectAppError(bytesOf(streamOf(chunks), 'file', 4000), tooLarge);
    expect(await bytesOf(streamOf(chunks), 'file', body.length)).toEqual(Buffer.alloc(5000, 1));
  });

  it('counts the whole body against the cap, not only the file: skipped parts, preamble, epilogue', async () => {
    const small = { name: 'file', filename: 'x.png', data: 'x' };
    for (const padded of [
      form([{ name: 'other', filename: 'o.bin', data: Buffer.alloc(5000) }, small]),
      form([{ name: 'note', data: 'n'.repeat(5000) }, small]),
      form([small], { preamble: 'p'.repeat(5000) }),
      form([small], { epilogue: 'e'.repeat(5000) }),
    ]) {
      await expectAppError(
        bytesOf(streamOf([padded.subarray(0, 2500), padded.subarray(2500)]), 'file', 4000),
        tooLarge,
      );
    }
  });

  it.each([
    ['no closing boundary', form([{ name: 'file', filename: 'x.png', data: tricky }], { close: false })],
    ['a body cut inside the file', sample.subarray(0, sample.indexOf(tricky) + 5)],
    ['a body cut inside part headers', sample.subarray(0, sample.indexOf('name="file"'))],
    ['a body cut inside a file skipped before the field', sample.subarray(0, sample.indexOf('not this'))],
    ['a header line without a colon', Buffer.from(`--${B}\r\nnot a header\r\n\r\nx\r\n--${B}--\r\n`)],
    [
      'a header with a control character',
      Buffer.from(`--${B}\r\nContent-Disposition: form\x01-data\r\n\r\nx\r\n--${B}--`),
    ],
    ['part headers over 16 KiB', Buffer.from(`--${B}\r\nX-Pad: ${'a'.repeat(17_000)}\r\n\r\nx\r\n--${B}--\r\n`)],
    ['a part without headers (RFC 7578 requires Content-Disposition)', form([{ headers: [], data: 'x' }])],
    ['a form broken after the field was read whole', sample.subarray(0, sample.indexOf('nor this'))],
    ['nothing at all', Buffer.alloc(0)],
  ])('answers 400 to %s', async (_label, body) => {
    await expectAppError(bytesOf(streamOf([body])), malformed);
  });

  it('reads a large file with bounded memory: the source is read only as fast as the consumer goes', async () => {
    const file = Buffer.alloc(8 * 1024 * 1024);
    for (let i = 0; i < file.length; i += 4096) file.writeUInt32BE(i, i);
    const body = form([{ name: 'file', filename: 'big.bin', data: file }]);
    let offered = 0;
    const source = Object.assign(
      new Readable({
        read() {
          const piece = body.subarray(offered, offered + 64 * 1024);
          offered += piece.length;
          this.push(piece.length ? piece : null);
        },
      }),
      { headers: { 'content-type': FORM } },
    );
    const gen = multipartField(source, 'file', body.length);
    const first = await gen.next();
    expect(first.done).toBe(false);
    for (let i = 0; i < 20; i += 1) await new Promise((resolve) => setImmediate(resolve));
    expect(offered).toBeLessThan(512 * 1024); // not the 8 MB: back-pressure reached the source
    const hash = createHash('sha256').update(first.value as Buffer);
    for await (const chunk of gen) hash.update(chunk);
    expect(hash.digest('hex')).toBe(createHash('sha256').update(file).digest('hex'));
  });

  it('stops at once when the consumer stops early, leaving the request to drainRequest', async () => {
    const body = form([{ name: 'file', filename: 'big.bin', data: Buffer.alloc(1024 * 1024, 7) }]);
    const source = streamOf([body.subarray(0, 300 * 1024), body.subarray(300 * 1024)]);
    const gen = multipartField(source, 'file', MAX + 1024);
    expect((await gen.next()).done).toBe(false);
    await expect(gen.return(undefined)).resolves.toEqual({ done: true, value: undefined });
    expect(source.destroyed).toBe(false);
    expect(source.readableEnded).toBe(false);
    await drainRequest(source);
    expect(source.readableEnded).toBe(true);
  });
});

describe('multipartField on a real HTTP request', () => {
  let server: http.Server;
  let handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  beforeAll(async () => {
    server = http.createServer((req, res) => void handler(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** Like the upload route: read the field, answer the outcome, but only after draining the request. */
  const routeLike = (max: number) => async (req: IncomingMessage, res: ServerResponse) => {
    let status = 200;
    let body: object;
    try {
      const data = Buffer.concat(await chunksOf(req as Req, 'file', max));
      body = { size: data.length, sha256: createHash('sha256').update(data).digest('hex') };
    } catch (err) {
      const e = err as AppError;
      status = e.httpStatus ?? 500;
      body = { error: e.message, code: e.code, fields: e.fields };
    } finally {
      await drainRequest(req);
    }
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };

  /** Sends a POST whose body `write` produces; resolves with the answer once read whole. */
  function post(headers: http.OutgoingHttpHeaders, write: (req: http.ClientRequest) => unknown) {
    const { port } = server.address() as AddressInfo;
    return new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
      const req = http.request({ port, host: '127.0.0.1', method: 'POST', path: '/', headers }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(parts).toString()) }));
      });
      req.on('error', reject);
      Promise.resolve(write(req)).catch(reject);
    });
  }

  const file = Buffer.alloc(200 * 1024, 3);
  const body = form([{ name: 'file', filename: 'x.bin', data: file }]);
  const sha256 = createHash('sha256').update(file).digest('hex');

  it('reads the field of a chunked request', async () => {
    handler = routeLike(MAX);
    const res = await post({ 'content-type': FORM }, (req) => {
      for (let at = 0; at < body.length; at += 7000) req.write(body.subarray(at, at + 7000));
      req.end();
    });
    expect(res).toEqual({ status: 200, body: { size: file.length, sha256 } });
  });

  it('answers 413 to a declared or a streamed body over the cap, and the client reads the answer', async () => {
    handler = routeLike(100 * 1024);
    const expected = {
      status: 413,
      body: { error: 'file is too large', code: 'PAYLOAD_TOO_LARGE', fields: tooLarge.fields },
    };
    const declared = await post({ 'content-type': FORM, 'content-length': body.length }, (req) => req.end(body));
    expect(declared).toEqual(expected);
    const chunked = await post({ 'content-type': FORM }, (req) => {
      for (let at = 0; at < body.length; at += 16 * 1024) req.write(body.subarray(at, at + 16 * 1024));
      req.end();
    });
    expect(chunked).toEqual(expected);
    // Over the cap in a part that is skipped, not in the file.
    const padded = form([
      { name: 'other', filename: 'o.bin', data: file },
      { name: 'file', filename: 'x.bin', data: 'x' },
    ]);
    const skipped = await post({ 'content-type': FORM }, (req) => {
      for (let at = 0; at < padded.length; at += 16 * 1024) req.write(padded.subarray(at, at + 16 * 1024));
      req.end();
    });
    expect(skipped).toEqual(expected);
  });

  it('answers 400 to a body without its closing boundary', async () => {
    handler = routeLike(MAX);
    const res = await post({ 'content-type': FORM }, (req) => req.end(body.subarray(0, body.length - 8)));
    expect(res).toEqual({ status: 400, body: { error: 'Malformed multipart body', code: 'BAD_REQUEST', fields: [] } });
  });

  it('yields the first bytes before the request has ended, and stops early without a reset', async () => {
    let firstSeen!: (info: { ended: boolean; bytes: number }) => void;
    const first = new Promise<{ ended: boolean; bytes: number }>((resolve) => (firstSeen = resolve));
    let stopped!: () => void;
    const returned = new Promise<void>((resolve) => (stopped = resolve));
    handler = async (req, res) => {
      const gen = multipartField(req as Req, 'file', MAX);
      const next = await gen.next();
      firstSeen({ ended: req.readableEnded, bytes: next.done ? 0 : next.value.length });
      await gen.return(undefined); // the service refusing the file after its first chunk
      stopped();
      const destroyed = req.destroyed;
      await drainRequest(req);
      res.writeHead(422, { 'content-type': 'application/json' }).end(JSON.stringify({ destroyed }));
    };
    const half = body.length / 2;
    const res = await post({ 'content-type': FORM }, async (req) => {
      req.write(body.subarray(0, half));
      const seen = await first;
      expect(seen.ended).toBe(false);
      expect(seen.bytes).toBeGreaterThan(0);
      await returned; // the generator's clean-up did not wait for the rest of the body
      req.end(body.subarray(half));
    });
    expect(res).toEqual({ status: 422, body: { destroyed: false } });
  });
});
