import type { Readable } from 'node:stream';
import { AppError, ErrorCode } from '../../kernel/errors';
import type { UploadStorageDriver } from '../../kernel/config';

/** What the user reads when the storage refuses or cannot serve bytes right now (503). */
export const STORAGE_UNAVAILABLE_MESSAGE = 'Storage unavailable: the file could not be stored. Try again in a moment.';

/** The fault behind a StorageUnavailableError, for the log: a filesystem errno or an S3/network error. */
export interface StorageFault {
  code?: string;
  syscall?: string;
  message: string;
}

/** The 503 for bytes the storage refused or could not serve; `fault` goes to the log only. */
export class StorageUnavailableError extends AppError {
  constructor(readonly fault: StorageFault) {
    super(ErrorCode.UNAVAILABLE, STORAGE_UNAVAILABLE_MESSAGE);
  }
}

/** Stored bytes opened for reading. */
export interface StoredBlob {
  stream: Readable;
  size: number;
}

/**
 * Where upload bytes live, behind one small interface so instances can share them (postgres, s3)
 * or not (disk). Ids are server-made UUIDs; the `upload` row is the record of what exists, the
 * store holds only bytes. Infrastructure faults surface as StorageUnavailableError (503).
 */
export interface BlobStore {
  readonly driver: UploadStorageDriver;
  /**
   * Stores every chunk of `chunks` under `id`, consuming it as it arrives. If `chunks` throws (a
   * check failed) or the storage fails, nothing is left under `id` and the error is rethrown.
   */
  put(id: string, chunks: AsyncIterable<Buffer>): Promise<void>;
  /** The bytes under `id`, streamed; null when there are none. */
  open(id: string): Promise<StoredBlob | null>;
  /** Removes the bytes under `id` (nothing happens when there are none). */
  remove(id: string): Promise<void>;
  /** Readiness: rejects when the storage cannot take bytes now. */
  check(): Promise<void>;
  /**
   * Removes bytes older than `before` that no upload row refers to (a process that stopped between
   * storing bytes and recording them); returns how many. Stores that cannot tell age return 0.
   */
  removeOrphans(before: Date): Promise<number>;
  /** Lets go of connections (shutdown, tests); the database-backed store has none of its own. */
  close(): Promise<void>;
}

/** Reads a whole stream into one buffer (tests, the move command's checksum). */
export async function readAll(stream: AsyncIterable<Buffer | Uint8Array>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part));
  return Buffer.concat(parts);
}
