import iconv from 'iconv-lite';
import { fulfilmentMsg, parseTrackingCsv, takesTrackingNumber, type Carrier } from '@oripa/core/admin';
import { AppError } from '../../../app-error.ts';
import type { AppContext } from '../../../context.ts';
import { lockShipments, shipmentsWithTracking, updateShipment } from '../../../db/queries/admin-shipments.ts';
import { withAudit } from '../audit.ts';
import { trackingRace } from './moves.ts';
import type { StaffIdentity } from '../staff-sessions.ts';

/** The largest file the import reads (2,000 lines of a B2 Cloud export are well under this). */
export const MAX_IMPORT_BYTES = 512 * 1024;

const refused = (errors: string[]) => new AppError('validation', { csv: errors }, 'tracking_csv');

/**
 * A carrier tool's file as text: UTF-8 when it is valid UTF-8 (a BOM or plain ASCII included), else Shift_JIS
 * (CP932, what B2 Cloud and Excel in Japan write). Bytes that are neither are refused.
 */
export function decodeCsv(bytes: Buffer): string {
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  try {
    return utf8.decode(bytes);
  } catch {
    const text = iconv.decode(bytes, 'cp932');
    if (text.includes('\uFFFD')) throw refused([fulfilmentMsg('trackingCsvEncoding')]);
    return text;
  }
}

/**
 * Imports tracking numbers: every line must name a known shipment still being prepared or packed and a number
 * no other shipment holds. Any problem refuses the whole file with one message per line; otherwise every
 * shipment gets its carrier and number in one transaction (with the audit row). Returns how many were set.
 */
export async function importTracking(
  ctx: AppContext,
  staff: StaffIdentity,
  bytes: Buffer,
  defaultCarrier: Carrier,
): Promise<number> {
  if (bytes.length > MAX_IMPORT_BYTES) throw new AppError('validation', { csv: ['tooLarge'] }, 'too_large');
  const parsed = parseTrackingCsv(decodeCsv(bytes), defaultCarrier);
  if (!parsed.ok) throw refused(parsed.errors);
  const lines = parsed.lines;
  const audit = { action: 'shipment.tracking_import', targetType: 'shipment', targetId: null };
  return trackingRace(
    withAudit(ctx, staff, audit, async (tx) => {
      const now = ctx.clock.now();
      const locked = new Map(
        (
          await lockShipments(
            tx,
            lines.map((l) => l.shipmentId),
          )
        ).map((s) => [s.id, s]),
      );
      const taken = await shipmentsWithTracking(
        tx,
        lines.map((l) => ({ carrier: l.carrier, number: l.trackingNumber })),
      );
      const errors: string[] = [];
      for (const l of lines) {
        const s = locked.get(l.shipmentId);
        const other = taken.find((t) => t.carrier === l.carrier && t.delivery_code === l.trackingNumber);
        if (!s) errors.push(fulfilmentMsg('trackingCsvUnknownShipment', { line: l.line, id: l.shipmentId }));
        else if (!takesTrackingNumber(s.status)) {
          errors.push(fulfilmentMsg('trackingCsvWrongStatus', { line: l.line, id: l.shipmentId }));
        } else if (other && other.id !== l.shipmentId) {
          errors.push(fulfilmentMsg('trackingCsvNumberTaken', { line: l.line, id: other.id }));
        }
      }
      if (errors.length > 0) throw refused(errors);
      const before = [];
      for (const l of lines) {
        const s = locked.get(l.shipmentId)!;
        before.push({ id: s.id, carrier: s.carrier, tracking: s.delivery_code || null });
        await updateShipment(tx, s.id, s.status, now, { carrier: l.carrier, number: l.trackingNumber });
      }
      return {
        before,
        after: lines.map((l) => ({ id: l.shipmentId, carrier: l.carrier, tracking: l.trackingNumber })),
        result: lines.length,
      };
    }),
  );
}
