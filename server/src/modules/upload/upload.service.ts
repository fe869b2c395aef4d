import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { DataSource, EntityManager } from 'typeorm';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../kernel/clock';
import type { Config } from '../../kernel/config';
import { sqlRows } from '../../db/sql';
import { AppError, ErrorCode } from '../../kernel/errors';
import type { Logger } from '../../kernel/logger';
import type { RateLimits } from '../../platform/limits';
import { type HeadVerdict, ImageHead, type ImageInfo } from './image-head';
import {
  type BlobStore,
  STORAGE_UNAVAILABLE_MESSAGE,
  StorageUnavailableError,
  bytesText,
} from '../../platform/storage';
import { Upload } from './upload.entity';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const UUID_RE = new RegExp(`^${UUID}$`, 'i');
const LINK_PATH_RE = new RegExp(`^/api/upload/(${UUID})$`, 'i');
/** How long an upload nothing refers to is kept (time to submit the form it was made for). */
const UNATTACHED_TTL_MS = 24 * 60 * 60 * 1000;

const pixelsText = (n: number) => (n >= 1e6 ? `${Number((n / 1e6).toFixed(1))} megapixels` : `${n} pixels`);

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
  storageUnavailable: STORAGE_UNAVAILABLE_MESSAGE,
} as const;

/** An opened stored file, ready to stream, with how long the link that opened it stays valid. */
export interface SignedFile {
  upload: Upload;
  stream: Readable;
  size: number;
  maxAgeSeconds: number;
}

type UploadConfig = Pick<
  Config,
  | 'uploadMaxBytes'
  | 'uploadMaxPixels'
  | 'uploadUserQuotaBytes'
  | 'uploadLinkTtlSeconds'
  | 'jwtSecret'
  | 'jwtSecretsPrevious'
>;

/**
 * Proof and profile images: checked by content (PNG, JPEG, WebP, GIF magic bytes and dimensions),
 * capped in bytes, pixels and per-user storage, streamed into the BlobStore (UPLOAD_STORAGE)
 * while checked and recorded once complete, read back only through expiring HMAC-signed links
 * (an admin opens them in a new tab, where no bearer header is sent), and removed a day after
 * nothing refers to them.
 */
export class UploadService {
  /** Link signing keys from JWT_SECRET (signs) and JWT_SECRETS_PREVIOUS (still open links during a rotation). */
  private readonly linkKeys: Buffer[];
  /** Why the last storage check failed (null: it passed), so only changes are logged. */
  private storageProblem: string | null = null;

  constructor(
    private readonly ds: DataSource,
    private readonly config: UploadConfig,
    private readonly limits: RateLimits,
    private readonly logger: Logger,
    private readonly clock: Clock,
    /** Where the bytes live (UPLOAD_STORAGE); public so the move command and fault tests reach it. */
    readonly blobs: BlobStore,
  ) {
    this.linkKeys = [config.jwtSecret, ...config.jwtSecretsPrevious].map((secret) =>
      createHmac('sha256', secret).update('upload-links').digest(),
    );
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
          { code: err.fault.code, syscall: err.fault.syscall, storage: this.blobs.driver },
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
   * Readiness of the upload storage (the store's own check: for disk, a file can be written and
   * there is room; for s3, the bucket answers). Rejects otherwise; logs only when the outcome
   * changes, since probes run every few seconds.
   */
  async checkStorage(): Promise<void> {
    try {
      await this.blobs.check();
      if (this.storageProblem) this.logger.info({ storage: this.blobs.driver }, 'upload storage is back');
      this.storageProblem = null;
    } catch (err) {
      const e = err as NodeJS.ErrnoException;
      const problem = e.code ?? e.name ?? e.message;
      if (problem !== this.storageProblem)
        this.logger.error({ storage: this.blobs.driver, problem }, 'upload storage check failing');
      this.storageProblem = problem;
      throw err;
    }
  }

  /**
   * The body of `save` after the budget: the bytes go to the store while checked; the row is
   * recorded only if `finish` stores it, and the bytes are removed whenever no row keeps them.
   */
  private async store<T>(ownerId: string, source: Buffer | AsyncIterable<Buffer>, finish: FinishUpload<T>): Promise<T> {
    const room = this.config.uploadUserQuotaBytes - (await this.usedBytes(this.ds, ownerId));
    const id = randomUUID();
    const received: Partial<ReceivedImage> = {};
    await this.blobs.put(id, this.checked(source, room, received));
    let recorded = false;
    try {
      return await finish(received as ReceivedImage, async () => {
        const upload = await inTransaction(this.ds, async (m) => {
          await this.reserveRoom(m, ownerId, received.size!);
          const row = m.getRepository(Upload).create({
            id,
            ownerId,
            contentType: received.contentType!,
            sizeBytes: received.size!,
            sha256: received.sha256!,
            createdAt: this.clock.now(),
          });
          await m.getRepository(Upload).insert(row);
          return row;
        });
        recorded = true;
        return upload;
      });
    } finally {
      // Refused by the quota, failed, or a replay that did not store: nothing may keep the bytes.
      if (!recorded)
        await this.blobs
          .remove(id)
          .catch((err: unknown) => this.logger.warn({ err, uploadId: id }, 'unrecorded upload bytes not removed'));
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
    const given = Buffer.from(sig);
    const valid = this.linkKeys.map((key) => {
      const expected = Buffer.from(this.sign(id, expires, key));
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
    if (!valid.includes(true)) throw new AppError(ErrorCode.FORBIDDEN, UPLOAD_MSG.invalidLink);
    const maxAgeSeconds = Number(expires) - Math.floor(Date.now() / 1000);
    if (maxAgeSeconds <= 0) throw new AppError(ErrorCode.FORBIDDEN, UPLOAD_MSG.expired);
    const notFound = new AppError(ErrorCode.NOT_FOUND, 'Upload not found');
    const upload = UUID_RE.test(id) ? await this.ds.getRepository(Upload).findOneBy({ id }) : null;
    if (!upload) throw notFound;
    const blob = await this.blobs.open(upload.id);
    if (!blob) {
      this.logger.warn({ uploadId: upload.id, storage: this.blobs.driver }, 'upload row without its bytes');
      throw notFound;
    }
    return { upload, stream: blob.stream, size: blob.size, maxAgeSeconds };
  }

  /**
   * Refuses (422 on `field`, the input that named it: `imageUrl` or `profileImage`) an upload id
   * that does not exist or belongs to someone else, and restarts the found upload's day before
   * clean-up, in one statement: either the clean-up removed it first (refused here) or it cannot
   * remove it while the caller goes on to attach it.
   */
  async claim(id: string, userId: string, field = 'imageUrl'): Promise<void> {
    const claimed =
      UUID_RE.test(id) &&
      (
        await sqlRows(
          this.ds,
          `UPDATE upload SET created_at = greatest(created_at, $3) WHERE id = $1 AND owner_id = $2 RETURNING id`,
          [id.toLowerCase(), userId, this.clock.now()],
        )
      ).length > 0;
    if (!claimed) throw AppError.field(field, UPLOAD_MSG.unknown);
  }

  /**
   * The scheduled clean-up: removes uploads older than a day that no deposit and no profile
   * refers to (rows, then bytes), and bytes a day old that no row records (a process stopped
   * mid-upload). The references are checked in the DELETE itself, so an upload attached a moment
   * before is never taken. Returns how many uploads were removed.
   */
  async removeUnattached(): Promise<number> {
    const cutoff = new Date(this.clock.now().getTime() - UNATTACHED_TTL_MS);
    const removed = await sqlRows<{ id: string }>(
      this.ds,
      `DELETE FROM upload u
        WHERE u.created_at < $1
          AND NOT EXISTS (SELECT 1 FROM "transaction" t WHERE t.image_url = u.id::text)
          AND NOT EXISTS (SELECT 1 FROM app_user a WHERE a.profile_image = u.id::text)
        RETURNING u.id`,
      [cutoff],
    );
    for (const { id } of removed) {
      await this.blobs
        .remove(id)
        .catch((err: unknown) => this.logger.warn({ err, uploadId: id }, 'unattached upload bytes not removed'));
    }
    const orphans = await this.blobs.removeOrphans(cutoff);
    if (removed.length || orphans) this.logger.info({ count: removed.length, orphans }, 'removed unattached uploads');
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

  private sign(id: string, expires: string, key = this.linkKeys[0]): string {
    return createHmac('sha256', key).update(`${id}.${expires}`).digest('base64url');
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
   * Passes `source` on while reading type and dimensions from its head and enforcing the size cap
   * and the `room` left in the owner's quota (checked again on insert); fills `facts` at the end.
   */
  private async *checked(
    source: Buffer | AsyncIterable<Buffer>,
    room: number,
    facts: Partial<ReceivedImage>,
  ): AsyncGenerator<Buffer> {
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
      yield chunk;
    }
    if (size === 0) throw AppError.field('file', UPLOAD_MSG.required);
    image ??= this.acceptHead(head.end());
    Object.assign(facts, { contentType: image.contentType, size, sha256: hash.digest('hex') });
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
