import type { AccountBucket } from '@cryptovest/common';
import Decimal from 'decimal.js';
import type { DataSource } from 'typeorm';
import { inTransaction } from '../../db/transaction';
import { AppError, ErrorCode } from '../../errors';
import { LedgerReason } from '../account/ledger-entry.entity';
import { applyLedger, type BucketChange } from '../account/ledger.service';
import { assertBonusNotSpent, relockSignupBonus, unlockSignupBonus } from '../account/signup-bonus';
import type { AuditService } from '../audit/audit.service';
import { Transaction, TrxStatus, TrxType } from './transaction.entity';

/** Coins whose dollar value a confirmed deposit adds to the coin's own bucket. */
const COIN_BUCKETS: readonly string[] = ['bitcoin', 'ethereum', 'bnb', 'litecoin', 'usdt'];

/** What CONFIRMED means for the account: a deposit adds, a withdrawal takes away. */
function confirmedEffect(t: { trxType: string; amount: string; crypto: string }): BucketChange[] {
  if (t.trxType === TrxType.WITHDRAWAL) return [{ bucket: 'balance', delta: new Decimal(t.amount).neg().toFixed() }];
  const changes: BucketChange[] = [{ bucket: 'investment', delta: t.amount }];
  if (COIN_BUCKETS.includes(t.crypto)) changes.push({ bucket: t.crypto as AccountBucket, delta: t.amount });
  return changes;
}

/** The opposite changes, for leaving CONFIRMED. */
const reversed = (changes: BucketChange[]) =>
  changes.map((c) => ({ ...c, delta: new Decimal(c.delta).neg().toFixed() }));

/**
 * Admin status changes (DESIGN §3). The transaction row is locked, the old status compared, and
 * the ledger effect applied in the same DB transaction, so a change applies exactly once however
 * often it is sent; entering CONFIRMED applies the effect, leaving it reverses it. A change that
 * would overdraw a bucket is refused and nothing changes.
 */
export class TransactionStatusService {
  constructor(
    private readonly ds: DataSource,
    private readonly audit: AuditService,
  ) {}

  async setStatus(id: string, status: TrxStatus, adminId: string, ip: string | null): Promise<Transaction> {
    if (!Object.values(TrxStatus).includes(status))
      throw AppError.field('status', 'status must be PENDING, CONFIRMED or DECLINED');
    return inTransaction(this.ds, async (m) => {
      const [row] = await m.query(
        `SELECT t.id, t.status, t.trx_type AS "trxType", t.amount::text AS amount, t.crypto, a.id AS "accountId"
           FROM "transaction" t JOIN account a ON a.user_id = t.user_id
          WHERE t.id = $1 FOR UPDATE OF t`,
        [id],
      );
      if (!row) throw new AppError(ErrorCode.NOT_FOUND, 'Transaction not found');
      if (row.status !== status) {
        const effect = confirmedEffect(row);
        const isDeposit = row.trxType === TrxType.DEPOSIT;
        const ctx = { transactionId: id, actorId: adminId };
        if (row.status === TrxStatus.CONFIRMED) {
          const reason = isDeposit ? LedgerReason.DEPOSIT_REVERSED : LedgerReason.WITHDRAWAL_REVERSED;
          await applyLedger(m, row.accountId, reversed(effect), { reason, ...ctx });
        }
        if (status === TrxStatus.CONFIRMED) {
          const reason = isDeposit ? LedgerReason.DEPOSIT_CONFIRMED : LedgerReason.WITHDRAWAL_CONFIRMED;
          await applyLedger(m, row.accountId, effect, { reason, ...ctx });
        }
        await m.query(`UPDATE "transaction" SET status = $2, updated_at = now() WHERE id = $1 AND status = $3`, [
          id,
          status,
          row.status,
        ]);
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
            metadata: { from: row.status, to: status },
          },
          m,
        );
      }
      return m.getRepository(Transaction).findOneByOrFail({ id });
    });
  }
}
