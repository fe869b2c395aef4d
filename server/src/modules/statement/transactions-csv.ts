import { csvLine } from './csv';
import type { ExportedTransaction } from './transactions-export';

/** The accounting export's columns, in order (the header line). */
export const TRANSACTION_EXPORT_HEADER = [
  'Transaction',
  'Date (UTC)',
  'Investor',
  'Email',
  'Type',
  'Status',
  'Amount (USD)',
  'Coin',
  'Coin amount',
  'Plan',
  'Profit %',
  'Blockchain txid',
  'Wallet',
  'Origin',
  'Confirmed at',
  'Matures at',
  'Settled at',
  'Settlement',
  'Payout fee (USD)',
] as const;

/** One exported transaction as a CSV line, in the header's order. */
export function transactionCsvLine(t: ExportedTransaction): string {
  return csvLine([
    t.id,
    t.createdAt,
    t.fullName,
    t.email,
    t.trxType,
    t.status,
    t.amount,
    t.crypto,
    t.cryptoAmount,
    t.plan,
    t.profitPercent,
    t.txid,
    t.wallet,
    t.origin,
    t.confirmedAt,
    t.maturesAt,
    t.settledAt,
    t.settlementState,
    t.payoutFee,
  ]);
}
