import type { DataSource } from 'typeorm';
import { open, seal, sealedUnderOldKey, type SealingKeys } from '../kernel/secret-box';
import { sqlRows } from './sql';

/**
 * A column of sealed secrets (kernel/secret-box.ts) and how its values are bound: the module that
 * owns the table describes it; `resealColumn` re-encrypts it under the current key.
 */
export interface SealedColumn {
  table: string;
  /** The row's key column (uuid), also what the context is made from. */
  idColumn: string;
  column: string;
  /** The context the value was sealed with, from the row's id. */
  context: (id: string) => string;
}

/** What one pass over a column did: rows with a value, and how many were re-sealed. */
export interface ResealCount {
  column: string;
  checked: number;
  resealed: number;
}

/** Rows re-sealed per transaction: short locks, and a pass that stops half-way leaves every row readable. */
const BATCH = 200;

/**
 * Re-encrypts every value of `spec` not yet under `keys.current` (TOTP key rotation: `npm run
 * totp:rekey`). Each batch locks its rows and re-reads them, so a secret changed meanwhile is
 * never overwritten with an old one. Safe to run again: values already under the key are skipped.
 * Throws (changing nothing more) when a value opens with no configured key.
 */
export async function resealColumn(ds: DataSource, keys: SealingKeys, spec: SealedColumn): Promise<ResealCount> {
  const count: ResealCount = { column: `${spec.table}.${spec.column}`, checked: 0, resealed: 0 };
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const done = await ds.transaction(async (m) => {
      const rows = await sqlRows<{ id: string; value: string }>(
        m,
        `SELECT ${spec.idColumn}::text AS id, ${spec.column} AS value FROM ${spec.table}
          WHERE ${spec.idColumn} > $1 AND ${spec.column} IS NOT NULL
          ORDER BY ${spec.idColumn} LIMIT ${BATCH} FOR UPDATE`,
        [after],
      );
      for (const row of rows) {
        count.checked++;
        if (!sealedUnderOldKey(keys, row.value)) continue;
        const context = spec.context(row.id);
        const resealed = seal(keys, open(keys, row.value, context), context);
        await m.query(`UPDATE ${spec.table} SET ${spec.column} = $2 WHERE ${spec.idColumn} = $1`, [row.id, resealed]);
        count.resealed++;
      }
      if (rows.length) after = rows[rows.length - 1].id;
      return rows.length < BATCH;
    });
    if (done) return count;
  }
}
