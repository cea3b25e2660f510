import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canMoveShipment, SHIPMENT_STATUSES, type ShipmentStatus } from './status.ts';

/** The moves the fulfilment flow allows, written out once more by hand (ADR 0017). */
const ALLOWED = new Set([
  'preparing>packed',
  'preparing>held',
  'packed>shipped',
  'packed>preparing',
  'packed>held',
  'held>preparing',
  'shipped>returned',
  'returned>preparing',
]);

describe('shipment status transitions', () => {
  const status = fc.constantFrom(...SHIPMENT_STATUSES);

  it('accepts exactly the listed moves, and never a move to the same status', () => {
    fc.assert(
      fc.property(status, status, (from, to) => {
        expect(canMoveShipment(from, to)).toBe(ALLOWED.has(`${from}>${to}`));
      }),
    );
  });

  it('reaches shipped only through packed, along any walk of accepted moves', () => {
    fc.assert(
      fc.property(fc.array(status, { maxLength: 30 }), (wanted) => {
        let at: ShipmentStatus = 'preparing';
        let previous: ShipmentStatus | null = null;
        for (const to of wanted) {
          if (!canMoveShipment(at, to)) continue;
          previous = at;
          at = to;
          if (at === 'shipped') expect(previous).toBe('packed');
        }
      }),
    );
  });
});
