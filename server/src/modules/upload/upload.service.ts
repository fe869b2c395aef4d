import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { mkdir, open, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { DataSource } from 'typeorm';
import type { Config } from '../../config';
import { AppError, ErrorCode } from '../../errors';
import type { Logger } from '../../logger';
import type { RateLimits } from '../limits/rate-limits';
import { sniffImageType, SNIFF_BYTES } from './image-type';
import { Upload } from './upload.entity';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const UUID_RE = new RegExp(`^${UUID}$`, 'i');
const LINK_PATH_RE = new RegExp(`^/api/upload/(${UUID})$`, 'i');

/** Messages clients show under the file input. */
export const UPLOAD_MSG = {
  required: 'file is required',
  notImage: 'only PNG, JPEG, WebP or GIF images',
  tooLarge: 'file is too large',
  unknown: 'unknown upload',
  invalidLink: 'This link is not valid',
  expired: 'This link has expired',
} as const;

/** An opened stored file, ready to stream, with how long the link that opened it stays valid. */
export interface SignedFile {
  upload: Upload;
  stream: Readable;
  size: number;
  maxAgeSeconds: number;
}

type UploadConfig = Pick<Config, 'uploadDir' | 'uploadMaxBytes' | 'uploadLinkTtlSeconds' | 'jwtSecret'>;

/**
 * Proof images: checked by content (PNG, JPEG, WebP, GIF magic bytes), capped in size, written to
 * a temp file and renamed to `UPLOAD_DIR/<id>` once recorded, and read back only through expiring
 * HMAC-signed links (an admin opens them in a new tab, where no bearer header is sent).
 */
export class UploadService {
  private readonly linkKey: Buffer;

  constructor(
    private readonly ds: DataSource,
    private readonly config: UploadConfig,
    private readonly limits: RateLimits,
    private readonly logger: Logger,
  ) {
    this.linkKey = createHmac('sha256', config.jwtSecret).update('upload-links').digest();
  }

  /**
   * Stores one image for `ownerId` from a buffer or a stream of chunks (counts against the
   * owner's hourly budget). Refuses non-images as soon as the first bytes arrive and anything over
   * UPLOAD_MAX_BYTES; on any failure neither a row nor a file is left behind.
   */
  async save(ownerId: string, source: Buffer | AsyncIterable<Buffer>): Promise<Upload> {
    await this.limits.hitUpload(ownerId);
    await mkdir(this.config.uploadDir, { recursive: true });
    const id = randomUUID();
    const tmp = path.join(this.config.uploadDir, `.${id}.part`);
    const file = await open(tmp, 'wx', 0o600);
    try {
      const { contentType, size, sha256 } = await this.writeImage(file, source);
      return await this.ds.transaction(async (m) => {
        const saved = await m.getRepository(Upload).save({ id, ownerId, contentType, sizeBytes: size, sha256 });
        await rename(tmp, this.pathOf(id));
        return saved;
      });
    } catch (err) {
      await file.close().catch(() => undefined);
      await unlink(tmp).catch(() => undefined);
      throw err;
    }
  }

  /** A relative link `/api/upload/<id>?expires=<unix s>&sig=<HMAC>` valid for `ttlSeconds`. */
  signedUrl(id: string, ttlSeconds = this.config.uploadLinkTtlSeconds): string {
    const expires = String(Math.floor(Date.now() / 1000) + ttlSeconds);
    return `/api/upload/${id}?expires=${expires}&sig=${this.sign(id, expires)}`;
  }

  /** Opens the file a signed link points to: 403 for a bad or expired link, 404 for an unknown id. */
  async openSigned(id: string, expires: unknown, sig: unknown): Promise<SignedFile> {
    if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires) || typeof sig !== 'string')
      throw new AppError(ErrorCode.FORBIDDEN, UPLOAD_MSG.invalidLink);
    const expected = Buffer.from(this.sign(id, expires));
    const given = Buffer.from(sig);
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new AppError(ErrorCode.FORBIDDEN, UPLOAD_MSG.invalidLink);
    const maxAgeSeconds = Number(expires) - Math.floor(Date.now() / 1000);
    if (maxAgeSeconds <= 0) throw new AppError(ErrorCode.FORBIDDEN, UPLOAD_MSG.expired);
    const notFound = new AppError(ErrorCode.NOT_FOUND, 'Upload not found');
    const upload = UUID_RE.test(id) ? await this.ds.getRepository(Upload).findOneBy({ id }) : null;
    if (!upload) throw notFound;
    const file = await open(this.pathOf(upload.id), 'r').catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
      this.logger.warn({ uploadId: upload.id }, 'upload row without its file');
      throw notFound;
    });
    const { size } = await file.stat();
    return { upload, stream: file.createReadStream(), size, maxAgeSeconds };
  }

  /** Refuses (422 on `imageUrl`) an upload id that does not exist or belongs to someone else. */
  async assertOwnedBy(id: string, userId: string): Promise<void> {
    const owned =
      UUID_RE.test(id) && (await this.ds.getRepository(Upload).existsBy({ id: id.toLowerCase(), ownerId: userId }));
    if (!owned) throw AppError.field('imageUrl', UPLOAD_MSG.unknown);
  }

  /** The upload id in a bare uuid or a link made by `signedUrl` (relative or absolute), else null. */
  parseReference(value: string): string | null {
    const v = value.trim();
    if (UUID_RE.test(v)) return v.toLowerCase();
    let url: URL;
    try {
      url = new URL(v, 'http://relative.invalid');
    } catch {
      return null;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    const m = LINK_PATH_RE.exec(url.pathname);
    return m ? m[1].toLowerCase() : null;
  }

  private pathOf(id: string): string {
    return path.join(this.config.uploadDir, id);
  }

  private sign(id: string, expires: string): string {
    return createHmac('sha256', this.linkKey).update(`${id}.${expires}`).digest('base64url');
  }

  /** Streams `source` into `file`, sniffing the type from the first bytes and enforcing the size cap. */
  private async writeImage(file: Awaited<ReturnType<typeof open>>, source: Buffer | AsyncIterable<Buffer>) {
    const hash = createHash('sha256');
    let head = Buffer.alloc(0);
    let contentType: string | null = null;
    let size = 0;
    const notImage = () => AppError.field('file', UPLOAD_MSG.notImage);
    for await (const chunk of Buffer.isBuffer(source) ? [source] : source) {
      size += chunk.length;
      if (size > this.config.uploadMaxBytes)
        throw AppError.field('file', UPLOAD_MSG.tooLarge, ErrorCode.PAYLOAD_TOO_LARGE);
      if (!contentType) {
        head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
        if (head.length >= SNIFF_BYTES) {
          contentType = sniffImageType(head);
          if (!contentType) throw notImage();
        }
      }
      hash.update(chunk);
      await file.write(chunk);
    }
    if (size === 0) throw AppError.field('file', UPLOAD_MSG.required);
    contentType ??= sniffImageType(head);
    if (!contentType) throw notImage();
    await file.close();
    return { contentType, size, sha256: hash.digest('hex') };
  }
}
