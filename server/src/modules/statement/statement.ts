import type { Locale } from '@cryptovest/common';
import type { Period } from './period';
import { statementWords } from './statement-words';

/** Who a statement is for, as its header names them. */
export interface StatementInvestor {
  id: string;
  fullName: string;
  email: string;
}

/** One bucket's amount when the period opens and when it closes (decimal strings, exact). */
export interface BucketBalance {
  bucket: string;
  opening: string;
  closing: string;
}

/** One ledger entry of the period: when, which bucket, by how much, the amount after it, why, and for which transaction. */
export interface StatementEntry {
  id: string;
  at: Date;
  bucket: string;
  delta: string;
  amountAfter: string;
  reason: string;
  /** The platform's transaction the entry belongs to (null: an adjustment or the signup bonus). */
  transactionId: string | null;
  /** That transaction's blockchain id, when it has one. */
  txid: string | null;
}

/**
 * An investor's statement for a period (issue 38): the buckets' opening and closing amounts and
 * every ledger entry between, as the CSV and PDF renderers and the API's callers read it.
 */
export interface Statement {
  /** The platform's name (the operator's brand), printed in the header. */
  platform: string;
  investor: StatementInvestor;
  /**
   * The language the statement is written in (issue 39): its owner's `User.locale`, whoever
   * downloads it (an admin gets the investor's own document).
   */
  locale: Locale;
  period: Period;
  generatedAt: Date;
  buckets: BucketBalance[];
  entries: StatementEntry[];
}

/** `cryptovest-statement-2026-11-01-to-2026-11-30.pdf`: the attachment name of a statement. */
export function statementFileName(period: Pick<Period, 'from' | 'to'>, extension: 'csv' | 'pdf'): string {
  return `cryptovest-statement-${period.from}-to-${period.to}.${extension}`;
}

/**
 * "2026-11-01 to 2026-11-30 (whole days in UTC, both included)": the period as the header states
 * it, in `locale` ("01.11.2026 bis 30.11.2026 (ganze Tage in UTC, beide eingeschlossen)").
 */
export function periodText(period: Pick<Period, 'from' | 'to'>, locale: Locale = 'en'): string {
  return statementWords(locale).period(period);
}

/** `cryptovest-transactions-2026-11-01-to-2026-11-30.csv`: the attachment name of the accounting export. */
export function transactionsExportFileName(period: Pick<Period, 'from' | 'to'>): string {
  return `cryptovest-transactions-${period.from}-to-${period.to}.csv`;
}
