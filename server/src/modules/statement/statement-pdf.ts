import Decimal from 'decimal.js';
import PDFDocument from 'pdfkit';
import { fontFor, printable, registerStatementFonts, type Weight } from './pdf-fonts';
import type { Statement, StatementEntry } from './statement';
import { statementWords, type StatementWords } from './statement-words';

/** The page's ink, in the web app's brand colours. */
const INK = '#0f1c2e';
const MUTED = '#475569';
const NAVY = '#0b2a4a';
const BAND = '#eef2f7';
const RULE = '#cbd5e1';

/** A4 in points, with room at the bottom for the page footer. */
const MARGIN = { top: 48, bottom: 64, left: 40, right: 40 };
const PAGE = { width: 595.28, height: 841.89 };
const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
const BODY = 8.5;
const PAD = 4;

/** One table column: its heading (English, the catalogue's key), width in points and alignment. */
interface Column {
  header: string;
  width: number;
  align?: 'left' | 'right';
  /** A smaller size for long codes (transaction ids) so they fit on one line. */
  size?: number;
}

const ENTRY_COLUMNS: Column[] = [
  { header: 'Date (UTC)', width: 86 },
  { header: 'Bucket', width: 58 },
  { header: 'Reason', width: 92 },
  { header: 'Change', width: 62, align: 'right' },
  { header: 'Amount after', width: 72, align: 'right' },
  { header: 'Transaction', width: CONTENT_WIDTH - 370, size: 7 },
];

/**
 * The entries' columns in Spanish, whose money is longer ("1.234.567,891 US$" beside
 * "$1,234,567.891" and German "1.234.567,891 $"): wider amounts, so they stay on one line, taken
 * from the bucket and reason (words, which wrap). The same total width; English and German keep
 * the layout above.
 */
const SPANISH_WIDTHS: Readonly<Record<string, number>> = { Bucket: 50, Reason: 80, Change: 72, 'Amount after': 82 };
const SPANISH_ENTRY_COLUMNS: Column[] = ENTRY_COLUMNS.map((c) => ({
  ...c,
  width: SPANISH_WIDTHS[c.header] ?? c.width,
}));

const SUMMARY_COLUMNS: Column[] = [
  { header: 'Bucket', width: 155 },
  { header: 'Opening', width: 120, align: 'right' },
  { header: 'Change', width: 120, align: 'right' },
  { header: 'Closing', width: CONTENT_WIDTH - 395, align: 'right' },
];

/** Draws tables row by row, starting a new page (with the table's header again) when a row does not fit. */
class TableWriter {
  y: number;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly words: StatementWords,
  ) {
    this.y = MARGIN.top;
  }

  /** Height a row of `cells` takes (the tallest cell, wrapped to its column). */
  private rowHeight(columns: Column[], cells: string[], weight: Weight, header = false): number {
    const heights = cells.map((c, i) =>
      this.doc
        .font(fontFor(c, weight))
        .fontSize(header ? BODY : (columns[i].size ?? BODY))
        .heightOfString(c, { width: columns[i].width - 2 * PAD }),
    );
    return Math.max(...heights) + 2 * PAD;
  }

  /** One row at the current position; `band` shades it. */
  private drawRow(
    columns: Column[],
    cells: string[],
    opts: { weight?: Weight; band?: string; color?: string; header?: boolean } = {},
  ) {
    const weight = opts.weight ?? 'regular';
    const height = this.rowHeight(columns, cells, weight, opts.header);
    if (opts.band) this.doc.rect(MARGIN.left, this.y, CONTENT_WIDTH, height).fill(opts.band);
    let x = MARGIN.left;
    cells.forEach((cell, i) => {
      const col = columns[i];
      const size = opts.header ? BODY : (col.size ?? BODY);
      // A smaller cell sits on the row's baseline with the others.
      const drop = (BODY - size) * 0.8;
      this.doc
        .font(fontFor(cell, weight))
        .fontSize(size)
        .fillColor(opts.color ?? INK);
      this.doc.text(cell, x + PAD, this.y + PAD + drop, { width: col.width - 2 * PAD, align: col.align ?? 'left' });
      x += col.width;
    });
    this.y += height;
    this.doc
      .moveTo(MARGIN.left, this.y)
      .lineTo(MARGIN.left + CONTENT_WIDTH, this.y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
  }

  /** A table: its header, then each row, repeating the header on every new page. */
  table(columns: Column[], rows: string[][], opts: { shade?: (row: number) => boolean } = {}) {
    const header = columns.map((c) => printable(this.words.t(c.header)));
    const tableHeader = () =>
      this.drawRow(columns, header, { weight: 'bold', band: NAVY, color: '#ffffff', header: true });
    this.ensure(this.rowHeight(columns, header, 'bold', true) + this.rowHeight(columns, rows[0] ?? header, 'regular'));
    tableHeader();
    rows.forEach((row, i) => {
      if (this.y + this.rowHeight(columns, row, 'regular') > PAGE.height - MARGIN.bottom) {
        this.newPage();
        tableHeader();
      }
      this.drawRow(columns, row, { band: opts.shade?.(i) ? BAND : undefined });
    });
  }

  /** A heading above a table, kept on the page with the table's first rows. */
  heading(text: string) {
    this.ensure(60);
    this.y += 14;
    this.doc.font(fontFor(text, 'bold')).fontSize(11).fillColor(NAVY).text(text, MARGIN.left, this.y);
    this.y += 18;
  }

  /** A line of plain text. */
  note(text: string, color = MUTED) {
    this.ensure(3 * BODY);
    this.doc
      .font(fontFor(text))
      .fontSize(BODY)
      .fillColor(color)
      .text(text, MARGIN.left, this.y + 2 * PAD, {
        width: CONTENT_WIDTH,
      });
    this.y = this.doc.y + PAD;
  }

  /** Starts a new page when `height` more points would not fit on this one. */
  ensure(height: number) {
    if (this.y + height > PAGE.height - MARGIN.bottom) this.newPage();
  }

  private newPage() {
    this.doc.addPage();
    this.y = MARGIN.top;
  }
}

/** The first page's header: platform, title, and who, which period and when generated. */
function drawHeader(doc: PDFKit.PDFDocument, statement: Statement, words: StatementWords, table: TableWriter) {
  const { t } = words;
  doc.rect(0, 0, PAGE.width, 6).fill(NAVY);
  const platform = printable(statement.platform);
  doc.font(fontFor(platform, 'bold')).fontSize(20).fillColor(NAVY).text(platform, MARGIN.left, MARGIN.top);
  const title = printable(t('Account statement'));
  doc
    .font(fontFor(title))
    .fontSize(12)
    .fillColor(MUTED)
    .text(title, MARGIN.left, doc.y + 2);
  const facts: [string, string][] = [
    [t('Investor'), printable(`${statement.investor.fullName} <${statement.investor.email}>`)],
    [t('Period'), printable(words.period(statement.period))],
    [t('Generated'), `${words.second(statement.generatedAt)} UTC`],
  ];
  let y = doc.y + 12;
  for (const [label, value] of facts) {
    const name = printable(label);
    doc.font(fontFor(name, 'bold')).fontSize(9).fillColor(INK).text(name, MARGIN.left, y, { width: 70 });
    doc
      .font(fontFor(value))
      .fontSize(9)
      .fillColor(INK)
      .text(value, MARGIN.left + 70, y, { width: CONTENT_WIDTH - 70 });
    y = doc.y + 4;
  }
  table.y = y + 4;
}

/** One entry as a row of the entries table: the time in UTC to the minute (the CSV keeps every digit). */
function entryRow(e: StatementEntry, words: StatementWords): string[] {
  return [
    words.minute(e.at),
    printable(words.bucket(e.bucket)),
    printable(words.reason(e.reason)),
    words.money(e.delta, { signed: true }),
    words.money(e.amountAfter),
    e.transactionId ?? '\u2014',
  ];
}

/** Page numbers and the platform's name at the foot of every page, once all pages exist. */
function drawFooters(doc: PDFKit.PDFDocument, statement: Statement, words: StatementWords) {
  const { period } = statement;
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    // Writing inside the bottom margin must not start another page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = PAGE.height - MARGIN.bottom + 24;
    doc
      .moveTo(MARGIN.left, y - 8)
      .lineTo(MARGIN.left + CONTENT_WIDTH, y - 8)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    const foot = printable(
      words.t('{{platform}} \u2014 statement {{from}} to {{to}}', {
        platform: statement.platform,
        from: words.day(period.from),
        to: words.day(period.to),
      }),
    );
    doc.font(fontFor(foot)).fontSize(8).fillColor(MUTED);
    doc.text(foot, MARGIN.left, y, { width: CONTENT_WIDTH / 2, lineBreak: false });
    const page = printable(words.t('Page {{page}} of {{pages}}', { page: i - range.start + 1, pages: range.count }));
    doc.font(fontFor(page)).text(page, MARGIN.left + CONTENT_WIDTH / 2, y, {
      width: CONTENT_WIDTH / 2,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
}

/**
 * A statement as an A4 PDF (pdfkit; Helvetica, and DejaVu Sans for a name in another script): the header with platform, investor,
 * period and generation time; the buckets' opening, change and closing; then every entry, the
 * table continuing across pages under its repeated header; "Page n of N" on each page. Written in
 * the statement's language (issue 39): its words, money ("1.457,40 $") and dates ("01.11.2026").
 */
export function statementPdf(statement: Statement): Promise<Buffer> {
  const words = statementWords(statement.locale);
  const { t } = words;
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    bufferPages: true,
    info: {
      Title: t('Account statement {{from}} to {{to}}', {
        from: words.day(statement.period.from),
        to: words.day(statement.period.to),
      }),
      Author: printable(statement.platform),
      CreationDate: statement.generatedAt,
    },
  });
  registerStatementFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const table = new TableWriter(doc, words);
  drawHeader(doc, statement, words, table);
  table.heading(printable(t('Balances')));
  table.table(
    SUMMARY_COLUMNS,
    statement.buckets.map((b) => [
      printable(words.bucket(b.bucket)),
      words.money(b.opening),
      words.money(new Decimal(b.closing).minus(b.opening).toFixed(), { signed: true }),
      words.money(b.closing),
    ]),
    { shade: (i) => i % 2 === 1 },
  );
  table.heading(printable(t('Entries ({{count}})', { count: statement.entries.length })));
  if (statement.entries.length)
    table.table(
      words.locale === 'es' ? SPANISH_ENTRY_COLUMNS : ENTRY_COLUMNS,
      statement.entries.map((e) => entryRow(e, words)),
      { shade: (i) => i % 2 === 1 },
    );
  else table.note(printable(t('No ledger entries in this period: every amount closed as it opened.')));
  table.note(
    printable(
      t(
        'Amounts in US dollars, exact to the ledger (up to 5 decimals). Coin rows are the dollar value held per coin. Times are UTC.',
      ),
    ),
  );
  drawFooters(doc, statement, words);
  doc.end();
  return done;
}
