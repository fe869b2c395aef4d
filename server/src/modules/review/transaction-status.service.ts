import { isCoinBucket } from '@cryptovest/common';
import Decimal from 'decimal.js';
import type { DataSource, EntityManager } from 'typeorm';
import { inTransaction } from '../../db/transaction';
import { AppError, ErrorCode } from '../../kernel/errors';
import {
  LedgerReason,
  type LedgerEntry,
  applyLedger,
  type BucketChange,
  assertBonusNotSpent,
  relockSignupBonus,
  unlockSignupBonus,
} from '../ledger';
import type { AuditService } from '../../platform/audit';
import type { Clock } from '../../kernel/clock';
import { sqlRows } from '../../db/sql';
import type { SettlementService } from '../settlement';
import {
  canonicalBlockchainId,
  DOUBTFUL_CHAIN_RESULTS,
  SettlementState,
  Transaction,
  TrxStatus,
  TrxType,
} from '../transaction';
import { TransactionEventKind, type TransactionEvents } from '../../platform/timeline';
import { assertPendingDeposit, bulkStatusIds, type BulkStatusResult } from './bulk-status';
import { ledgerEntriesOfTransaction } from './transaction-ledger';

/** What CONFIRMED means for the account: a deposit adds, a withdrawal takes away. */
function confirmedEffect(t: { trxType: string; amount: string; crypto: string }): BucketChange[] {
  if (t.trxType === TrxType.WITHDRAWAL) return [{ bucket: 'balance', delta: new Decimal(t.amount).neg().toFixed() }];
  const changes: BucketChange[] = [{ bucket: 'investment', delta: t.amount }];
  if (isCoinBucket(t.crypto)) changes.push({ bucket: t.crypto, delta: t.amount });
  return changes;
}

/** The opposite changes, for leaving CONFIRMED. */
const reversed = (changes: BucketChange[]) =>
  changes.map((c) => ({ ...c, delta: new Decimal(c.delta).neg().toFixed() }));

/** The term of a deposit that has none copied (only rows written outside the service): the seeded plans' 24 hours. */
const DEFAULT_TERM_HOURS = 24;

/** Longest reason an admin may give for a status change (shown to the investor). */
export const MAX_STATUS_REASON = 500;

/** The timeline event of entering each status. */
const EVENT_OF: Record<TrxStatus, TransactionEventKind> = {
  [TrxStatus.CONFIRMED]: TransactionEventKind.CONFIRMED,
  [TrxStatus.DECLINED]: TransactionEventKind.DECLINED,
  [TrxStatus.PENDING]: TransactionEventKind.REOPENED,
};

/** An admin's optional reason: trimmed, empty = none, at most MAX_STATUS_REASON characters. */
function statusReason(raw: unknown): string | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'string') throw AppError.field('reason', 'reason must be text');
  const reason = raw.trim();
  if (reason.length > MAX_STATUS_REASON)
    throw AppError.field('reason', `reason must be at most ${MAX_STATUS_REASON} characters`);
  return reason || null;
}

/** A payout as an admin sends it: the transaction id (as typed, checked) and an optional fee in USD; null when none. */
function payoutOf(raw: { txid?: unknown; fee?: unknown } | undefined): { txid: string; fee: string | null } | null {
  if (!raw || raw.txid === undefined || raw.txid === null || raw.txid === '') {
    if (raw?.fee !== undefined && raw.fee !== null && raw.fee !== '')
      throw AppError.field('payoutFee', 'A fee goes with a payout transaction id');
    return null;
  }
  if (typeof raw.txid !== 'string' || raw.txid.trim().length < 8 || raw.txid.length > 250)
    throw AppError.field('payoutTxid', 'Enter the payout transaction id');
  const txid = canonicalBlockchainId(raw.txid).display;
  if (raw.fee === undefined || raw.fee === null || raw.fee === '') return { txid, fee: null };
  const fee = String(raw.fee).trim();
  if (!/^\d{1,17}(\.\d{1,2})?$/.test(fee))
    throw AppError.field('payoutFee', 'The fee is a dollar amount with at most 2 decimals');
  return { txid, fee: new Decimal(fee).toFixed(2) };
}

/**
 * Admin status changes (DESIGN §3). The transaction row is locked, the old status compared, and
 * the ledger effect applied in the same DB transaction, so a change applies exactly once however
 * often it is sent; entering CONFIRMED applies the effect, leaving it reverses it. A change that
 * would overdraw a bucket is refused and nothing changes. A deposit's term starts on entering
 * CONFIRMED (its settle job is enqueued in the same transaction) and is cancelled on leaving it;
 * a settled deposit can't leave CONFIRMED. Every change is a timeline event with the admin's reason.
 */
export class TransactionStatusService {
  constructor(
    private readonly ds: DataSource,
    private readonly audit: AuditService,
    private readonly events: TransactionEvents,
    private readonly settlement: Pick<SettlementService, 'scheduleAt'>,
    private readonly clock: Clock,
    /** An explorer's page of a transaction on the coin's chain (CHAIN_<X>_EXPLORER_TX_URL), or null. */
    private readonly explorerLink: (coin: string, txid: string) => string | null = () => null,
  ) {}

  /**
   * Moves transaction `id` to `status` for admin `adminId`, or for the chain watcher when
   * `adminId` is null (a detected deposit at its confirmation count). A deposit whose transaction
   * id did not check out on chain (DOUBTFUL_CHAIN_RESULTS) is confirmed only with a reason, the
   * admin's override, which the audit and the timeline keep.
   */
  async setStatus(
    id: string,
    status: TrxStatus,
    adminId: string | null,
    ip: string | null,
    rawReason?: unknown,
    rawPayout?: { txid?: unknown; fee?: unknown },
  ): Promise<Transaction> {
    return (await this.change(id, status, adminId, ip, rawReason, rawPayout)).transaction;
  }

  /** The ledger entries transaction `id` caused, oldest first (the admin record view). */
  ledgerEntries(id: string): Promise<LedgerEntry[]> {
    return ledgerEntriesOfTransaction(this.ds, id);
  }

  /** Confirms a deposit the chain watcher verified; true when this call moved it (false: it already was). */
  async confirmByChain(id: string): Promise<boolean> {
    return (await this.change(id, TrxStatus.CONFIRMED, null, null)).changed;
  }

  private async change(
    id: string,
    status: TrxStatus,
    adminId: string | null,
    ip: string | null,
    rawReason?: unknown,
    rawPayout?: { txid?: unknown; fee?: unknown },
  ): Promise<{ transaction: Transaction; changed: boolean }> {
    if (!Object.values(TrxStatus).includes(status))
      throw AppError.field('status', 'status must be PENDING, CONFIRMED or DECLINED');
    const reason = statusReason(rawReason);
    const payout = payoutOf(rawPayout);
    return inTransaction(this.ds, (m) => this.changeIn(m, { id, status, adminId, ip, reason, payout }));
  }

  /**
   * Moves each of `ids` (pending deposits) to `status` for admin `adminId`, one reason for all
   * (issue 38 bulk review). Each goes through the same change as a single one (locked row, ledger,
   * audit, timeline and notification), in one database transaction with a savepoint per item: a
   * refused item (not pending any more, not a deposit, not found, chain doubt without a reason) is
   * rolled back alone and reported, the others apply. Rows are taken in id order, so two batches
   * sharing items wait for each other instead of deadlocking, and the second finds them decided.
   */
  async setPendingDepositsStatus(
    rawIds: readonly string[],
    status: TrxStatus,
    adminId: string,
    ip: string | null,
    rawReason?: unknown,
  ): Promise<BulkStatusResult[]> {
    const ids = bulkStatusIds(rawIds);
    if (status !== TrxStatus.CONFIRMED && status !== TrxStatus.DECLINED)
      throw AppError.field('status', 'Selected deposits can be confirmed or declined');
    const reason = statusReason(rawReason);
    const outcome = new Map<string, BulkStatusResult>();
    await inTransaction(this.ds, async (m) => {
      for (const id of [...ids].sort()) {
        try {
          const { transaction } = await m.transaction((item) =>
            this.changeIn(item, { id, status, adminId, ip, reason, payout: null, onlyPendingDeposit: true }),
          );
          outcome.set(id, { id, ok: true, status: transaction.status, message: null });
        } catch (err) {
          if (!(err instanceof AppError) || err.httpStatus >= 500) throw err;
          outcome.set(id, { id, ok: false, status: null, message: err.message });
        }
      }
    });
    return ids.map((id) => outcome.get(id)!);
  }

  /** One status change in `m`'s transaction (see setStatus); `onlyPendingDeposit`: refuse anything else. */
  private async changeIn(
    m: EntityManager,
    change: {
      id: string;
      status: TrxStatus;
      adminId: string | null;
      ip: string | null;
      reason: string | null;
      payout: { txid: string; fee: string | null } | null;
      onlyPendingDeposit?: boolean;
    },
  ): Promise<{ transaction: Transaction; changed: boolean }> {
    const { id, status, adminId, ip, reason, payout } = change;
    const [row] = await m.query(
      `SELECT t.id, t.user_id AS "userId", t.status, t.trx_type AS "trxType", t.amount::text AS amount, t.crypto,
              t.settlement_state AS "settlementState", t.chain_result AS "chainResult",
              t.transaction_id AS "txid", a.id AS "accountId"
         FROM "transaction" t JOIN account a ON a.user_id = t.user_id
        WHERE t.id = $1 FOR UPDATE OF t`,
      [id],
    );
    if (!row) throw new AppError(ErrorCode.NOT_FOUND, 'Transaction not found');
    if (change.onlyPendingDeposit) assertPendingDeposit(row);
    if (payout) await this.recordPayout(m, row, status, payout, adminId);
    if (row.status !== status) {
      if (row.settlementState === SettlementState.SETTLED)
        throw new AppError(ErrorCode.CONFLICT, 'This deposit has been settled');
      const doubtful = row.trxType === TrxType.DEPOSIT && DOUBTFUL_CHAIN_RESULTS.includes(row.chainResult);
      if (status === TrxStatus.CONFIRMED && doubtful && !reason)
        throw AppError.field(
          'reason',
          `The chain does not back this deposit (${row.chainResult}): give a reason to confirm it anyway`,
          ErrorCode.CONFLICT,
        );
      if (status === TrxStatus.CONFIRMED && Number(row.amount) <= 0)
        throw AppError.field(
          'amount',
          'This deposit has no USD value yet (no price when the chain showed it); decline it or wait for a price',
          ErrorCode.CONFLICT,
        );
      const effect = confirmedEffect(row);
      const isDeposit = row.trxType === TrxType.DEPOSIT;
      const ctx = { transactionId: id, actorId: adminId };
      if (row.status === TrxStatus.CONFIRMED) {
        const ledgerReason = isDeposit ? LedgerReason.DEPOSIT_REVERSED : LedgerReason.WITHDRAWAL_REVERSED;
        await applyLedger(m, row.accountId, reversed(effect), { reason: ledgerReason, ...ctx });
      }
      if (status === TrxStatus.CONFIRMED) {
        const ledgerReason = isDeposit ? LedgerReason.DEPOSIT_CONFIRMED : LedgerReason.WITHDRAWAL_CONFIRMED;
        await applyLedger(m, row.accountId, effect, { reason: ledgerReason, ...ctx });
      }
      // Entering CONFIRMED starts a deposit's term now; leaving it cancels a running term.
      const [{ maturesAt }] = await sqlRows<{ maturesAt: Date | null }>(
        m,
        `UPDATE "transaction" SET status = $2::varchar, updated_at = now(),
                confirmed_at = CASE WHEN $2::varchar = 'CONFIRMED' THEN $4::timestamptz END,
                matures_at = CASE WHEN $2::varchar = 'CONFIRMED' AND trx_type = 'DEPOSIT'
                                  THEN $4::timestamptz + make_interval(hours => COALESCE(duration_hours, ${DEFAULT_TERM_HOURS})) END,
                settlement_state = NULL, settlement_note = NULL
          WHERE id = $1 AND status = $3
          RETURNING matures_at AS "maturesAt"`,
        [id, status, row.status, this.clock.now()],
      );
      if (maturesAt) await this.settlement.scheduleAt(m, id, maturesAt);
      // The signup bonus follows the account's confirmed deposits (after the status is written).
      if (isDeposit && status === TrxStatus.CONFIRMED) await unlockSignupBonus(m, row.accountId, ctx);
      if (isDeposit && row.status === TrxStatus.CONFIRMED) await relockSignupBonus(m, row.accountId, ctx);
      if (!isDeposit && status === TrxStatus.CONFIRMED) await assertBonusNotSpent(m, row.accountId);
      await this.audit.record(
        {
          action: 'transaction.status',
          actorId: adminId,
          subjectType: 'transaction',
          subjectId: id,
          ip,
          metadata: {
            from: row.status,
            to: status,
            ...(reason ? { reason } : {}),
            ...(adminId === null ? { by: 'chain' } : {}),
            ...(status === TrxStatus.CONFIRMED && doubtful ? { override: row.chainResult } : {}),
          },
        },
        m,
      );
      await this.events.record(m, [
        {
          transactionId: id,
          userId: row.userId,
          kind: EVENT_OF[status],
          actorId: adminId,
          reason,
          data: maturesAt ? { maturesAt: maturesAt.toISOString() } : {},
        },
      ]);
    }
    return {
      transaction: await m.getRepository(Transaction).findOneByOrFail({ id }),
      changed: row.status !== status,
    };
  }

  /**
   * Records a withdrawal's payout (issue 35): its transaction id on chain and the fee the admin
   * states, when it is confirmed (or already is), once; the chain watcher then checks that it pays
   * the investor's address. A `PAYOUT_SENT` step with an explorer link goes on the timeline.
   */
  private async recordPayout(
    m: EntityManager,
    row: { id: string; userId: string; trxType: string; amount: string; crypto: string; txid: string | null },
    status: TrxStatus,
    payout: { txid: string; fee: string | null },
    adminId: string | null,
  ): Promise<void> {
    if (row.trxType !== TrxType.WITHDRAWAL || status !== TrxStatus.CONFIRMED)
      throw AppError.field('payoutTxid', 'Only a withdrawal being confirmed has a payout');
    if (payout.fee !== null && new Decimal(payout.fee).gte(row.amount))
      throw AppError.field('payoutFee', 'The fee must be less than the withdrawal');
    if (row.txid !== null) {
      if (row.txid === payout.txid) return;
      throw AppError.field('payoutTxid', 'This withdrawal already has a payout', ErrorCode.CONFLICT);
    }
    await m.query(
      `UPDATE "transaction" SET transaction_id = $2, payout_fee = $3, chain_result = NULL, chain_confirmations = NULL,
              chain_checked_at = NULL, updated_at = now() WHERE id = $1`,
      [row.id, payout.txid, payout.fee],
    );
    await this.events.record(m, [
      {
        transactionId: row.id,
        userId: row.userId,
        kind: TransactionEventKind.PAYOUT_SENT,
        actorId: adminId,
        data: { txid: payout.txid, explorerUrl: this.explorerLink(row.crypto, payout.txid) },
      },
    ]);
  }
}
