import type { PoolClient } from 'pg';
import type { AppContext } from '../../context.ts';
import { findMemberById } from '../../db/queries/members.ts';
import {
  lockPurchaseCards,
  markCardsConverted,
  markCardsShipped,
  purchasesOfCards,
} from '../../db/queries/purchase-cards.ts';
import type { ShipmentAddress } from '../../db/queries/admin-shipments.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../app-error.ts';
import { grantPoints } from '../ledger.ts';
import { joinShipment } from '../shipment-join.ts';

export type DecisionOutcome =
  | { result: '1'; returnedPoint: number; purchaseId: number }
  /** Shipping asked for but the member has no address: nothing changed. */
  | { result: '0' }
  /** Nothing left to decide (decided already, or converted by the 24-hour job). */
  | { result: '-1' };

/** The member's address as a parcel takes it (the snapshot stored on the shipment). */
export type MemberAddress = ShipmentAddress;

/** The member's shipping address as a snapshot, or null when incomplete. */
export async function memberAddress(tx: PoolClient, memberId: number): Promise<MemberAddress | null> {
  const m = await findMemberById(tx, memberId);
  if (!m || !m.zipcode || !m.pref_id || !m.shiku || !m.address) return null;
  return {
    zipcode: m.zipcode,
    pref_id: m.pref_id,
    shiku: m.shiku,
    address: m.address,
    building: m.building ?? '',
    name: `${m.last_name} ${m.first_name}`,
    tel: m.tel,
  };
}

/**
 * Marks cards shipped as lines of the member's shipment being prepared to this same address, or of a new one
 * (one parcel per member and address; ADR 0017). Returns the shipment id.
 */
export async function shipCards(
  tx: PoolClient,
  memberId: number,
  purchaseId: number,
  cardIds: number[],
  address: MemberAddress,
  now: Date,
): Promise<number> {
  const shipmentId = await joinShipment(tx, memberId, purchaseId, address, now);
  await markCardsShipped(tx, cardIds, shipmentId, now);
  return shipmentId;
}

/** Converts cards to their buy_point as one free-point grant (one ledger row). Returns the points returned. */
export async function convertCards(
  tx: PoolClient,
  memberId: number,
  purchaseId: number,
  cards: { id: number; buy_point: number }[],
  now: Date,
  reason: 'card_conversion' | 'auto_conversion',
): Promise<number> {
  if (cards.length === 0) return 0;
  await markCardsConverted(tx, cards, now);
  const total = cards.reduce((s, c) => s + c.buy_point, 0);
  if (total > 0) {
    await grantPoints(tx, {
      memberId,
      amount: total,
      kind: 'free',
      reason,
      refType: 'purchase',
      refId: purchaseId,
      memo: `${cards.length} cards`,
      now,
    });
  }
  return total;
}

const foreign = () => new AppError('validation', { send_card: ['decisionForeign'] }, 'foreign_card');

/**
 * POST /pack/decision: the named cards must be exactly the pending cards of one of the member's purchases. Shipped
 * cards go into one shipment with an address snapshot; the rest return their buy_point as free points. The
 * purchase's cards are row-locked, so a double submit applies once and the second sees '-1'.
 */
export async function decide(
  ctx: AppContext,
  memberId: number,
  sendIds: number[],
  reductionIds: number[],
): Promise<DecisionOutcome> {
  const now = ctx.clock.now();
  const named = [...sendIds, ...reductionIds];
  return withTransaction(ctx.db, async (tx) => {
    const owned = await purchasesOfCards(tx, named);
    if (owned.length !== 1 || Number(owned[0]!.member_id) !== memberId) throw foreign();
    const purchaseId = Number(owned[0]!.purchase_id);
    // Lock every card of the purchase in id order (the job locks the same way), then judge what we hold.
    const cards = await lockPurchaseCards(tx, purchaseId);
    const byId = new Map(cards.map((c) => [Number(c.id), c]));
    if (named.some((id) => !byId.has(id))) throw foreign();
    const pending = cards.filter((c) => c.status === 'pending');
    if (pending.length === 0 || named.some((id) => byId.get(id)!.status !== 'pending')) return { result: '-1' };
    if (pending.length !== named.length) {
      throw new AppError('validation', { send_card: ['decisionIncomplete'] }, 'decision_incomplete');
    }
    const converting = reductionIds.map((id) => byId.get(id)!);
    if (converting.some((c) => c.no_reduction)) {
      throw new AppError('validation', { reduction_card: ['decisionNoReduction'] }, 'no_reduction');
    }
    if (sendIds.length > 0) {
      const address = await memberAddress(tx, memberId);
      if (!address) return { result: '0' };
      await shipCards(tx, memberId, purchaseId, sendIds, address, now);
    }
    const returnedPoint = await convertCards(
      tx,
      memberId,
      purchaseId,
      converting.map((c) => ({ id: Number(c.id), buy_point: c.buy_point })),
      now,
      'card_conversion',
    );
    return { result: '1', returnedPoint, purchaseId };
  });
}
