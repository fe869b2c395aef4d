import { ledgerBucketLabel, ledgerReasonLabel, msg, type Translate } from '@cryptovest/common';

/**
 * common's ledger words (LEDGER_BUCKET_LABELS and LEDGER_REASON_LABELS, the statements' wording)
 * marked as `admin` catalogue keys, so the catalogue check finds them; coin names stay as they are.
 */
export const LEDGER_WORD_KEYS = [
  msg('Balance'),
  msg('Wallet Balance'),
  msg('Profit'),
  msg('Investment'),
  msg('Locked bonus'),
  msg('Signup bonus'),
  msg('Deposit confirmed'),
  msg('Deposit reversed'),
  msg('Withdrawal confirmed'),
  msg('Withdrawal reversed'),
  msg('Adjustment by our team'),
  msg('Signup bonus locked'),
  msg('Signup bonus unlocked'),
  msg('Profit paid'),
  msg('Principal returned'),
] as const;

/**
 * The account history's Reason column spells the ledger reason out in lower case ("admin
 * adjustment"): those words as catalogue keys, by reason.
 */
const HISTORY_REASONS: Readonly<Record<string, string>> = {
  SIGNUP_BONUS: msg('signup bonus'),
  DEPOSIT_CONFIRMED: msg('deposit confirmed'),
  DEPOSIT_REVERSED: msg('deposit reversed'),
  WITHDRAWAL_CONFIRMED: msg('withdrawal confirmed'),
  WITHDRAWAL_REVERSED: msg('withdrawal reversed'),
  ADMIN_ADJUSTMENT: msg('admin adjustment'),
  BONUS_LOCKED: msg('bonus locked'),
  BONUS_UNLOCKED: msg('bonus unlocked'),
  SETTLEMENT_PROFIT: msg('settlement profit'),
  PRINCIPAL_RETURNED: msg('principal returned'),
};

/** A ledger bucket's name in the reader's language ("lockedBonus" -> "Locked bonus" / "Gesperrter Bonus"). */
export const bucketWords = (t: Translate, bucket: string): string => t(ledgerBucketLabel(bucket));

/** Why a ledger amount changed, in the reader's language ("DEPOSIT_CONFIRMED" -> "Deposit confirmed"). */
export const reasonWords = (t: Translate, reason: string): string => t(ledgerReasonLabel(reason));

/** A ledger reason as the history table spells it ("admin adjustment"); an unknown one spelled out. */
export function historyReasonWords(t: Translate, reason: string): string {
  const key = HISTORY_REASONS[reason];
  return key ? t(key) : reason.replace(/_/g, ' ').toLowerCase();
}
