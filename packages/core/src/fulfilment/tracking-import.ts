import { fulfilmentMsg as msg } from './messages.ts';
import { carrierFromLabel, isTrackingNumber, normalizeTrackingNumber, type Carrier } from './carriers.ts';
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

/** Message references (core/i18n) for the import's refusals; each names the line it is about. */
export type ImportResult = { ok: true; lines: TrackingLine[] } | { ok: false; errors: string[] };

const findColumn = (header: string[], names: readonly string[]) =>
  header.findIndex((h) => names.some((n) => h.trim().toLowerCase() === n.toLowerCase()));

/**
 * Reads a tracking-number file: a header row naming the shipment and tracking-number columns (and optionally the
 * carrier), then one parcel a line. Every problem is reported, with its line; any problem refuses the whole file.
 */
export function parseTrackingCsv(text: string, defaultCarrier: Carrier): ImportResult {
  const rows = parseCsv(text);
  if (rows.length < 2) return { ok: false, errors: [msg('trackingCsvEmpty')] };
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
    };
  }
  if (rows.length - 1 > TRACKING_IMPORT_MAX_ROWS) {
    return { ok: false, errors: [msg('trackingCsvTooMany', { max: TRACKING_IMPORT_MAX_ROWS })] };
  }
  const errors: string[] = [];
  const lines: TrackingLine[] = [];
  const seenNumber = new Map<string, number>();
  const seenShipment = new Map<number, number>();
  rows.slice(1).forEach((r, i) => {
    const line = i + 2;
    const idText = (r[col.shipment] ?? '').trim();
    const number = normalizeTrackingNumber(r[col.tracking] ?? '');
    const carrierText = col.carrier >= 0 ? (r[col.carrier] ?? '').trim() : '';
    const carrier = carrierText === '' ? defaultCarrier : carrierFromLabel(carrierText);
    if (!/^\d{1,15}$/.test(idText)) return errors.push(msg('trackingCsvBadId', { line }));
    const shipmentId = Number(idText);
    if (!carrier) return errors.push(msg('trackingCsvBadCarrier', { line }));
    if (!isTrackingNumber(carrier, number)) return errors.push(msg('trackingCsvBadNumber', { line }));
    const key = `${carrier}:${number}`;
    const dupNumber = seenNumber.get(key);
    if (dupNumber) return errors.push(msg('trackingCsvDuplicateNumber', { line, other: dupNumber }));
    const dupShipment = seenShipment.get(shipmentId);
    if (dupShipment) return errors.push(msg('trackingCsvDuplicateShipment', { line, other: dupShipment }));
    seenNumber.set(key, line);
    seenShipment.set(shipmentId, line);
    lines.push({ line, shipmentId, carrier, trackingNumber: number });
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, lines };
}
