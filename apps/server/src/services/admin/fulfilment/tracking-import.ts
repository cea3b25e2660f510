import iconv from 'iconv-lite';
import { fulfilmentMsg, parseTrackingCsv, takesTrackingNumber, type Carrier } from '@oripa/core/admin';
import { AppError } from '../../../app-error.ts';
import type { AppContext } from '../../../context.ts';
import { lockShipments, shipmentsWithTracking, updateShipment } from '../../../db/queries/admin-shipments.ts';
import { withAudit, type AuditAction } from '../audit.ts';
import { trackingRace } from './moves.ts';
import type { StaffIdentity } from '../staff-sessions.ts';

/** The largest file the import reads (2,000 lines of a B2 Cloud export are well under this). */
export const MAX_IMPORT_BYTES = 512 * 1024;

/** The line a message reference names (0 for the file-wide ones), to list the problems in the file's order. */
const lineOf = (message: string): number => {
  const params = message.split('|')[1];
  return params ? Number((JSON.parse(params) as { line?: number }).line ?? 0) : 0;
};

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
 * no other shipment holds. Any problem refuses the whole file, listing every problem of every line (the file's
 * own and those only the database knows, in line order); otherwise every shipment gets its carrier and number in
 * one transaction (with the audit row). Returns how many were set. All or nothing, not "the good lines": a file
 * half applied would be uploaded again once mended, and the operator could no longer tell which parcels took
 * which number (ADR 0047).
 */
export async function importTracking(
  ctx: AppContext,
  staff: StaffIdentity,
  bytes: Buffer,
  defaultCarrier: Carrier,
): Promise<number> {
  if (bytes.length > MAX_IMPORT_BYTES) throw new AppError('validation', { csv: ['tooLarge'] }, 'too_large');
  const parsed = parseTrackingCsv(decodeCsv(bytes), defaultCarrier);
  const fileErrors = parsed.ok ? [] : parsed.errors;
  const lines = parsed.lines;
  if (lines.length === 0) throw refused(fileErrors.length > 0 ? fileErrors : [fulfilmentMsg('trackingCsvEmpty')]);
  const audit: AuditAction = { action: 'shipment.tracking_import', targetType: 'shipment', targetId: null };
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
      const errors: { line: number; message: string }[] = fileErrors.map((message) => ({
        line: lineOf(message),
        message,
      }));
      const add = (line: number, message: string) => errors.push({ line, message });
      for (const l of lines) {
        const s = locked.get(l.shipmentId);
        const other = taken.find((t) => t.carrier === l.carrier && t.delivery_code === l.trackingNumber);
        if (!s) add(l.line, fulfilmentMsg('trackingCsvUnknownShipment', { line: l.line, id: l.shipmentId }));
        else if (!takesTrackingNumber(s.status)) {
          add(l.line, fulfilmentMsg('trackingCsvWrongStatus', { line: l.line, id: l.shipmentId }));
        }
        if (other && other.id !== l.shipmentId) {
          add(l.line, fulfilmentMsg('trackingCsvNumberTaken', { line: l.line, id: other.id }));
        }
      }
      if (errors.length > 0) throw refused(errors.sort((a, b) => a.line - b.line).map((e) => e.message));
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
