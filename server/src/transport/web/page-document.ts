import { brotliCompress, constants, gzipSync } from 'node:zlib';
import Negotiator from 'negotiator';

/** Brotli at its best quality, for text: about 0.2 s for a 160 KB page, on the thread pool, once. */
const BROTLI_OPTIONS = {
  params: {
    [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  },
};
/** gzip's best level: a few ms for a 160 KB page, once. */
const GZIP_LEVEL = 9;

/** Bytes to send and how they are encoded (no encoding: as they are). */
export interface EncodedDocument {
  body: Buffer;
  encoding?: 'br' | 'gzip';
}

/**
 * A page's final HTML and its compressed forms, made once and then sent to every visitor while
 * the page is kept (web.routes.ts): compressing a 100–160 KB page with each request cost more than
 * the rest of serving it. gzip is made when first asked for; Brotli (smaller still) is made on the
 * thread pool in the background, and gzip serves until it is ready.
 */
export class PageDocument {
  private readonly identity: Buffer;
  private gzipped: Buffer | null = null;
  private brotli: Buffer | null = null;
  private brotliStarted = false;
  private brotliDone!: () => void;
  /** Resolves once the Brotli form is made (or could not be: gzip then keeps serving). */
  readonly brotliMade = new Promise<void>((resolve) => {
    this.brotliDone = resolve;
  });

  constructor(
    readonly status: number,
    html: string,
  ) {
    this.identity = Buffer.from(html, 'utf8');
  }

  /** The bytes for a client that sent `acceptEncoding`: Brotli once made, else gzip, else plain. */
  encodedFor(acceptEncoding: string | undefined): EncodedDocument {
    // The codings the client accepts (q > 0), read by the negotiator that express and compression use.
    const accepted = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } }).encodings(['br', 'gzip']);
    if (accepted.includes('br')) {
      this.startBrotli();
      if (this.brotli) return { body: this.brotli, encoding: 'br' };
    }
    if (accepted.includes('gzip')) {
      this.gzipped ??= gzipSync(this.identity, { level: GZIP_LEVEL });
      return { body: this.gzipped, encoding: 'gzip' };
    }
    return { body: this.identity };
  }

  private startBrotli(): void {
    if (this.brotliStarted) return;
    this.brotliStarted = true;
    brotliCompress(this.identity, BROTLI_OPTIONS, (err, compressed) => {
      if (!err) this.brotli = compressed;
      this.brotliDone();
    });
  }
}
