import {
  canMoveShipment,
  fulfilmentMsg,
  trackingNumberProblem,
  normalizeTrackingNumber,
  takesTrackingNumber,
  type Carrier,
  type ShipmentStatus,
} from '@oripa/core/admin';
import type { PoolClient } from 'pg';
import { AppError } from '../../../app-error.ts';
import type { AppContext } from '../../../context.ts';
import {
  lockShipments,
  shipmentRecipient,
  shipmentsWithTracking,
  updateShipment,
  type LockedShipment,
} from '../../../db/queries/admin-shipments.ts';
import { insertShipmentEvent } from '../../../db/queries/shipments.ts';
import { recipientOf } from '../../../mail/outbox.ts';
import { sendShipmentSent } from '../../../mail/shipment-sent.ts';
import { withAudit, type AuditAction } from '../audit.ts';
import type { StaffIdentity } from '../staff-sessions.ts';

const refuse = (field: string, key: Parameters<typeof fulfilmentMsg>[0], params?: Record<string, string | number>) =>
  new AppError('validation', { [field]: [fulfilmentMsg(key, params)] }, key);

/** Two staff members setting one number at once: the unique index refuses the second, said as a conflict. */
export async function trackingRace<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    const e = err as { code?: string; constraint?: string };
    if (e.code === '23505' && e.constraint === 'shipments_tracking_once') {
      throw new AppError('conflict', { tracking_number: ['conflict'] }, 'tracking_taken');
    }
    throw err;
  }
}

/** The named shipments locked, or 404 naming the first unknown one. */
async function lockAll(tx: PoolClient, ids: number[]): Promise<LockedShipment[]> {
  const locked = await lockShipments(tx, ids);
  if (locked.length !== new Set(ids).size) throw new AppError('not_found', { ids: ['notFound'] }, 'shipment_unknown');
  return locked;
}

export interface MoveOptions {
  /** For a move to packed: the number of cards each shipment had when the staff member looked (pick list). */
  expectedLines?: Record<string, number>;
  /** For a single shipment moved to shipped: record this carrier and number with the move. */
  tracking?: { carrier: Carrier; number: string };
  note?: string;
}

/**
 * Moves shipments to `to`, all or none: every one must allow the move (core canMoveShipment); a move to shipped
 * needs a carrier and tracking number, records them in the timeline and queues the member's mail, in the one
 * transaction that also writes the audit row.
 */
export async function moveShipments(
  ctx: AppContext,
  staff: StaffIdentity,
  ids: number[],
  to: ShipmentStatus,
  opts: MoveOptions = {},
): Promise<number> {
  if (ids.length === 0) throw refuse('ids', 'shipmentsNoneSelected');
  const audit: AuditAction = {
    action: `shipment.${to}`,
    targetType: 'shipment',
    targetId: ids.join(','),
    reason: opts.note,
  };
  return trackingRace(
    withAudit(ctx, staff, audit, async (tx) => {
      const now = ctx.clock.now();
      const locked = await lockAll(tx, ids);
      if (opts.tracking) {
        if (locked.length !== 1) throw refuse('ids', 'shipmentsNoneSelected');
        await recordTracking(tx, locked[0]!, opts.tracking.carrier, opts.tracking.number, now);
      }
      for (const s of locked) {
        if (!canMoveShipment(s.status, to)) throw refuse('status', 'shipmentMoveRefused', { from: s.status });
        const expected = opts.expectedLines?.[String(s.id)];
        if (to === 'packed' && expected !== undefined && expected !== s.line_count) {
          throw new AppError('conflict', { ids: [fulfilmentMsg('shipmentChanged')] }, 'shipment_changed');
        }
        if (to === 'shipped' && (!s.carrier || !s.delivery_code)) throw refuse('tracking', 'trackingNumberRequired');
      }
      for (const s of locked) {
        await updateShipment(tx, s.id, to, now);
        const shipped = to === 'shipped';
        await insertShipmentEvent(tx, {
          shipmentId: s.id,
          from: s.status,
          to,
          staffId: staff.id,
          carrier: shipped ? s.carrier : null,
          trackingNumber: shipped ? s.delivery_code : null,
          note: opts.note ?? '',
          now,
        });
        if (shipped) await mailShipped(ctx, tx, s);
      }
      return {
        before: locked.map((s) => ({ id: s.id, status: s.status })),
        after: locked.map((s) => ({ id: s.id, status: to, carrier: s.carrier, tracking: s.delivery_code || null })),
        result: locked.length,
      };
    }),
  );
}

async function mailShipped(ctx: AppContext, tx: PoolClient, s: LockedShipment) {
  const r = (await shipmentRecipient(tx, s.id))!;
  await sendShipmentSent(ctx, tx, recipientOf(r), {
    carrier: s.carrier!,
    trackingNumber: s.delivery_code,
    items: r.items,
  });
}

/**
 * Checks and records one carrier + tracking number on a locked shipment (mutates `s`). Only a shipment being
 * prepared or packed takes one; a number already on another shipment is refused.
 */
export async function recordTracking(
  tx: PoolClient,
  s: LockedShipment,
  carrier: Carrier,
  raw: string,
  now: Date,
): Promise<void> {
  const number = normalizeTrackingNumber(raw);
  const problem = trackingNumberProblem(carrier, number);
  if (problem === 'shape') throw refuse('tracking_number', 'trackingNumberInvalid');
  if (problem === 'checkDigit') throw refuse('tracking_number', 'trackingNumberCheckDigit');
  if (!takesTrackingNumber(s.status)) throw refuse('status', 'shipmentMoveRefused', { from: s.status });
  const taken = (await shipmentsWithTracking(tx, [{ carrier, number }])).find((t) => t.id !== s.id);
  if (taken) throw refuse('tracking_number', 'trackingNumberTaken', { id: taken.id });
  await updateShipment(tx, s.id, s.status, now, { carrier, number });
  s.carrier = carrier;
  s.delivery_code = number;
}

/** Single entry: a carrier and tracking number for one shipment, without moving it. */
export async function setTracking(
  ctx: AppContext,
  staff: StaffIdentity,
  id: number,
  carrier: Carrier,
  raw: string,
): Promise<void> {
  const audit: AuditAction = { action: 'shipment.tracking', targetType: 'shipment', targetId: id };
  await trackingRace(
    withAudit(ctx, staff, audit, async (tx) => {
      const [s] = await lockAll(tx, [id]);
      const before = { carrier: s!.carrier, tracking: s!.delivery_code || null };
      await recordTracking(tx, s!, carrier, raw, ctx.clock.now());
      return { before, after: { carrier: s!.carrier, tracking: s!.delivery_code }, result: undefined };
    }),
  );
}
