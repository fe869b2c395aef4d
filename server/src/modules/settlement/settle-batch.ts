import { COIN_BUCKETS } from '@cryptovest/common';
import type { EntityManager } from 'typeorm';
import { sqlRows } from '../../db/sql';
import { LedgerReason } from '../account/ledger-entry.entity';
import { BUCKET_COLUMN, type LedgerBucket } from '../account/ledger.service';
import {
  addDebits,
  type DebitedBuckets,
  type SettlementCandidate,
  settlementEffects,
  shortfall,
} from './settlement-effects';
import { markSettledFromRows, type SettleContext, settledEvent } from './settle-one';

/**
 * The sweep's set-based settlement (issue 12): a whole batch of deposits in a constant number of
 * statements, with the same result as settling them one by one in the same order (tested).
 */

/** Buckets settlement changes: profit and balance up, investment and the coins down. */
const BUCKETS: LedgerBucket[] = ['balance', 'profit', 'investment', ...COIN_BUCKETS];
const col = (b: LedgerBucket) => BUCKET_COLUMN[b];

/** Locks the batch's accounts in id order (no deadlock between batches) and reads what settlement takes from. */
export async function lockAccounts(m: EntityManager, accountIds: string[]): Promise<Map<string, DebitedBuckets>> {
  const debited: LedgerBucket[] = ['investment', ...COIN_BUCKETS];
  const rows = await sqlRows<DebitedBuckets & { id: string }>(
    m,
    `SELECT id, ${debited.map((b) => `${col(b)}::text AS "${b}"`).join(', ')}
       FROM account WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`,
    [[...new Set(accountIds)]],
  );
  return new Map(rows.map(({ id, ...buckets }) => [id, buckets]));
}

/**
 * Splits a batch (in settlement order) into deposits whose accounts can take all of them at once,
 * and those of accounts where some principal would not fit: these go one by one, so only the one
 * that can't apply is held.
 */
export function partition(
  deposits: SettlementCandidate[],
  accounts: Map<string, DebitedBuckets>,
): { bulk: SettlementCandidate[]; oneByOne: SettlementCandidate[] } {
  const needed = new Map<string, DebitedBuckets>();
  const short = new Set<string>();
  for (const d of deposits) {
    const sum = needed.get(d.accountId) ?? {};
    if (shortfall(d, accounts.get(d.accountId) ?? {}, sum)) short.add(d.accountId);
    addDebits(sum, d);
    needed.set(d.accountId, sum);
  }
  return {
    bulk: deposits.filter((d) => !short.has(d.accountId)),
    oneByOne: deposits.filter((d) => short.has(d.accountId)),
  };
}

/**
 * Bucket changes and ledger entries of a batch in one statement: the changes summed per account,
 * one UPDATE per account row, and each entry's `amount_after` from the new amount and a running
 * sum (window) over the account's changes in settlement order.
 */
const BULK_LEDGER_SQL = `
  WITH ch AS (
    SELECT * FROM unnest($1::uuid[], $2::varchar[], $3::numeric[], $4::varchar[], $5::uuid[], $6::int[])
      AS c(account_id, bucket, delta, reason, transaction_id, ord)
  ), tot AS (
    SELECT account_id, ${BUCKETS.map((b) => `COALESCE(sum(delta) FILTER (WHERE bucket = '${b}'), 0) AS ${col(b)}`).join(', ')}
      FROM ch GROUP BY account_id
  ), upd AS (
    UPDATE account a SET ${BUCKETS.map((b) => `${col(b)} = a.${col(b)} + tot.${col(b)}`).join(', ')}, updated_at = now()
      FROM tot WHERE a.id = tot.account_id
    RETURNING a.id, ${BUCKETS.map((b) => `a.${col(b)}`).join(', ')}
  )
  INSERT INTO ledger_entry (account_id, bucket, delta, amount_after, reason, transaction_id, actor_id)
  SELECT ch.account_id, ch.bucket, ch.delta,
         CASE ch.bucket ${BUCKETS.map((b) => `WHEN '${b}' THEN upd.${col(b)}`).join(' ')} END
           - sum(ch.delta) OVER (PARTITION BY ch.account_id, ch.bucket)
           + sum(ch.delta) OVER (PARTITION BY ch.account_id, ch.bucket ORDER BY ch.ord),
         ch.reason, ch.transaction_id, $7::uuid
    FROM ch JOIN upd ON upd.id = ch.account_id
   ORDER BY ch.ord`;

/** The ledger rows of `deposits` as column arrays, in the order the single path writes them. */
function ledgerColumns(deposits: SettlementCandidate[]) {
  const cols = { account: [] as string[], bucket: [] as string[], delta: [] as string[] };
  const rest = { reason: [] as string[], transaction: [] as string[], ord: [] as number[] };
  deposits.forEach((d, i) => {
    const effects = settlementEffects(d);
    const changes = [
      ...effects.profit.map((c) => ({ ...c, reason: LedgerReason.SETTLEMENT_PROFIT })),
      ...effects.principal.map((c) => ({ ...c, reason: LedgerReason.PRINCIPAL_RETURNED })),
    ];
    changes.forEach((c, k) => {
      cols.account.push(d.accountId);
      cols.bucket.push(c.bucket);
      cols.delta.push(c.delta);
      rest.reason.push(c.reason);
      rest.transaction.push(d.id);
      rest.ord.push(i * 8 + k);
    });
  });
  return [cols.account, cols.bucket, cols.delta, rest.reason, rest.transaction, rest.ord];
}

/**
 * Settles deposits whose accounts can take them all (see `partition`), in a constant number of
 * statements: their `settlement` rows (the exactly-once guard: only deposits whose row is new get
 * anything), the bucket changes and ledger entries, the states. Returns how many were settled.
 */
export async function settleInBulk(
  m: EntityManager,
  deposits: SettlementCandidate[],
  ctx: SettleContext,
): Promise<number> {
  if (!deposits.length) return 0;
  const inserted = await sqlRows<{ id: string }>(
    m,
    `INSERT INTO settlement (transaction_id, account_id, profit, principal, mode, actor_id, settled_at)
     SELECT s.id, s.account_id, s.profit, s.principal, $5, $6::uuid, $7::timestamptz
       FROM unnest($1::uuid[], $2::uuid[], $3::numeric[], $4::numeric[]) AS s(id, account_id, profit, principal)
     ON CONFLICT (transaction_id) DO NOTHING RETURNING transaction_id AS id`,
    [
      deposits.map((d) => d.id),
      deposits.map((d) => d.accountId),
      deposits.map((d) => d.profit),
      deposits.map((d) => d.principal),
      ctx.how,
      ctx.actorId,
      ctx.now,
    ],
  );
  const isNew = new Set(inserted.map((r) => r.id));
  const fresh = deposits.filter((d) => isNew.has(d.id));
  await markSettledFromRows(
    m,
    deposits.filter((d) => !isNew.has(d.id)).map((d) => d.id),
  );
  if (!fresh.length) return 0;
  await m.query(BULK_LEDGER_SQL, [...ledgerColumns(fresh), ctx.actorId]);
  await ctx.hooks.afterLedger?.(
    m,
    fresh.map((d) => d.id),
  );
  await m.query(
    `UPDATE "transaction" SET settlement_state = 'SETTLED', settled_at = $2, settlement_note = NULL, updated_at = now()
      WHERE id = ANY($1::uuid[])`,
    [fresh.map((d) => d.id), ctx.now],
  );
  ctx.events.push(...fresh.map((d) => settledEvent(d, ctx)));
  return fresh.length;
}
