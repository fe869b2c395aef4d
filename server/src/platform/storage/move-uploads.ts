import { createHash } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { sqlRows } from '../../db/sql';
import type { Logger } from '../../kernel/logger';
import { type BlobStore, readAll } from './blob-store';

/** What a move did: per upload, copied, already there (same bytes), missing at the source, or mismatched. */
export interface MoveReport {
  copied: number;
  alreadyThere: number;
  missing: string[];
  mismatched: string[];
  removedFromSource: number;
}

/**
 * Copies every recorded upload's bytes from one store to another (changing UPLOAD_STORAGE), checking
 * each copy against the SHA-256 in its row. Safe to run again: bytes already at the target with
 * the right hash are skipped, so an interrupted move is finished by running it once more. The
 * source is emptied only with `deleteSource`, and only of uploads whose copy checked out.
 */
export async function moveUploads(
  ds: DataSource,
  from: BlobStore,
  to: BlobStore,
  { deleteSource = false, logger }: { deleteSource?: boolean; logger?: Logger } = {},
): Promise<MoveReport> {
  const report: MoveReport = { copied: 0, alreadyThere: 0, missing: [], mismatched: [], removedFromSource: 0 };
  const uploads = await sqlRows<{ id: string; sha256: string }>(ds, `SELECT id::text, sha256 FROM upload ORDER BY id`);
  for (const { id, sha256 } of uploads) {
    const hashOf = async (store: BlobStore) => {
      const blob = await store.open(id);
      return blob
        ? createHash('sha256')
            .update(await readAll(blob.stream))
            .digest('hex')
        : null;
    };
    if ((await hashOf(to)) === sha256) {
      report.alreadyThere++;
    } else {
      const source = await from.open(id);
      if (!source) {
        report.missing.push(id);
        logger?.warn({ uploadId: id }, 'upload has no bytes at the source; not moved');
        continue;
      }
      const bytes = await readAll(source.stream);
      if (createHash('sha256').update(bytes).digest('hex') !== sha256) {
        report.mismatched.push(id);
        logger?.error({ uploadId: id }, 'upload bytes at the source do not match their recorded SHA-256; not moved');
        continue;
      }
      await to.remove(id); // a partial or wrong copy from an earlier run
      await to.put(
        id,
        (async function* () {
          yield bytes;
        })(),
      );
      if ((await hashOf(to)) !== sha256) throw new Error(`copy of upload ${id} does not read back intact`);
      report.copied++;
    }
    if (deleteSource && from.driver !== to.driver) {
      await from.remove(id);
      report.removedFromSource++;
    }
  }
  return report;
}
