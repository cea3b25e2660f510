import { fulfilmentMsg as msg } from './messages.ts';
import { carrierFromLabel, normalizeTrackingNumber, type Carrier } from './carriers.ts';
import { trackingNumberProblem } from './check-digits.ts';
import { parseCsv } from './csv.ts';

/** Header names (any one of each group) the tracking import accepts; B2 Cloud's issued-data export has the first. */
export const TRACKING_COLUMNS = {
  shipment: ['お客様管理番号', '発送番号', '発送ID', 'shipment_id'],
  tracking: ['伝票番号', '送り状番号', 'お問い合わせ番号', '問い合わせ番号', 'tracking_number'],
  carrier: ['配送業者', '運送会社', 'carrier'],
} as const;

export const TRACKING_IMPORT_MAX_ROWS = 2000;

export interface TrackingLine {
  /** 1-based line of the file (the header is line 1). */
  line: number;
  shipmentId: number;
  carrier: Carrier;
  trackingNumber: string;
}

/**
 * Message references (core/i18n) for the import's refusals; each names the line it is about. A refused file still
 * returns its good lines, so the server can add what only the database knows (unknown or shipped parcels) and the
 * operator sees every problem of the file at once.
 */
export type ImportResult = { ok: true; lines: TrackingLine[] } | { ok: false; errors: string[]; lines: TrackingLine[] };

const findColumn = (header: string[], names: readonly string[]) =>
  header.findIndex((h) => names.some((n) => h.trim().toLowerCase() === n.toLowerCase()));

/**
 * Reads a tracking-number file: a header row naming the shipment and tracking-number columns (and optionally the
 * carrier), then one parcel a line. Every problem is reported, with its line; any problem refuses the whole file.
 */
export function parseTrackingCsv(text: string, defaultCarrier: Carrier): ImportResult {
  // Blank rows are kept so that every message's line number is the line the operator sees in the file.
  const rows = parseCsv(text, { keepBlankRows: true });
  while (rows.length > 1 && rows.at(-1)!.every((cell) => cell.trim() === '')) rows.pop();
  if (rows.length < 2) return { ok: false, errors: [msg('trackingCsvEmpty')], lines: [] };
  const header = rows[0]!;
  const col = {
    shipment: findColumn(header, TRACKING_COLUMNS.shipment),
    tracking: findColumn(header, TRACKING_COLUMNS.tracking),
    carrier: findColumn(header, TRACKING_COLUMNS.carrier),
  };
  if (col.shipment < 0 || col.tracking < 0) {
    return {
      ok: false,
      errors: [
        msg('trackingCsvColumns', {
          shipment: TRACKING_COLUMNS.shipment[0],
          tracking: TRACKING_COLUMNS.tracking[0],
        }),
      ],
      lines: [],
    };
  }
  if (rows.length - 1 > TRACKING_IMPORT_MAX_ROWS) {
    return { ok: false, errors: [msg('trackingCsvTooMany', { max: TRACKING_IMPORT_MAX_ROWS })], lines: [] };
  }
  const errors: string[] = [];
  const lines: TrackingLine[] = [];
  const seenNumber = new Map<string, number>();
  const seenShipment = new Map<number, number>();
  rows.slice(1).forEach((r, i) => {
    const line = i + 2;
    // A blank line (a trailing one from Excel, or a gap) is not a parcel.
    if (r.every((cell) => cell.trim() === '')) return;
    const idText = (r[col.shipment] ?? '').trim();
    const number = normalizeTrackingNumber(r[col.tracking] ?? '');
    const carrierText = col.carrier >= 0 ? (r[col.carrier] ?? '').trim() : '';
    const carrier = carrierText === '' ? defaultCarrier : carrierFromLabel(carrierText);
    // Every problem of the line is listed, not only the first: the operator mends the file once.
    const problems: string[] = [];
    const shipmentId = /^\d{1,15}$/.test(idText) ? Number(idText) : null;
    if (shipmentId === null) problems.push(msg('trackingCsvBadId', { line }));
    if (!carrier) problems.push(msg('trackingCsvBadCarrier', { line }));
    else {
      const problem = trackingNumberProblem(carrier, number);
      if (problem === 'shape') problems.push(msg('trackingCsvBadNumber', { line }));
      if (problem === 'checkDigit') problems.push(msg('trackingCsvCheckDigit', { line }));
      const dupNumber = seenNumber.get(`${carrier}:${number}`);
      if (!problem && dupNumber) problems.push(msg('trackingCsvDuplicateNumber', { line, other: dupNumber }));
      if (!problem && !dupNumber) seenNumber.set(`${carrier}:${number}`, line);
    }
    if (shipmentId !== null) {
      const dupShipment = seenShipment.get(shipmentId);
      if (dupShipment) problems.push(msg('trackingCsvDuplicateShipment', { line, other: dupShipment }));
      else seenShipment.set(shipmentId, line);
    }
    if (problems.length > 0) errors.push(...problems);
    else lines.push({ line, shipmentId: shipmentId!, carrier: carrier!, trackingNumber: number });
  });
  return errors.length > 0 ? { ok: false, errors, lines } : { ok: true, lines };
}
