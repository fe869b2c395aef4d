import Decimal from 'decimal.js';
import type { EntityManager } from 'typeorm';
import { sqlRows } from '../../db/sql';
import { AppError, ErrorCode } from '../../kernel/errors';
import { LedgerReason } from './ledger-entry.entity';
import { applyLedger } from './apply-ledger';

/**
 * The signup bonus (SPEC: "$100 signup bonus") is paid into `balance` at once but stays locked in
 * the `lockedBonus` bucket until the account's first confirmed deposit, so fresh accounts can't
 * farm and withdraw it (issue 10). Each move is a ledger entry in the caller's DB transaction.
 */

/** Pays the bonus once per account and locks it (no-op when already paid or the bonus is 0). */
export async function creditSignupBonus(m: EntityManager, userId: string, bonus: Decimal): Promise<void> {
  if (bonus.lte(0)) return;
  const [account] = await sqlRows<{ id: string; deposited: boolean }>(
    m,
    `SELECT a.id, EXISTS (SELECT 1 FROM "transaction" t WHERE t.user_id = a.user_id
                           AND t.trx_type = 'DEPOSIT' AND t.status = 'CONFIRMED') AS deposited
       FROM account a WHERE a.user_id = $1
        AND NOT EXISTS (SELECT 1 FROM ledger_entry l WHERE l.account_id = a.id AND l.reason = 'SIGNUP_BONUS')`,
    [userId],
  );
  if (!account) return;
  const amount = bonus.toFixed();
  await applyLedger(m, account.id, [{ bucket: 'balance', delta: amount }], {
    reason: LedgerReason.SIGNUP_BONUS,
    note: 'signup bonus',
  });
  if (account.deposited) return;
  await applyLedger(m, account.id, [{ bucket: 'lockedBonus', delta: amount }], {
    reason: LedgerReason.BONUS_LOCKED,
    note: 'locked until the first confirmed deposit',
  });
}

/** A deposit was confirmed: whatever bonus is still locked is released. */
export async function unlockSignupBonus(
  m: EntityManager,
  accountId: string,
  ctx: { transactionId: string; actorId: string | null },
): Promise<void> {
  const [row] = await sqlRows<{ locked: string }>(m, `SELECT locked_bonus::text AS locked FROM account WHERE id = $1`, [
    accountId,
  ]);
  if (!row || new Decimal(row.locked).isZero()) return;
  await applyLedger(m, accountId, [{ bucket: 'lockedBonus', delta: new Decimal(row.locked).neg().toFixed() }], {
    reason: LedgerReason.BONUS_UNLOCKED,
    ...ctx,
    note: 'first confirmed deposit',
  });
}

/** A confirmed deposit was reversed: with no confirmed deposit left, the paid bonus is locked again. */
export async function relockSignupBonus(
  m: EntityManager,
  accountId: string,
  ctx: { transactionId: string; actorId: string | null },
): Promise<void> {
  const [row] = await sqlRows<{ relock: string | null }>(
    m,
    `SELECT (SELECT sum(delta) FROM ledger_entry WHERE account_id = a.id AND reason = 'SIGNUP_BONUS') - a.locked_bonus AS relock
       FROM account a
      WHERE a.id = $1
        AND NOT EXISTS (SELECT 1 FROM "transaction" t WHERE t.user_id = a.user_id
                         AND t.trx_type = 'DEPOSIT' AND t.status = 'CONFIRMED')`,
    [accountId],
  );
  if (!row?.relock || new Decimal(row.relock).lte(0)) return;
  await applyLedger(m, accountId, [{ bucket: 'lockedBonus', delta: row.relock }], {
    reason: LedgerReason.BONUS_LOCKED,
    ...ctx,
    note: 'no confirmed deposit left',
  });
}

/** Refuses a confirmed withdrawal that would dip into the locked bonus (checked after it applied). */
export async function assertBonusNotSpent(m: EntityManager, accountId: string): Promise<void> {
  const [row] = await sqlRows<{ ok: boolean }>(m, `SELECT balance >= locked_bonus AS ok FROM account WHERE id = $1`, [
    accountId,
  ]);
  if (row && !row.ok)
    throw new AppError(ErrorCode.CONFLICT, "This withdrawal would spend the investor's locked signup bonus");
}
