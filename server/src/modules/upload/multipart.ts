import type { Readable } from 'node:stream';
import { AppError, ErrorCode } from '../../errors';

/** What the parser reports, in order: a part's headers, its body bytes (in pieces), its end. */
export type MultipartEvent =
  | { kind: 'part'; name: string | null; filename: string | null; contentType: string | null }
  | { kind: 'data'; data: Buffer }
  | { kind: 'partEnd' };

const CRLF = Buffer.from('\r\n');
const HEADERS_END = Buffer.from('\r\n\r\n');
const MAX_HEADER_BYTES = 8 * 1024;
/** Room for the multipart framing and small fields beside the file in the total body limit. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

function malformed(): never {
  throw new AppError(ErrorCode.BAD_REQUEST, 'Malformed multipart body');
}

/** The boundary of a `multipart/form-data` Content-Type, or null for any other type. */
export function boundaryOf(contentType: string | undefined): string | null {
  if (!contentType || !/^\s*multipart\/form-data\s*(;|$)/i.test(contentType)) return null;
  const m = /;\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType);
  return m ? (m[1] ?? m[2]) : null;
}

/** `form-data; name="file"; filename="x.png"` -> its parameters (quoted strings unescaped). */
function dispositionParams(value: string): Record<string, string> {
  const params: Record<string, string> = {};
  const re = /;\s*([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;
  for (let m = re.exec(value); m; m = re.exec(value)) {
    params[m[1].toLowerCase()] = m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : m[3].trim();
  }
  return params;
}

function partEvent(block: Buffer): MultipartEvent {
  const headers: Record<string, string> = {};
  for (const line of block.toString('latin1').split('\r\n')) {
    if (!line) continue;
    const colon = line.indexOf(':');
    if (colon <= 0) malformed();
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const params = dispositionParams(headers['content-disposition'] ?? '');
  return {
    kind: 'part',
    name: params.name ?? null,
    filename: params.filename ?? null,
    contentType: headers['content-type'] ?? null,
  };
}

/**
 * Incremental multipart/form-data parser (RFC 7578): push chunks as they arrive, split anywhere,
 * and get events back. It keeps only a small tail in memory (part bodies are handed on at once),
 * so the caller decides where bytes go and how many it accepts. Errors are 400 AppErrors.
 */
export class MultipartParser {
  /** The input as if it began with CRLF, so the first boundary matches the same delimiter. */
  private buf: Buffer = CRLF;
  private state: 'preamble' | 'boundary' | 'headers' | 'body' | 'done' = 'preamble';
  private readonly delimiter: Buffer;

  constructor(boundary: string) {
    this.delimiter = Buffer.from(`\r\n--${boundary}`);
  }

  /** Feeds the next chunk; returns the events it completed. */
  push(chunk: Buffer): MultipartEvent[] {
    if (this.state === 'done') return []; // the epilogue is ignored
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    const events: MultipartEvent[] = [];
    while (this.step(events));
    return events;
  }

  /** Call at the end of input: throws unless the closing boundary was seen. */
  end(): void {
    if (this.state !== 'done') malformed();
  }

  /** Advances one state if the buffer allows it; false means "need more input". */
  private step(events: MultipartEvent[]): boolean {
    switch (this.state) {
      case 'preamble':
      case 'body': {
        const at = this.buf.indexOf(this.delimiter);
        const emit = at >= 0 ? at : this.buf.length - (this.delimiter.length - 1);
        if (this.state === 'body' && emit > 0) events.push({ kind: 'data', data: this.buf.subarray(0, emit) });
        if (at < 0) {
          if (emit > 0) this.buf = this.buf.subarray(emit);
          return false;
        }
        if (this.state === 'body') events.push({ kind: 'partEnd' });
        this.buf = this.buf.subarray(at + this.delimiter.length);
        this.state = 'boundary';
        return true;
      }
      case 'boundary': {
        if (this.buf.length < 2) return false;
        if (this.buf[0] === 0x2d && this.buf[1] === 0x2d) {
          this.state = 'done';
          this.buf = Buffer.alloc(0);
          return false;
        }
        const eol = this.buf.indexOf(CRLF);
        if (eol < 0) {
          if (this.buf.length > 256) malformed();
          return false;
        }
        // Transport padding (spaces, tabs) may follow a boundary; anything else is broken.
        if (!/^[ \t]*$/.test(this.buf.subarray(0, eol).toString('latin1'))) malformed();
        this.buf = this.buf.subarray(eol + 2);
        this.state = 'headers';
        return true;
      }
      case 'headers': {
        // A part without headers starts with the blank line itself.
        const end = this.buf.subarray(0, 2).equals(CRLF) ? -2 : this.buf.indexOf(HEADERS_END);
        if (end === -1 ? this.buf.length > MAX_HEADER_BYTES : end > MAX_HEADER_BYTES) malformed();
        if (end === -1) return false;
        events.push(partEvent(this.buf.subarray(0, Math.max(end, 0))));
        this.buf = this.buf.subarray(end + 4);
        this.state = 'body';
        return true;
      }
      default:
        return false;
    }
  }
}

/**
 * The bytes of one form field (the first part named `field`) of a multipart request, streamed.
 * Yields nothing when the request is not multipart or has no such part. The whole body is capped
 * at `maxBodyBytes` (413). The request is never destroyed here: after an error the caller should
 * drain it (see `drainRequest`) so the client reads the answer instead of a reset.
 */
export async function* multipartField(
  req: Readable & { headers: Record<string, string | string[] | undefined> },
  field: string,
  maxBodyBytes: number,
): AsyncGenerator<Buffer> {
  const boundary = boundaryOf(req.headers['content-type'] as string | undefined);
  if (!boundary) return;
  const tooLarge = () => AppError.field(field, `${field} is too large`, ErrorCode.PAYLOAD_TOO_LARGE);
  if (Number(req.headers['content-length'] ?? 0) > maxBodyBytes) throw tooLarge();
  const parser = new MultipartParser(boundary);
  let phase: 'before' | 'in' | 'after' = 'before';
  let total = 0;
  for await (const chunk of req.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > maxBodyBytes) throw tooLarge();
    for (const ev of parser.push(chunk)) {
      if (ev.kind === 'part' && phase === 'before' && ev.name === field) phase = 'in';
      else if (ev.kind === 'data' && phase === 'in') yield ev.data;
      else if (ev.kind === 'partEnd' && phase === 'in') phase = 'after';
    }
  }
  parser.end();
}

/** Reads and discards the rest of a request (as body-parser does on errors) before answering. */
export async function drainRequest(req: Readable & { complete?: boolean }): Promise<void> {
  if (req.readableEnded || req.destroyed) return;
  await new Promise<void>((resolve) => {
    req.once('end', resolve);
    req.once('close', resolve);
    req.once('error', () => resolve());
    req.resume();
  });
}
