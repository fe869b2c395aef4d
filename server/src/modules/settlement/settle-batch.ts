import { COIN_BUCKETS } from '@cryptovest/common';
import type { EntityManager } from 'typeorm';
import { sqlRows } from '../../db/sql';
import { LedgerReason, applyLedgerBatch, type BatchChange, BUCKET_COLUMN, type LedgerBucket } from '../ledger';
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

/** The ledger changes of `deposits`, in the order the single path writes them. */
function ledgerChanges(deposits: SettlementCandidate[]): BatchChange[] {
  return deposits.flatMap((d, i) => {
    const effects = settlementEffects(d);
    return [
      ...effects.profit.map((c) => ({ ...c, reason: LedgerReason.SETTLEMENT_PROFIT })),
      ...effects.principal.map((c) => ({ ...c, reason: LedgerReason.PRINCIPAL_RETURNED })),
    ].map((c, k) => ({ accountId: d.accountId, transactionId: d.id, ord: i * 8 + k, ...c }));
  });
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
  await applyLedgerBatch(m, ledgerChanges(fresh), ctx.actorId);
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
