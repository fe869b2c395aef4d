import { Readable } from 'node:stream';
import type { DataSource } from 'typeorm';
import type { Clock } from '../../kernel/clock';
import { sqlRows } from '../../db/sql';
import type { BlobStore, StoredBlob } from './blob-store';

/** Bytes per row: large enough for few statements, small enough that memory stays flat per upload. */
export const PG_CHUNK_BYTES = 256 * 1024;

/**
 * UPLOAD_STORAGE=postgres (the default): bytes in `upload_blob`, in numbered chunks of at most
 * PG_CHUNK_BYTES, written one statement per chunk as they arrive (no transaction held open while
 * a slow client sends) and read back one chunk at a time. Every instance on the database sees them.
 */
export class PostgresBlobStore implements BlobStore {
  readonly driver = 'postgres' as const;

  constructor(
    private readonly ds: DataSource,
    private readonly clock: Clock,
  ) {}

  async put(id: string, chunks: AsyncIterable<Buffer>): Promise<void> {
    let seq = 0;
    const at = this.clock.now(); // the orphan sweep compares against the same clock
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async (all: boolean) => {
      while (pendingBytes >= PG_CHUNK_BYTES || (all && pendingBytes > 0)) {
        const joined = Buffer.concat(pending);
        const piece = joined.subarray(0, PG_CHUNK_BYTES);
        await this.ds.query(`INSERT INTO upload_blob (upload_id, seq, data, created_at) VALUES ($1, $2, $3, $4)`, [
          id,
          seq++,
          piece,
          at,
        ]);
        const rest = joined.subarray(piece.length);
        pending = rest.length ? [rest] : [];
        pendingBytes = rest.length;
      }
    };
    try {
      for await (const chunk of chunks) {
        pending.push(chunk);
        pendingBytes += chunk.length;
        await flush(false);
      }
      await flush(true);
    } catch (err) {
      await this.remove(id).catch(() => undefined);
      throw err;
    }
  }

  async open(id: string): Promise<StoredBlob | null> {
    const [head] = await sqlRows<{ chunks: number; size: string | null }>(
      this.ds,
      `SELECT count(*)::int AS chunks, sum(octet_length(data))::bigint AS size FROM upload_blob WHERE upload_id = $1`,
      [id],
    );
    if (!head.chunks) return null;
    const ds = this.ds;
    async function* chunks(): AsyncGenerator<Buffer> {
      for (let seq = 0; seq < head.chunks; seq++) {
        const [row] = await sqlRows<{ data: Buffer }>(
          ds,
          `SELECT data FROM upload_blob WHERE upload_id = $1 AND seq = $2`,
          [id, seq],
        );
        if (!row) throw new Error(`upload ${id} lost chunk ${seq} while being read`);
        yield row.data;
      }
    }
    return { stream: Readable.from(chunks(), { objectMode: false }), size: Number(head.size) };
  }

  async remove(id: string): Promise<void> {
    await this.ds.query(`DELETE FROM upload_blob WHERE upload_id = $1`, [id]);
  }

  /** The database is the storage: readiness already checks it. */
  async check(): Promise<void> {}

  async removeOrphans(before: Date): Promise<number> {
    const removed = await sqlRows<{ upload_id: string }>(
      this.ds,
      `DELETE FROM upload_blob b
        WHERE b.created_at < $1 AND NOT EXISTS (SELECT 1 FROM upload u WHERE u.id = b.upload_id)
        RETURNING b.upload_id`,
      [before],
    );
    return new Set(removed.map((r) => r.upload_id)).size;
  }

  /** The application's pool is closed by its owner. */
  async close(): Promise<void> {}
}
