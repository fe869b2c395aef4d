import type { EntityManager } from 'typeorm';
import { sqlRows } from '../../db/sql';
import { LedgerReason, applyLedger } from '../ledger';
import { TransactionEventKind, type TransactionEventInput } from '../../platform/timeline';
import {
  coinBucket,
  type DebitedBuckets,
  type SettlementCandidate,
  settlementEffects,
  shortfall,
} from './settlement-effects';
import type { SettlementHow } from './settlement.entity';
import { SettlementState } from '../transaction';

/** Test seams inside a settlement's transaction: once its deposits are locked, and after its ledger entries. */
export interface SettlementHooks {
  afterLock?(m: EntityManager, transactionIds: string[]): Promise<void>;
  afterLedger?(m: EntityManager, transactionIds: string[]): Promise<void>;
}

/** One settlement run: who settles, at what time, and the events it collects for one `record` call. */
export interface SettleContext {
  how: SettlementHow;
  actorId: string | null;
  now: Date;
  hooks: SettlementHooks;
  events: TransactionEventInput[];
}

/** What happened to one deposit: paid, held (a bucket would go negative), or paid before. */
export type ApplyOutcome = 'settled' | 'held' | 'already';

/** The SETTLED event of a deposit. */
export function settledEvent(d: SettlementCandidate, ctx: SettleContext): TransactionEventInput {
  return {
    transactionId: d.id,
    userId: d.userId,
    kind: TransactionEventKind.SETTLED,
    actorId: ctx.actorId,
    data: { profit: d.profit, principal: d.principal },
  };
}

/**
 * Settles one locked, matured, confirmed deposit in the caller's transaction, as the job, the
 * sweep's fallback and the admin do: the account is locked and checked first (a principal that
 * doesn't fit holds the deposit, nothing applies); the `settlement` row decides exactly once
 * (inserted, or already there: then nothing else applies); then the ledger and the state.
 */
export async function applyOne(m: EntityManager, d: SettlementCandidate, ctx: SettleContext): Promise<ApplyOutcome> {
  if (d.alreadySettled) {
    await markSettledFromRows(m, [d.id]);
    return 'already';
  }
  const reason = shortfall(d, await lockDebited(m, d));
  if (reason) {
    await hold(m, d, reason, ctx);
    return 'held';
  }
  const inserted = await sqlRows<{ id: string }>(
    m,
    `INSERT INTO settlement (transaction_id, account_id, profit, principal, mode, actor_id, settled_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (transaction_id) DO NOTHING RETURNING transaction_id AS id`,
    [d.id, d.accountId, d.profit, d.principal, ctx.how, ctx.actorId, ctx.now],
  );
  if (!inserted.length) {
    await markSettledFromRows(m, [d.id]);
    return 'already';
  }
  const effects = settlementEffects(d);
  const ledger = { transactionId: d.id, actorId: ctx.actorId };
  await applyLedger(m, d.accountId, effects.profit, { reason: LedgerReason.SETTLEMENT_PROFIT, ...ledger });
  await applyLedger(m, d.accountId, effects.principal, { reason: LedgerReason.PRINCIPAL_RETURNED, ...ledger });
  await ctx.hooks.afterLedger?.(m, [d.id]);
  await m.query(
    `UPDATE "transaction" SET settlement_state = 'SETTLED', settled_at = $2, settlement_note = NULL, updated_at = now()
      WHERE id = $1`,
    [d.id, ctx.now],
  );
  ctx.events.push(settledEvent(d, ctx));
  return 'settled';
}

/** Locks the deposit's account and reads the buckets its principal would leave (none when not returned). */
async function lockDebited(m: EntityManager, d: SettlementCandidate): Promise<DebitedBuckets> {
  const coin = coinBucket(d);
  const [row] = await sqlRows<DebitedBuckets>(
    m,
    `SELECT investment::text AS investment${coin ? `, ${coin}::text AS ${coin}` : ''} FROM account WHERE id = $1 FOR UPDATE`,
    [d.accountId],
  );
  return row ?? {};
}

/** Puts the deposit in the admin's queue with the reason (events only when something changed). */
export async function hold(
  m: EntityManager,
  d: SettlementCandidate,
  reason: string,
  ctx: SettleContext,
): Promise<void> {
  if (d.settlementState === SettlementState.HELD && d.settlementNote === reason) return;
  await m.query(
    `UPDATE "transaction" SET settlement_state = 'HELD', settlement_note = $2, updated_at = now() WHERE id = $1`,
    [d.id, reason],
  );
  if (d.settlementState === null) ctx.events.push(maturedEvent(d));
  ctx.events.push({
    transactionId: d.id,
    userId: d.userId,
    kind: TransactionEventKind.SETTLEMENT_HELD,
    actorId: ctx.actorId,
    reason,
  });
  d.settlementState = SettlementState.HELD;
  d.settlementNote = reason;
}

/** Review mode: matured deposits wait in the admin's queue ("Due for settlement"). One statement for all. */
export async function markDue(m: EntityManager, deposits: SettlementCandidate[], ctx: SettleContext): Promise<void> {
  if (!deposits.length) return;
  await m.query(
    `UPDATE "transaction" SET settlement_state = 'DUE', updated_at = now() WHERE id = ANY($1::uuid[]) AND settlement_state IS NULL`,
    [deposits.map((d) => d.id)],
  );
  for (const d of deposits) ctx.events.push(maturedEvent(d));
}

/** The MATURED event of a deposit. */
function maturedEvent(d: SettlementCandidate): TransactionEventInput {
  return {
    transactionId: d.id,
    userId: d.userId,
    kind: TransactionEventKind.MATURED,
    data: { maturesAt: d.maturesAt?.toISOString() ?? null },
  };
}

/** Deposits whose `settlement` row exists but whose state says otherwise: the row is the truth. */
export async function markSettledFromRows(m: EntityManager, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await m.query(
    `UPDATE "transaction" t SET settlement_state = 'SETTLED', settled_at = s.settled_at, settlement_note = NULL, updated_at = now()
       FROM settlement s WHERE s.transaction_id = t.id AND t.id = ANY($1::uuid[])`,
    [ids],
  );
}
