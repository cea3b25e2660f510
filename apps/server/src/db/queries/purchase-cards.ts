import { many, type Queryable } from '../queryable.ts';
import type { CardRow } from './packs.ts';

/** A drawn card (purchase_cards) joined with its lineup card. */
export interface DrawnRow extends Omit<CardRow, 'id' | 'pack_id'> {
  history_id: number;
  purchase_id: number;
  ticket_no: number;
  status: 'pending' | 'ship' | 'convert';
  pack_card_id: number;
  returned_point: number;
}

const DRAWN_COLUMNS = `d.id AS history_id, d.purchase_id, d.ticket_no, d.status, d.pack_card_id, d.returned_point,
  d.last_one, c.rank, c.name, c.name_en, c.image_url, c.set_count, c.model_number, c.rarity, c.buy_point, c.no_reduction, c.movie_url`;

/** A purchase's drawn cards in draw order; with pendingOnly, only those still to decide. */
export async function drawnCards(db: Queryable, purchaseId: number, pendingOnly: boolean): Promise<DrawnRow[]> {
  return many<DrawnRow>(
    db,
    `SELECT ${DRAWN_COLUMNS} FROM purchase_cards d JOIN pack_cards c ON c.id = d.pack_card_id
     WHERE d.purchase_id = $1 AND ($2::boolean IS FALSE OR d.status = 'pending') ORDER BY d.id`,
    [purchaseId, pendingOnly],
  );
}

/** The distinct (purchase, member) pairs the named drawn cards belong to. */
export async function purchasesOfCards(
  db: Queryable,
  cardIds: number[],
): Promise<{ purchase_id: number; member_id: number }[]> {
  return many(db, 'SELECT DISTINCT purchase_id, member_id FROM purchase_cards WHERE id = ANY($1::bigint[])', [cardIds]);
}

/** A drawn card as a decision judges it. */
export interface DecidableCard {
  id: number;
  purchase_id: number;
  member_id: number;
  status: 'pending' | 'ship' | 'convert';
  buy_point: number;
  no_reduction: boolean;
}

/** Every card of a purchase, row-locked in id order (the order the auto-convert job locks in too). */
export async function lockPurchaseCards(db: Queryable, purchaseId: number): Promise<DecidableCard[]> {
  return many<DecidableCard>(
    db,
    `SELECT d.id, d.purchase_id, d.member_id, d.status, c.buy_point, c.no_reduction
     FROM purchase_cards d JOIN pack_cards c ON c.id = d.pack_card_id
     WHERE d.purchase_id = $1 ORDER BY d.id FOR UPDATE OF d`,
    [purchaseId],
  );
}

/**
 * Up to `limit` cards still pending since `drawnBefore` and not held, locked in id order; cards another
 * transaction holds are skipped, so several instances split the work.
 */
export async function claimUndecidedCards(
  db: Queryable,
  drawnBefore: Date,
  limit: number,
): Promise<Omit<DecidableCard, 'status'>[]> {
  return many(
    db,
    `SELECT d.id, d.purchase_id, d.member_id, c.buy_point, c.no_reduction
     FROM purchase_cards d JOIN pack_cards c ON c.id = d.pack_card_id
     WHERE d.status = 'pending' AND d.auto_held_at IS NULL AND d.created_at <= $1
     ORDER BY d.id LIMIT $2 FOR UPDATE OF d SKIP LOCKED`,
    [drawnBefore, limit],
  );
}

export async function markCardsShipped(db: Queryable, cardIds: number[], shipmentId: number, now: Date) {
  await db.query(
    `UPDATE purchase_cards SET status = 'ship', decided_at = $2, shipment_id = $3 WHERE id = ANY($1::bigint[])`,
    [cardIds, now, shipmentId],
  );
}

/** Marks cards converted, each with the points it returned. */
export async function markCardsConverted(db: Queryable, cards: { id: number; buy_point: number }[], now: Date) {
  await db.query(
    `UPDATE purchase_cards d SET status = 'convert', decided_at = $3, returned_point = t.pt
     FROM unnest($1::bigint[], $2::int[]) AS t(id, pt) WHERE d.id = t.id`,
    [cards.map((c) => c.id), cards.map((c) => c.buy_point), now],
  );
}

/** Marks cards the job could neither convert nor ship, so it stops picking them up. */
export async function markCardsHeld(db: Queryable, cardIds: number[], now: Date) {
  await db.query('UPDATE purchase_cards SET auto_held_at = $2 WHERE id = ANY($1::bigint[])', [cardIds, now]);
}
