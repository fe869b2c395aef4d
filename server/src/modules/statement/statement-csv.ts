import { ledgerBucketLabel, ledgerReasonLabel } from '@cryptovest/common';
import { CSV_BOM, csvLine } from './csv';
import { moneyText } from './money-text';
import { periodText, type Statement } from './statement';

/** Columns of the entries table, the widest part: every line is padded to as many fields (RFC 4180). */
const ENTRY_HEADER = ['Date (UTC)', 'Bucket', 'Change', 'Amount after', 'Reason', 'Transaction', 'Blockchain txid'];

/**
 * A statement as CSV for spreadsheets and accounting tools: a header block (platform, investor,
 * period, generation time), the buckets' opening and closing amounts, then every entry with its
 * reason in words. Amounts are plain decimals (2 to 5 places), times ISO 8601 UTC.
 */
export function statementCsv(statement: Statement): string {
  const width = ENTRY_HEADER.length;
  const line = (...cells: (string | Date | null)[]) => csvLine(cells, width);
  const out = [
    CSV_BOM,
    line('Statement', statement.platform),
    line('Investor', statement.investor.fullName, statement.investor.email),
    line('Period', periodText(statement.period), statement.period.from, statement.period.to),
    line('Generated at', statement.generatedAt),
    line(),
    line('Bucket', 'Opening', 'Closing'),
    ...statement.buckets.map((b) =>
      line(ledgerBucketLabel(b.bucket), moneyText(b.opening, { csv: true }), moneyText(b.closing, { csv: true })),
    ),
    line(),
    line(...ENTRY_HEADER),
    ...statement.entries.map((e) =>
      line(
        e.at,
        ledgerBucketLabel(e.bucket),
        moneyText(e.delta, { csv: true }),
        moneyText(e.amountAfter, { csv: true }),
        ledgerReasonLabel(e.reason),
        e.transactionId,
        e.txid,
      ),
    ),
  ];
  if (!statement.entries.length) out.push(line('No entries in this period'));
  return out.join('');
}
