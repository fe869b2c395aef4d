import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rename, stat, statfs, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { sqlRows } from '../../db/sql';
import { type BlobStore, type StoredBlob, StorageUnavailableError } from './blob-store';

const MB = 1024 * 1024;
/** Readiness fails below this much free space (or twice the largest upload, if larger). */
const MIN_FREE_BYTES = 16 * MB;
const UUID_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** How many bytes, in words (logs and readiness messages). */
export const bytesText = (n: number) =>
  n >= MB ? `${Number((n / MB).toFixed(1))} MB` : n >= 1024 ? `${Number((n / 1024).toFixed(1))} KB` : `${n} bytes`;

/**
 * Filesystem errors that say the directory cannot take bytes now (read-only, full, over quota,
 * failing, gone or not a directory, out of descriptors): not the user's doing, so 503.
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

/**
 * The filesystem calls the disk store makes, in one place: every storage fault comes from here.
 * Node's own by default; a test can swap one (e.g. open the temp file on /dev/full for a real ENOSPC).
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

/** Runs one filesystem call; a storage fault becomes StorageUnavailableError, anything else passes. */
async function onDisk<T>(op: () => Promise<T>): Promise<T> {
  try {
    return await op();
  } catch (err) {
    const e = err as NodeJS.ErrnoException | null;
    if (typeof e?.code === 'string' && STORAGE_FAULTS.has(e.code))
      throw new StorageUnavailableError({ code: e.code, syscall: e.syscall, message: e.message });
    throw err;
  }
}

/**
 * UPLOAD_STORAGE=disk: bytes at `UPLOAD_DIR/<id>`, written to a dot-file and renamed into place
 * when complete. One instance only, unless the directory is a shared volume.
 */
export class DiskBlobStore implements BlobStore {
  readonly driver = 'disk' as const;
  /** The filesystem seam (see UploadFiles). */
  files: UploadFiles = NODE_FILES;

  constructor(
    readonly dir: string,
    /** The largest upload: readiness wants room for two. */
    private readonly maxUploadBytes: number,
    private readonly ds: DataSource,
  ) {}

  async put(id: string, chunks: AsyncIterable<Buffer>): Promise<void> {
    await onDisk(() => this.files.mkdir(this.dir, { recursive: true }));
    const tmp = path.join(this.dir, `.${id}.part`);
    const file = await onDisk(() => this.files.open(tmp, 'wx', 0o600));
    try {
      for await (const chunk of chunks) await onDisk(() => file.write(chunk));
      await onDisk(() => file.close());
      await onDisk(() => this.files.rename(tmp, this.pathOf(id)));
    } catch (err) {
      await file.close().catch(() => undefined);
      await this.files.unlink(tmp).catch(() => undefined);
      throw err;
    }
  }

  async open(id: string): Promise<StoredBlob | null> {
    let file;
    try {
      file = await this.files.open(this.pathOf(id), 'r');
    } catch (err) {
      const e = err as NodeJS.ErrnoException;
      if (e.code === 'ENOENT') return null;
      if (STORAGE_FAULTS.has(e.code ?? ''))
        throw new StorageUnavailableError({ code: e.code, syscall: e.syscall, message: e.message });
      throw err;
    }
    const { size } = await file.stat();
    return { stream: file.createReadStream(), size };
  }

  async remove(id: string): Promise<void> {
    await this.files.unlink(this.pathOf(id)).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
  }

  /** A small file can be written to and removed from the directory, and there is room for two uploads. */
  async check(): Promise<void> {
    await this.files.mkdir(this.dir, { recursive: true });
    const probe = path.join(this.dir, `.probe-${randomUUID()}`);
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
    const { bavail, bsize } = await this.files.statfs(this.dir);
    const free = bavail * bsize;
    const needed = Math.max(MIN_FREE_BYTES, 2 * this.maxUploadBytes);
    if (free < needed) throw new Error(`low space: ${bytesText(free)} free, at least ${bytesText(needed)} needed`);
  }

  /** Files named like an upload, older than `before` by modification time, with no upload row. */
  async removeOrphans(before: Date): Promise<number> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const candidates: string[] = [];
    for (const name of names.filter((n) => UUID_NAME.test(n))) {
      const info = await stat(this.pathOf(name)).catch(() => null);
      if (info && info.mtime < before) candidates.push(name);
    }
    if (!candidates.length) return 0;
    const known = await sqlRows<{ id: string }>(this.ds, `SELECT id::text FROM upload WHERE id = ANY($1::uuid[])`, [
      candidates,
    ]);
    const kept = new Set(known.map((r) => r.id));
    const orphans = candidates.filter((id) => !kept.has(id));
    for (const id of orphans) await this.remove(id).catch(() => undefined);
    return orphans.length;
  }

  /** Nothing to let go of. */
  async close(): Promise<void> {}

  private pathOf(id: string): string {
    return path.join(this.dir, id);
  }
}
