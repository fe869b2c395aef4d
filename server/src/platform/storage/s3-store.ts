import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../../kernel/config';
import { type BlobStore, type StoredBlob, StorageUnavailableError } from './blob-store';

/** A missing object, as S3 and the compatible servers name it. */
const isMissing = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404);

/** Any failure talking to the bucket becomes a 503 (its cause goes to the log), never a 500. */
function unavailable(err: unknown): StorageUnavailableError {
  const e = err as { name?: string; code?: string; message?: string; $metadata?: { httpStatusCode?: number } };
  const status = e.$metadata?.httpStatusCode;
  return new StorageUnavailableError({
    code: e.code ?? e.name ?? 'S3Error',
    syscall: status ? `s3 ${status}` : 's3',
    message: e.message ?? String(err),
  });
}

/** The SDK client for `settings`: path-style for MinIO-like servers, checksums only when S3 requires them. */
export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    // Compatible servers (MinIO releases, Ceph, s3rver) differ on the newer default checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
}

/**
 * UPLOAD_STORAGE=s3: bytes as objects `<S3_PREFIX><id>` in S3_BUCKET. The upload is checked while
 * it arrives and sent in one PUT once complete (at most UPLOAD_MAX_BYTES held per upload in
 * flight), so a refused file never reaches the bucket. Links stay ours (HMAC-signed, served
 * through the app): the bucket needs no public access and no presigned URLs.
 */
export class S3BlobStore implements BlobStore {
  readonly driver = 's3' as const;

  constructor(
    private readonly settings: S3Settings,
    private readonly client: S3Client = s3Client(settings),
  ) {}

  async put(id: string, chunks: AsyncIterable<Buffer>): Promise<void> {
    const parts: Buffer[] = [];
    for await (const chunk of chunks) parts.push(chunk);
    const body = Buffer.concat(parts);
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.settings.bucket,
          Key: this.key(id),
          Body: body,
          ContentLength: body.length,
        }),
      );
    } catch (err) {
      throw unavailable(err);
    }
  }

  async open(id: string): Promise<StoredBlob | null> {
    try {
      const got = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.key(id) }));
      return { stream: got.Body as Readable, size: Number(got.ContentLength ?? 0) };
    } catch (err) {
      if (isMissing(err)) return null;
      throw unavailable(err);
    }
  }

  async remove(id: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.key(id) }));
    } catch (err) {
      if (!isMissing(err)) throw unavailable(err);
    }
  }

  /** The bucket answers (exists and the credentials may use it). */
  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.settings.bucket }));
  }

  /**
   * Not swept: telling an orphan from a real proof needs a listing joined with the rows, and orphans
   * are rare (an instance stopped between the PUT and the row). docs/operations.md says how to find them.
   */
  async removeOrphans(): Promise<number> {
    return 0;
  }

  /** Closes the SDK's sockets (shutdown, tests). */
  async close(): Promise<void> {
    this.client.destroy();
  }

  private key(id: string): string {
    return `${this.settings.prefix}${id}`;
  }
}
