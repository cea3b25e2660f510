/** CSV as carriers' tools and spreadsheets read it (RFC 4180, CRLF). Pure: encoding to Shift_JIS is the server's. */

const NEEDS_QUOTES = /[",\r\n]/;

function field(value: string | number): string {
  const s = String(spreadsheetSafe(value));
  return NEEDS_QUOTES.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/**
 * Rows to CSV text, CRLF after every row (header included), every cell through `spreadsheetSafe`. Every CSV staff
 * can open is written here: the carrier files (layouts.ts), the monthly reports, any other console export; so no
 * caller can forget the defusing (issue 21).
 */
export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  return rows.map((r) => r.map(field).join(',') + '\r\n').join('');
}

/** A cell a spreadsheet (Excel, LibreOffice, Google Sheets) reads as a formula: it starts with one of these. */
const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * A number or phone number as people write them: a sign, then only digits, spaces, dots, hyphens and parentheses
 * (+81 90-1234-5678, -1200, +81(3)1234-5678). A spreadsheet may read it as a sum, but it can name no function,
 * cell, sheet or program (no letter, `|`, `!`, `:` or quote), so it cannot run anything or fetch anything.
 */
const PLAIN_NUMBER = /^[+-][\d ().-]*$/;

/**
 * THE formula defusing of every CSV staff open (issue 21 §2; toCsv applies it to every cell). A text cell starting
 * with =, +, -, @, tab or CR gets a leading apostrophe, which spreadsheets show as text and never run. Numbers are
 * never touched, and neither is a text cell that is a plain number or phone number (PLAIN_NUMBER): a shop's phone
 * written +81-3-…, a negative amount in a report. That is also what keeps a carrier's upload valid: every column its
 * importer reads as a code (our shipment id, service, dates, phone numbers, postal codes, customer code) starts
 * with a digit or is a plain number, so only free text (a name, an address line) can gain the apostrophe; such text
 * can only come from a hostile or broken entry (the storefront refuses = and @ at the start of names and address
 * lines: validation/fields.ts safeText) and is better printed on a label with a stray apostrophe than run on the
 * office computer.
 */
export function spreadsheetSafe(value: string | number): string | number {
  return typeof value === 'string' && FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/** CSV text to rows (quoted fields, doubled quotes, CRLF or LF); a BOM is dropped, and blank lines unless kept. */
export function parseCsv(text: string, opts: { keepBlankRows?: boolean } = {}): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRow = () => {
    row.push(cell);
    if (opts.keepBlankRows || row.length > 1 || row[0] !== '') rows.push(row);
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
