/**
 * How people read the ledger (issue 38): every bucket's and every reason's name in words, one
 * wording for the statements the server renders and the pages that list ledger entries (never
 * "lockedBonus" or "DEPOSIT_CONFIRMED" on screen or paper).
 */

/** Each ledger bucket's name for people: the account amounts, the coins, and the locked signup bonus. */
export const LEDGER_BUCKET_LABELS: Readonly<Record<string, string>> = {
  balance: 'Balance',
  walletBalance: 'Wallet Balance',
  profit: 'Profit',
  investment: 'Investment',
  lockedBonus: 'Locked bonus',
  bitcoin: 'Bitcoin',
  ethereum: 'Ethereum',
  bnb: 'BNB',
  litecoin: 'Litecoin',
  usdt: 'USDT',
};

/** A bucket's name for people ("lockedBonus" -> "Locked bonus"); an unknown bucket as it is. */
export function ledgerBucketLabel(bucket: string): string {
  return LEDGER_BUCKET_LABELS[bucket] ?? bucket;
}

/** Why an amount changed, in words: one entry per ledger reason the server records. */
export const LEDGER_REASON_LABELS: Readonly<Record<string, string>> = {
  SIGNUP_BONUS: 'Signup bonus',
  DEPOSIT_CONFIRMED: 'Deposit confirmed',
  DEPOSIT_REVERSED: 'Deposit reversed',
  WITHDRAWAL_CONFIRMED: 'Withdrawal confirmed',
  WITHDRAWAL_REVERSED: 'Withdrawal reversed',
  ADMIN_ADJUSTMENT: 'Adjustment by our team',
  BONUS_LOCKED: 'Signup bonus locked',
  BONUS_UNLOCKED: 'Signup bonus unlocked',
  SETTLEMENT_PROFIT: 'Profit paid',
  PRINCIPAL_RETURNED: 'Principal returned',
};

/** A ledger reason in words ("DEPOSIT_CONFIRMED" -> "Deposit confirmed"); an unknown one spelled out. */
export function ledgerReasonLabel(reason: string): string {
  const known = LEDGER_REASON_LABELS[reason];
  if (known) return known;
  const words = reason.replace(/_/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
