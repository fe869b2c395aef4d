import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { mkdir, open, rename, statfs, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { DataSource, EntityManager } from 'typeorm';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import { sqlRows } from '../../db/sql';
import { AppError, ErrorCode } from '../../errors';
import type { Logger } from '../../logger';
import type { RateLimits } from '../limits/rate-limits';
import { type HeadVerdict, ImageHead, type ImageInfo } from './image-head';
import { Upload } from './upload.entity';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const UUID_RE = new RegExp(`^${UUID}$`, 'i');
const LINK_PATH_RE = new RegExp(`^/api/upload/(${UUID})$`, 'i');
/** How long an upload nothing refers to is kept (time to submit the form it was made for). */
const UNATTACHED_TTL_MS = 24 * 60 * 60 * 1000;

const MB = 1024 * 1024;
/** Readiness fails below this much free space (or twice UPLOAD_MAX_BYTES, if larger). */
const MIN_FREE_BYTES = 16 * MB;

const bytesText = (n: number) =>
  n >= MB ? `${Number((n / MB).toFixed(1))} MB` : n >= 1024 ? `${Number((n / 1024).toFixed(1))} KB` : `${n} bytes`;
const pixelsText = (n: number) => (n >= 1e6 ? `${Number((n / 1e6).toFixed(1))} megapixels` : `${n} pixels`);

/**
 * Filesystem errors that say the upload storage cannot take bytes now (read-only, full, over
 * quota, failing, gone or not a directory, out of descriptors): not the user's doing, so 503.
 */
const STORAGE_FAULTS: ReadonlySet<string> = new Set([
  'EACCES',
  'EPERM',
  'EROFS',
  'ENOSPC',
  'EDQUOT',
  'EFBIG',
  'EIO',
  'ENOENT',
  'ENOTDIR',
  'EEXIST', // UPLOAD_DIR itself is a file: mkdir refuses
  'EMFILE',
  'ENFILE',
  'ESTALE',
]);

/** A received, checked image not yet stored: what identifies it. */
export interface ReceivedImage {
  contentType: string;
  size: number;
  sha256: string;
}

/** Decides what happens to a received image; `store` records it (row and file) and returns the upload. */
export type FinishUpload<T> = (file: ReceivedImage, store: () => Promise<Upload>) => Promise<T>;

/** Messages clients show under the file input. */
export const UPLOAD_MSG = {
  required: 'file is required',
  notImage: 'only PNG, JPEG, WebP or GIF images',
  tooLarge: 'file is too large',
  unknown: 'unknown upload',
  invalidLink: 'This link is not valid',
  expired: 'This link has expired',
  tooManyPixels: (maxPixels: number) => `image is too large (at most ${pixelsText(maxPixels)})`,
  quotaFull: (quotaBytes: number) => `not enough upload space left (at most ${bytesText(quotaBytes)} per user)`,
  storageUnavailable: 'Storage unavailable: the file could not be stored. Try again in a moment.',
} as const;

/**
 * The filesystem calls uploads make, in one place: every storage fault comes from here. Node's
 * own by default; a test can swap one (e.g. open the temp file on /dev/full for a real ENOSPC).
 */
export interface UploadFiles {
  mkdir: typeof mkdir;
  open: typeof open;
  rename: typeof rename;
  unlink: typeof unlink;
  statfs: typeof statfs;
}

/** The real filesystem: the default, and what a test puts back after swapping one call. */
export const NODE_FILES: Readonly<UploadFiles> = Object.freeze({ mkdir, open, rename, unlink, statfs });

/** The 503 for an upload the storage refused; `fault` (the filesystem error) goes to the log only. */
export class StorageUnavailableError extends AppError {
  constructor(readonly fault: NodeJS.ErrnoException) {
    super(ErrorCode.UNAVAILABLE, UPLOAD_MSG.storageUnavailable);
  }
}

/** Runs one filesystem call; a storage fault becomes StorageUnavailableError, anything else passes. */
async function onDisk<T>(op: () => Promise<T>): Promise<T> {
  try {
    return await op();
  } catch (err) {
    const code = (err as NodeJS.ErrnoException | null)?.code;
    if (typeof code === 'string' && STORAGE_FAULTS.has(code))
      throw new StorageUnavailableError(err as NodeJS.ErrnoException);
    throw err;
  }
}

/** An opened stored file, ready to stream, with how long the link that opened it stays valid. */
export interface SignedFile {
  upload: Upload;
  stream: Readable;
  size: number;
  maxAgeSeconds: number;
}

type UploadConfig = Pick<
  Config,
  'uploadDir' | 'uploadMaxBytes' | 'uploadMaxPixels' | 'uploadUserQuotaBytes' | 'uploadLinkTtlSeconds' | 'jwtSecret'
>;

/**
 * Proof and profile images: checked by content (PNG, JPEG, WebP, GIF magic bytes and dimensions),
 * capped in bytes, pixels and per-user storage, written to a temp file and renamed to
 * `UPLOAD_DIR/<id>` once recorded, read back only through expiring HMAC-signed links (an admin
 * opens them in a new tab, where no bearer header is sent), and removed a day after nothing
 * refers to them.
 */
export class UploadService {
  private readonly linkKey: Buffer;
  /** Why the last storage check failed (null: it passed), so only changes are logged. */
  private storageProblem: string | null = null;
  /** The filesystem seam (see UploadFiles). */
  files: UploadFiles = NODE_FILES;

  constructor(
    private readonly ds: DataSource,
    private readonly config: UploadConfig,
    private readonly limits: RateLimits,
    private readonly logger: Logger,
    private readonly clock: Clock,
  ) {
    this.linkKey = createHmac('sha256', config.jwtSecret).update('upload-links').digest();
  }

  /**
   * Stores one image for `ownerId` from a buffer or a stream of chunks (counts against the
   * owner's hourly budget). Refuses non-images and images over UPLOAD_MAX_PIXELS as soon as their
   * header arrives, and anything over UPLOAD_MAX_BYTES or the owner's UPLOAD_USER_QUOTA_BYTES; on
   * any failure neither a row nor a file is left behind. When the storage refuses the bytes
   * (read-only, full, gone) it answers 503 and gives the budget unit back: that was not the user's
   * attempt failing. The unit is still taken first, so parallel uploads cannot pass the limit.
   */
  async save(ownerId: string, source: Buffer | AsyncIterable<Buffer>): Promise<Upload>;
  /**
   * The same, with `finish` deciding whether the received file is stored: it gets the file's facts
   * (its SHA-256 identifies a retry of the same upload) and `store`, and may answer without
   * calling it (a replayed idempotent upload, whose file is then discarded and not counted).
   */
  async save<T>(ownerId: string, source: Buffer | AsyncIterable<Buffer>, finish: FinishUpload<T>): Promise<T>;
  async save<T>(
    ownerId: string,
    source: Buffer | AsyncIterable<Buffer>,
    finish: FinishUpload<T | Upload> = (_file, store) => store(),
  ): Promise<T | Upload> {
    await this.limits.hitUpload(ownerId);
    try {
      let stored = false;
      const result = await this.store(ownerId, source, (file, store) =>
        finish(file, () => {
          stored = true;
          return store();
        }),
      );
      if (!stored) await this.limits.uploadRefused(ownerId); // a replay is not a new upload
      return result;
    } catch (err) {
      if (err instanceof StorageUnavailableError) {
        this.logger.error(
          { code: err.fault.code, syscall: err.fault.syscall, uploadDir: this.config.uploadDir },
          'upload storage unavailable: answered 503',
        );
        await this.limits
          .uploadRefused(ownerId)
          .catch((e: unknown) => this.logger.warn({ err: e }, 'upload budget unit not given back'));
      }
      throw err;
    }
  }

  /**
   * Readiness of the upload storage: a small file can be written to and removed from UPLOAD_DIR,
   * and it has at least MIN_FREE_BYTES (or twice UPLOAD_MAX_BYTES) free. Rejects otherwise; logs
   * only when the outcome changes, since probes run every few seconds.
   */
  async checkStorage(): Promise<void> {
    try {
      await this.probeStorage();
      if (this.storageProblem) this.logger.info({ uploadDir: this.config.uploadDir }, 'upload storage is back');
      this.storageProblem = null;
    } catch (err) {
      const e = err as NodeJS.ErrnoException;
      const problem = e.code ?? e.message;
      if (problem !== this.storageProblem)
        this.logger.error({ uploadDir: this.config.uploadDir, problem }, 'upload storage check failing');
      this.storageProblem = problem;
      throw err;
    }
  }

  private async probeStorage(): Promise<void> {
    const dir = this.config.uploadDir;
    await this.files.mkdir(dir, { recursive: true });
    const probe = path.join(dir, `.probe-${randomUUID()}`);
    const file = await this.files.open(probe, 'wx', 0o600);
    try {
      await file.write(Buffer.from('ok\n'));
      await file.close();
    } catch (err) {
      await file.close().catch(() => undefined);
      throw err;
    } finally {
      await this.files.unlink(probe).catch(() => undefined);
    }
    const { bavail, bsize } = await this.files.statfs(dir);
    const free = bavail * bsize;
    const needed = Math.max(MIN_FREE_BYTES, 2 * this.config.uploadMaxBytes);
    if (free < needed) throw new Error(`low space: ${bytesText(free)} free, at least ${bytesText(needed)} needed`);
  }

  /** The body of `save` after the budget: storage faults surface as StorageUnavailableError. */
  private async store<T>(ownerId: string, source: Buffer | AsyncIterable<Buffer>, finish: FinishUpload<T>): Promise<T> {
    const room = this.config.uploadUserQuotaBytes - (await this.usedBytes(this.ds, ownerId));
    await onDisk(() => this.files.mkdir(this.config.uploadDir, { recursive: true }));
    const id = randomUUID();
    const tmp = path.join(this.config.uploadDir, `.${id}.part`);
    const file = await onDisk(() => this.files.open(tmp, 'wx', 0o600));
    try {
      const { contentType, size, sha256 } = await this.writeImage(file, source, room);
      const received = { contentType, size, sha256 };
      const result = await finish(received, () =>
        inTransaction(this.ds, async (m) => {
          await this.reserveRoom(m, ownerId, size);
          const upload = m.getRepository(Upload).create({
            id,
            ownerId,
            contentType,
            sizeBytes: size,
            sha256,
            createdAt: this.clock.now(),
          });
          await m.getRepository(Upload).insert(upload);
          await onDisk(() => this.files.rename(tmp, this.pathOf(id)));
          return upload;
        }),
      );
      await this.files.unlink(tmp).catch(() => undefined); // not stored (a replay): nothing kept
      return result;
    } catch (err) {
      await file.close().catch(() => undefined);
      await this.files.unlink(tmp).catch(() => undefined);
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
    const file = await this.files.open(this.pathOf(upload.id), 'r').catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw STORAGE_FAULTS.has(err.code ?? '') ? new StorageUnavailableError(err) : err;
      this.logger.warn({ uploadId: upload.id }, 'upload row without its file');
      throw notFound;
    });
    const { size } = await file.stat();
    return { upload, stream: file.createReadStream(), size, maxAgeSeconds };
  }

  /**
   * Refuses (422 on `imageUrl`) an upload id that does not exist or belongs to someone else, and
   * restarts the found upload's day before clean-up, in one statement: either the clean-up removed
   * it first (refused here) or it cannot remove it while the caller goes on to attach it.
   */
  async claim(id: string, userId: string): Promise<void> {
    const claimed =
      UUID_RE.test(id) &&
      (
        await sqlRows(
          this.ds,
          `UPDATE upload SET created_at = greatest(created_at, $3) WHERE id = $1 AND owner_id = $2 RETURNING id`,
          [id.toLowerCase(), userId, this.clock.now()],
        )
      ).length > 0;
    if (!claimed) throw AppError.field('imageUrl', UPLOAD_MSG.unknown);
  }

  /**
   * The scheduled clean-up: removes uploads older than a day that no deposit and no profile
   * refers to (rows, then files). The references are checked in the DELETE itself, so an upload
   * attached a moment before is never taken. Returns how many were removed.
   */
  async removeUnattached(): Promise<number> {
    const removed = await sqlRows<{ id: string }>(
      this.ds,
      `DELETE FROM upload u
        WHERE u.created_at < $1
          AND NOT EXISTS (SELECT 1 FROM "transaction" t WHERE t.image_url = u.id::text)
          AND NOT EXISTS (SELECT 1 FROM app_user a WHERE a.profile_image = u.id::text)
        RETURNING u.id`,
      [new Date(this.clock.now().getTime() - UNATTACHED_TTL_MS)],
    );
    for (const { id } of removed) {
      await this.files.unlink(this.pathOf(id)).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') this.logger.warn({ err, uploadId: id }, 'unattached upload file not removed');
      });
    }
    if (removed.length) this.logger.info({ count: removed.length }, 'removed unattached uploads');
    return removed.length;
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

  /** Bytes `ownerId`'s stored uploads take. */
  private async usedBytes(db: DataSource | EntityManager, ownerId: string): Promise<number> {
    const [{ used }] = await sqlRows<{ used: string }>(
      db,
      `SELECT coalesce(sum(size_bytes), 0)::bigint AS used FROM upload WHERE owner_id = $1`,
      [ownerId],
    );
    return Number(used);
  }

  /**
   * Refuses (413) an upload that would take its owner over UPLOAD_USER_QUOTA_BYTES. The owner's
   * row stays locked until the caller's transaction ends, so parallel uploads are counted one
   * after the other and cannot squeeze in together.
   */
  private async reserveRoom(m: EntityManager, ownerId: string, size: number): Promise<void> {
    await m.query(`SELECT 1 FROM app_user WHERE id = $1 FOR NO KEY UPDATE`, [ownerId]);
    if ((await this.usedBytes(m, ownerId)) + size > this.config.uploadUserQuotaBytes) throw this.quotaFull();
  }

  /** The 413 for an upload that does not fit the owner's quota. */
  private quotaFull(): AppError {
    return AppError.field('file', UPLOAD_MSG.quotaFull(this.config.uploadUserQuotaBytes), ErrorCode.PAYLOAD_TOO_LARGE);
  }

  /**
   * Streams `source` into `file`, reading type and dimensions from the head as it arrives and
   * enforcing the size cap and the `room` left in the owner's quota (checked again on insert).
   */
  private async writeImage(
    file: Awaited<ReturnType<typeof open>>,
    source: Buffer | AsyncIterable<Buffer>,
    room: number,
  ) {
    const hash = createHash('sha256');
    const head = new ImageHead();
    let image: ImageInfo | null = null;
    let size = 0;
    for await (const chunk of Buffer.isBuffer(source) ? [source] : source) {
      size += chunk.length;
      if (size > this.config.uploadMaxBytes)
        throw AppError.field('file', UPLOAD_MSG.tooLarge, ErrorCode.PAYLOAD_TOO_LARGE);
      if (size > room) throw this.quotaFull();
      image ??= this.acceptHead(head.push(chunk));
      hash.update(chunk);
      await onDisk(() => file.write(chunk));
    }
    if (size === 0) throw AppError.field('file', UPLOAD_MSG.required);
    image ??= this.acceptHead(head.end());
    await onDisk(() => file.close());
    return { contentType: image.contentType, size, sha256: hash.digest('hex') };
  }

  /** The image once its head is read (null while more bytes are needed); refuses non-images and too many pixels. */
  private acceptHead(verdict: ImageInfo | 'not-an-image'): ImageInfo;
  private acceptHead(verdict: HeadVerdict): ImageInfo | null;
  private acceptHead(verdict: HeadVerdict): ImageInfo | null {
    if (verdict === 'not-an-image') throw AppError.field('file', UPLOAD_MSG.notImage);
    if (verdict === 'need-more-bytes') return null;
    if (verdict.width * verdict.height > this.config.uploadMaxPixels)
      throw AppError.field('file', UPLOAD_MSG.tooManyPixels(this.config.uploadMaxPixels));
    return verdict;
  }
}
