/** A cell: text, a decimal written by us, a time (written ISO 8601 UTC), or empty. */
export type CsvCell = string | Date | null | undefined;

/** Starts a spreadsheet would read as a formula (OWASP "CSV injection"), tab and CR included. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain decimal number: safe as it is, so "-50.00" stays a number in the spreadsheet. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One field as RFC 4180 writes it, safe to open in a spreadsheet: text starting with `= + - @`
 * (or a tab or CR) gets a leading `'` so it is never run as a formula (a name like
 * `=HYPERLINK(...)` stays text); plain numbers are left alone. Quoted when it holds a comma,
 * quote, CR or LF, with quotes doubled.
 */
export function csvField(cell: CsvCell): string {
  let text = cell == null ? '' : cell instanceof Date ? cell.toISOString() : cell;
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, CRLF-terminated (RFC 4180), padded to `width` fields so every line has as many. */
export function csvLine(cells: readonly CsvCell[], width = cells.length): string {
  const padded = cells.length < width ? [...cells, ...Array<CsvCell>(width - cells.length).fill('')] : cells;
  return `${padded.map(csvField).join(',')}\r\n`;
}

/** The media type and charset every CSV download is sent with. */
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** The byte-order mark that tells spreadsheet programs (Excel) the file is UTF-8; parsers skip it. */
export const CSV_BOM = '\uFEFF';
