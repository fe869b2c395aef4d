import { CSV_BOM, csvLine } from './csv';
import { moneyText } from './money-text';
import type { Statement } from './statement';
import { statementWords } from './statement-words';

/** Columns of the entries table, the widest part: every line is padded to as many fields (RFC 4180). */
const ENTRY_HEADER = ['Date (UTC)', 'Bucket', 'Change', 'Amount after', 'Reason', 'Transaction', 'Blockchain txid'];

/**
 * A statement as CSV for spreadsheets and accounting tools: a header block (platform, investor,
 * period, generation time), the buckets' opening and closing amounts, then every entry with its
 * reason in words. Words (labels, headers, buckets, reasons, the period's sentence) are in the
 * statement's language (issue 39); what a program reads stays the same in every language: the
 * layout (7 fields a line, the same rows in the same places), amounts as plain decimals (2 to 5
 * places, "1457.40"), times ISO 8601 UTC, the period's days as YYYY-MM-DD, ids.
 */
export function statementCsv(statement: Statement): string {
  const words = statementWords(statement.locale);
  const { t } = words;
  const width = ENTRY_HEADER.length;
  const line = (...cells: (string | Date | null)[]) => csvLine(cells, width);
  const out = [
    CSV_BOM,
    line(t('Statement'), statement.platform),
    line(t('Investor'), statement.investor.fullName, statement.investor.email),
    line(t('Period'), words.period(statement.period), statement.period.from, statement.period.to),
    line(t('Generated at'), statement.generatedAt),
    line(),
    line(t('Bucket'), t('Opening'), t('Closing')),
    ...statement.buckets.map((b) =>
      line(words.bucket(b.bucket), moneyText(b.opening, { csv: true }), moneyText(b.closing, { csv: true })),
    ),
    line(),
    line(...ENTRY_HEADER.map((header) => t(header))),
    ...statement.entries.map((e) =>
      line(
        e.at,
        words.bucket(e.bucket),
        moneyText(e.delta, { csv: true }),
        moneyText(e.amountAfter, { csv: true }),
        words.reason(e.reason),
        e.transactionId,
        e.txid,
      ),
    ),
  ];
  if (!statement.entries.length) out.push(line(t('No entries in this period')));
  return out.join('');
}
