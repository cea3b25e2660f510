/** CSV as carriers' tools and spreadsheets read it (RFC 4180, CRLF). Pure: encoding to Shift_JIS is the server's. */

const NEEDS_QUOTES = /[",\r\n]/;

function field(value: string | number): string {
  const s = String(value);
  return NEEDS_QUOTES.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** Rows to CSV text, CRLF after every row (header included). */
export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  return rows.map((r) => r.map(field).join(',') + '\r\n').join('');
}

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR) gets a leading apostrophe. For the reports
 * staff open in Excel; never for carrier files, where it would land on the label.
 */
export function spreadsheetSafe(value: string | number): string | number {
  return typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** CSV text to rows (quoted fields, doubled quotes, CRLF or LF); a BOM and blank lines are dropped. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRow = () => {
    row.push(cell);
    if (row.length > 1 || row[0] !== '') rows.push(row);
    row = [];
    cell = '';
  };
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n') endRow();
    else if (c !== '\r') cell += c;
  }
  if (cell !== '' || row.length > 0) endRow();
  return rows;
}
