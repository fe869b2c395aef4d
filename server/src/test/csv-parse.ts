/**
 * Reads CSV back as RFC 4180 defines it (quoted fields, doubled quotes, CRLF records, a leading
 * byte-order mark skipped): the tests' check that what the exports write parses to what was meant.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  for (let i = 0; i < body.length; i += 1) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && body[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else if (c === '\n' || c === '\r' || c === '"')
      throw new Error(`bare ${JSON.stringify(c)} at ${i}: not RFC 4180`);
    else field += c;
  }
  if (quoted) throw new Error('unterminated quoted field');
  if (field !== '' || row.length) throw new Error('the last record has no CRLF');
  return rows;
}
