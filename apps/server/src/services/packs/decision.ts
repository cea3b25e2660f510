import type { PoolClient } from 'pg';
import type { AppContext } from '../../context.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { grantPoints } from '../ledger.ts';

export type DecisionOutcome =
  | { result: '1'; returnedPoint: number; purchaseId: number }
  /** Shipping asked for but the member has no address: nothing changed. */
  | { result: '0' }
  /** Nothing left to decide (decided already, or converted by the 24-hour job). */
  | { result: '-1' };

interface LockedCard {
  id: number;
  purchase_id: number;
  member_id: number;
  status: 'pending' | 'ship' | 'convert';
  buy_point: number;
  no_reduction: boolean;
}

export interface MemberAddress {
  zipcode: string;
  pref_id: number;
  shiku: string;
  address: string;
  building: string;
  name: string;
  tel: string;
}

/** The member's shipping address as a snapshot, or null when incomplete. */
export async function memberAddress(tx: PoolClient, memberId: number): Promise<MemberAddress | null> {
  const { rows } = await tx.query<{
    zipcode: string | null;
    pref_id: number | null;
    shiku: string | null;
    address: string | null;
    building: string | null;
    last_name: string;
    first_name: string;
    tel: string;
  }>('SELECT zipcode, pref_id, shiku, address, building, last_name, first_name, tel FROM members WHERE id = $1', [
    memberId,
  ]);
  const m = rows[0];
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

/** Marks cards shipped under one new shipment carrying the address snapshot. Returns the shipment id. */
export async function shipCards(
  tx: PoolClient,
  memberId: number,
  purchaseId: number,
  cardIds: number[],
  address: MemberAddress,
  now: Date,
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    'INSERT INTO shipments (member_id, purchase_id, address, created_at) VALUES ($1, $2, $3, $4) RETURNING id',
    [memberId, purchaseId, JSON.stringify(address), now],
  );
  const shipmentId = Number(rows[0]!.id);
  await tx.query(
    `UPDATE purchase_cards SET status = 'ship', decided_at = $2, shipment_id = $3 WHERE id = ANY($1::bigint[])`,
    [cardIds, now, shipmentId],
  );
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
  await tx.query(
    `UPDATE purchase_cards d SET status = 'convert', decided_at = $3, returned_point = t.pt
     FROM unnest($1::bigint[], $2::int[]) AS t(id, pt) WHERE d.id = t.id`,
    [cards.map((c) => c.id), cards.map((c) => c.buy_point), now],
  );
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
    const { rows: owned } = await tx.query<{ purchase_id: number; member_id: number }>(
      'SELECT DISTINCT purchase_id, member_id FROM purchase_cards WHERE id = ANY($1::bigint[])',
      [named],
    );
    if (owned.length !== 1 || Number(owned[0]!.member_id) !== memberId) throw foreign();
    const purchaseId = Number(owned[0]!.purchase_id);
    // Lock every card of the purchase in id order (the job locks the same way), then judge what we hold.
    const { rows: cards } = await tx.query<LockedCard>(
      `SELECT d.id, d.purchase_id, d.member_id, d.status, c.buy_point, c.no_reduction
       FROM purchase_cards d JOIN pack_cards c ON c.id = d.pack_card_id
       WHERE d.purchase_id = $1 ORDER BY d.id FOR UPDATE OF d`,
      [purchaseId],
    );
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
