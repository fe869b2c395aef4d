import { AppError } from '../../errors';
import { boundaryOf, MultipartEvent, MultipartParser } from './multipart';

const B = 'XyZ-boundary';
const CRLF = '\r\n';

/** A body as browsers send it (with a preamble and an epilogue the parser must ignore). */
function body(parts: { headers: string[]; data: Buffer }[], preamble = '', epilogue = ''): Buffer {
  const pieces: Buffer[] = [Buffer.from(preamble)];
  for (const p of parts)
    pieces.push(
      Buffer.from(`--${B}${CRLF}${p.headers.map((h) => h + CRLF).join('')}${CRLF}`),
      p.data,
      Buffer.from(CRLF),
    );
  pieces.push(Buffer.from(`--${B}--${CRLF}${epilogue}`));
  return Buffer.concat(pieces);
}

/** Runs the parser over `chunks` and folds the events into whole parts. */
function parse(chunks: Buffer[]) {
  const parser = new MultipartParser(B);
  const events: MultipartEvent[] = chunks.flatMap((c) => parser.push(c));
  parser.end();
  const parts: { name: string | null; filename: string | null; contentType: string | null; data: Buffer }[] = [];
  for (const ev of events) {
    if (ev.kind === 'part')
      parts.push({ name: ev.name, filename: ev.filename, contentType: ev.contentType, data: Buffer.alloc(0) });
    else if (ev.kind === 'data') parts[parts.length - 1].data = Buffer.concat([parts[parts.length - 1].data, ev.data]);
  }
  return parts;
}

// Binary data that contains CRLFs, dashes and a near-boundary, to catch off-by-one matching.
const tricky = Buffer.concat([
  Buffer.from([0, 0xff, 13, 10, 45, 45]),
  Buffer.from(`\r\n--${B.slice(0, -1)}!`),
  Buffer.from([13]),
]);
const sample = body(
  [
    { headers: ['Content-Disposition: form-data; name="note"'], data: Buffer.from('hello') },
    {
      headers: ['content-disposition: form-data; name="file"; filename="a \\"b\\".png"', 'Content-Type: image/png'],
      data: tricky,
    },
    { headers: [], data: Buffer.from('headless') },
  ],
  'preamble text\r\n',
  'epilogue',
);

describe('MultipartParser', () => {
  it('parses fields, files and a part without headers, whatever the chunking', () => {
    const expected = [
      { name: 'note', filename: null, contentType: null, data: Buffer.from('hello') },
      { name: 'file', filename: 'a "b".png', contentType: 'image/png', data: tricky },
      { name: null, filename: null, contentType: null, data: Buffer.from('headless') },
    ];
    expect(parse([sample])).toEqual(expected);
    for (let cut = 1; cut < sample.length; cut += 1) {
      expect(parse([sample.subarray(0, cut), sample.subarray(cut)])).toEqual(expected);
    }
    expect(parse([...sample].map((b) => Buffer.from([b])))).toEqual(expected);
  });

  it('accepts an empty part and the first boundary at the very start', () => {
    const parts = parse([body([{ headers: ['Content-Disposition: form-data; name=file'], data: Buffer.alloc(0) }])]);
    expect(parts).toEqual([{ name: 'file', filename: null, contentType: null, data: Buffer.alloc(0) }]);
  });

  it('refuses a body cut short, garbage after a boundary and oversized headers (400)', () => {
    const cutShort = new MultipartParser(B);
    cutShort.push(sample.subarray(0, sample.length - 20));
    expect(() => cutShort.end()).toThrow(AppError);
    expect(() => new MultipartParser(B).push(Buffer.from(`--${B}garbage\r\n\r\n`))).toThrow(/Malformed multipart/);
    const bigHeaders = Buffer.from(`--${B}\r\nX-Pad: ${'a'.repeat(9000)}\r\n\r\nx`);
    expect(() => new MultipartParser(B).push(bigHeaders)).toThrow(/Malformed multipart/);
    expect(() => new MultipartParser(B).end()).toThrow(/Malformed multipart/);
  });
});

describe('boundaryOf', () => {
  it('reads plain and quoted boundaries of multipart/form-data only', () => {
    expect(boundaryOf('multipart/form-data; boundary=----abc123')).toBe('----abc123');
    expect(boundaryOf('Multipart/Form-Data; charset=utf-8; boundary="a b:c"')).toBe('a b:c');
    expect(boundaryOf('multipart/form-data')).toBeNull();
    expect(boundaryOf('multipart/mixed; boundary=x')).toBeNull();
    expect(boundaryOf('application/json')).toBeNull();
    expect(boundaryOf(undefined)).toBeNull();
  });
});
