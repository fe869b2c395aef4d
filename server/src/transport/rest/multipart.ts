import type { Readable } from 'node:stream';
import busboy from 'busboy';
import { AppError, ErrorCode } from '../../kernel/errors';

/** Room for the multipart framing and small fields beside the file in the total body limit. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** Only form-data can carry a file; busboy would also parse urlencoded bodies, to no purpose. */
const FORM_DATA = /^\s*multipart\/form-data\s*(;|$)/i;

/**
 * What a form beside one file may hold. Fields are never buffered (nothing listens for them), so
 * these only bound the work spent skipping parts. Busboy 1.x caps each part's header block at
 * 16 KiB and 2000 pairs itself; `headerPairs` is declared for the day it applies to multipart.
 */
const LIMITS = { fields: 20, fieldSize: 1024, files: 5, parts: 25, headerPairs: 20 } as const;

const malformed = () => new AppError(ErrorCode.BAD_REQUEST, 'Malformed multipart body');
const noop = () => undefined;

type Request = Readable & { headers: Record<string, string | string[] | undefined> };

/**
 * The bytes of one form field (the first file part named `field`) of a multipart request,
 * streamed by busboy as they arrive: back-pressure reaches the socket, so a large file is never
 * held whole. Yields nothing when the request is not multipart/form-data (or has no boundary) or
 * has no such part. The whole body is capped at `maxBodyBytes` (413), whatever Content-Length
 * says; a broken body is a 400. The request is never destroyed here: after an error, or when the
 * consumer stops early, the caller should drain it (see `drainRequest`) so the client reads the
 * answer instead of a reset.
 */
export async function* multipartField(req: Request, field: string, maxBodyBytes: number): AsyncGenerator<Buffer> {
  const contentType = req.headers['content-type'];
  if (typeof contentType !== 'string' || !FORM_DATA.test(contentType)) return;
  let parser: busboy.Busboy;
  try {
    // Limits.fileSize is a safety net only: the body cap below is reached first.
    parser = busboy({ headers: { 'content-type': contentType }, limits: { ...LIMITS, fileSize: maxBodyBytes } });
  } catch {
    return; // no boundary, or a Content-Type busboy cannot read: as if no file was sent
  }
  const tooLarge = () => AppError.field(field, `${field} is too large`, ErrorCode.PAYLOAD_TOO_LARGE);
  if (Number(req.headers['content-length'] ?? 0) > maxBodyBytes) throw tooLarge();

  // The first failure wins; every wait below races against it.
  let failure: unknown = null;
  let rejectFailed: (err: unknown) => void = noop;
  const failed = new Promise<never>((_, reject) => (rejectFailed = reject));
  failed.catch(noop);
  const fail = (err: unknown) => {
    if (failure) return;
    failure = err;
    detach();
    rejectFailed(err);
  };

  let target = null as Readable | null;
  let resolveFound: (file: Readable | null) => void = noop;
  const found = new Promise<Readable | null>((resolve) => (resolveFound = resolve));
  let resolveFinished: () => void = noop;
  const finished = new Promise<void>((resolve) => (resolveFinished = resolve));

  parser.on('file', (name, stream) => {
    // Busboy destroys an unfinished file stream with its own error: never let that go unheard.
    stream.on('error', noop);
    if (target || name !== field) {
      stream.resume(); // skipped, but read, or the parser would wait for it
      return;
    }
    target = stream;
    stream.once('limit', () => fail(tooLarge()));
    resolveFound(stream);
  });
  parser.on('error', () => fail(malformed()));
  parser.on('finish', () => {
    resolveFound(null);
    resolveFinished();
  });

  // Feed the parser by hand, counting every byte before it is parsed.
  let total = 0;
  const onData = (chunk: Buffer) => {
    total += chunk.length;
    if (total > maxBodyBytes) return fail(tooLarge());
    if (!parser.write(chunk)) req.pause();
  };
  const onDrain = () => req.resume();
  const onEnd = () => parser.end();
  const onClose = () => {
    if (!req.readableEnded) fail(Object.assign(new Error('request closed before its end'), { code: 'ECONNRESET' }));
  };
  function detach() {
    req.off('data', onData);
    req.off('end', onEnd);
    req.off('error', fail);
    req.off('close', onClose);
    parser.off('drain', onDrain);
    req.pause(); // the rest is left for drainRequest
  }
  req.on('data', onData);
  req.on('end', onEnd);
  req.on('error', fail);
  req.on('close', onClose);
  parser.on('drain', onDrain);
  if (req.readableEnded) parser.end();
  else req.resume();

  try {
    const file = await Promise.race([found, failed]);
    if (file) {
      const chunks = file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
      for (;;) {
        let next: IteratorResult<Buffer>;
        try {
          next = await Promise.race([chunks.next(), failed]);
        } catch {
          // Busboy destroys the file stream with its own error; report the one that caused it.
          throw failure ?? malformed();
        }
        if (next.done) break;
        yield next.value;
      }
    }
    await Promise.race([finished, failed]); // the rest of the form must be well-formed too
  } finally {
    // Done, failed, or the consumer stopped early: stop parsing, but keep the request alive.
    detach();
    if (target && !target.readableEnded) target.destroy();
  }
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
