import Decimal from 'decimal.js';
import type { EntityManager } from 'typeorm';
import { AppError, ErrorCode } from '../../kernel/errors';
import { sqlRows } from '../../db/sql';
import { BUCKET_COLUMN, type LedgerBucket } from './buckets';
import { LedgerReason } from './ledger-entry.entity';
import { ledgerWritten } from './written';

/** One change to one bucket; delta is a decimal string, positive or negative. */
export interface BucketChange {
  bucket: LedgerBucket;
  delta: string;
}

/** Who and why, recorded with every entry. */
export interface LedgerContext {
  reason: LedgerReason;
  transactionId?: string | null;
  actorId?: string | null;
  note?: string | null;
}

/**
 * The only way account amounts change: SQL arithmetic on the bucket plus an append-only
 * ledger entry, inside the caller's DB transaction. A change that would make a bucket
 * negative is refused (CHECK constraint) with a clear CONFLICT.
 */
export async function applyLedger(
  m: EntityManager,
  accountId: string,
  changes: BucketChange[],
  ctx: LedgerContext,
): Promise<void> {
  const effective = changes.filter((c) => !new Decimal(c.delta).isZero());
  if (!effective.length) return;
  for (const c of effective) if (!(c.bucket in BUCKET_COLUMN)) throw new Error(`unknown bucket ${c.bucket}`);
  let after: Record<string, string> | undefined;
  const sets = effective
    .map((c, i) => `${BUCKET_COLUMN[c.bucket]} = ${BUCKET_COLUMN[c.bucket]} + $${i + 2}::numeric`)
    .join(', ');
  try {
    await m.query('SAVEPOINT ledger_apply');
    // The owner's id: what the instance keeps of their reads is forgotten once this commits.
    const returning = [
      ...effective.map((c, i) => `${BUCKET_COLUMN[c.bucket]}::text AS b${i}`),
      'user_id::text AS owner',
    ].join(', ');
    [after] = await sqlRows<Record<string, string>>(
      m,
      `UPDATE account SET ${sets}, updated_at = now() WHERE id = $1 RETURNING ${returning}`,
      [accountId, ...effective.map((c) => c.delta)],
    );
    await m.query('RELEASE SAVEPOINT ledger_apply');
  } catch (err) {
    await m.query('ROLLBACK TO SAVEPOINT ledger_apply');
    if ((err as { code?: string }).code === '23514') {
      throw new AppError(ErrorCode.CONFLICT, 'This change would make an account balance negative');
    }
    if ((err as { code?: string }).code === '22003') {
      throw new AppError(ErrorCode.CONFLICT, 'This change would exceed the largest amount an account can hold');
    }
    throw err;
  }
  if (!after) throw new AppError(ErrorCode.NOT_FOUND, 'Account not found');
  ledgerWritten(m, after.owner);
  for (const [i, c] of effective.entries()) {
    await m.query(
      `INSERT INTO ledger_entry (account_id, bucket, delta, amount_after, reason, transaction_id, actor_id, note)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        accountId,
        c.bucket,
        c.delta,
        after[`b${i}`],
        ctx.reason,
        ctx.transactionId ?? null,
        ctx.actorId ?? null,
        ctx.note ?? null,
      ],
    );
  }
}
