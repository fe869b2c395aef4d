import type { DataSource } from 'typeorm';
import { sqlRows } from '../../db/sql';
import type { Period } from './period';

/** One transaction as the accounting export lists it (decimals as text, exact). */
export interface ExportedTransaction {
  id: string;
  createdAt: Date;
  fullName: string;
  email: string;
  trxType: string;
  status: string;
  amount: string;
  crypto: string;
  cryptoAmount: string | null;
  plan: string | null;
  profitPercent: string | null;
  txid: string | null;
  wallet: string | null;
  origin: string;
  confirmedAt: Date | null;
  maturesAt: Date | null;
  settledAt: Date | null;
  settlementState: string | null;
  payoutFee: string | null;
  /** The row's created_at at full (microsecond) precision: where the next batch starts. */
  cursorAt: string;
}

/** Rows read per query: enough to keep the database busy, few enough that memory stays flat. */
export const EXPORT_BATCH = 2000;

const COLUMNS = `
  t.id::text AS id, t.created_at AS "createdAt", u.full_name AS "fullName", u.email,
  t.trx_type AS "trxType", t.status, t.amount::text AS amount, t.crypto,
  trim_scale(t.crypto_amount)::text AS "cryptoAmount", t.plan_name AS plan,
  trim_scale(t.profit_percent)::text AS "profitPercent", t.transaction_id AS txid, t.wallet, t.origin,
  t.confirmed_at AS "confirmedAt", t.matures_at AS "maturesAt", t.settled_at AS "settledAt",
  t.settlement_state AS "settlementState", t.payout_fee::text AS "payoutFee", t.created_at::text AS "cursorAt"`;

/**
 * Every transaction made in `period`, oldest first, in batches read by keyset over
 * (created_at, id) (the ix_transaction_created_id index): each batch is one indexed range read,
 * so exporting 10M rows never holds more than one batch in memory, and the caller writes each
 * batch out before the next is read.
 */
export async function* exportTransactions(
  ds: DataSource,
  period: Period,
  batch = EXPORT_BATCH,
): AsyncGenerator<ExportedTransaction[]> {
  let after: { at: string; id: string } | null = null;
  for (;;) {
    // Two texts, not one with "no cursor OR ...": the planner must see the keyset as an index condition.
    const from = after ? '(t.created_at, t.id) > ($4::timestamptz, $5::uuid)' : 't.created_at >= $1';
    const rows: ExportedTransaction[] = await sqlRows<ExportedTransaction>(
      ds,
      `SELECT ${COLUMNS}
         FROM "transaction" t JOIN app_user u ON u.id = t.user_id
        WHERE ${from} AND t.created_at >= $1 AND t.created_at < $2
        ORDER BY t.created_at, t.id
        LIMIT $3`,
      [period.start, period.end, batch, ...(after ? [after.at, after.id] : [])],
    );
    if (rows.length) yield rows;
    if (rows.length < batch) return;
    const last = rows[rows.length - 1];
    after = { at: last.cursorAt, id: last.id };
  }
}
