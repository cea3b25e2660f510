import type { AppContext } from '../context.ts';
import { withTransaction } from '../db/transaction.ts';
import { convertCards, memberAddress, shipCards } from '../services/packs/decision.ts';
import type { Job } from './runner.ts';

/** Won cards are held this long for the member's choice (spec section 4). */
export const DECISION_WINDOW_MS = 24 * 3600_000;
const BATCH = 200;

interface DueCard {
  id: number;
  purchase_id: number;
  member_id: number;
  buy_point: number;
  no_reduction: boolean;
}

/**
 * Converts cards left undecided for 24 hours into their buy_point, exactly once: each batch is claimed with
 * FOR UPDATE SKIP LOCKED, so several instances split the work and a member's concurrent decision waits for the
 * batch and then finds nothing left ('-1'). Cards that may never be converted (no_reduction) ship automatically
 * to the member's address; without an address they stay pending, marked auto_held_at so the job stops picking
 * them up, and the member can still ship them (the decision screen lists them).
 */
export async function autoConvertBatch(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  return withTransaction(ctx.db, async (tx) => {
    const { rows } = await tx.query<DueCard>(
      `SELECT d.id, d.purchase_id, d.member_id, c.buy_point, c.no_reduction
       FROM purchase_cards d JOIN pack_cards c ON c.id = d.pack_card_id
       WHERE d.status = 'pending' AND d.auto_held_at IS NULL AND d.created_at <= $1
       ORDER BY d.id LIMIT $2 FOR UPDATE OF d SKIP LOCKED`,
      [new Date(now.getTime() - DECISION_WINDOW_MS), BATCH],
    );
    const byPurchase = new Map<number, DueCard[]>();
    for (const r of rows) {
      const list = byPurchase.get(Number(r.purchase_id)) ?? [];
      list.push(r);
      byPurchase.set(Number(r.purchase_id), list);
    }
    for (const [purchaseId, cards] of byPurchase) {
      const memberId = Number(cards[0]!.member_id);
      const convertible = cards.filter((c) => !c.no_reduction);
      const mustShip = cards.filter((c) => c.no_reduction).map((c) => Number(c.id));
      await convertCards(
        tx,
        memberId,
        purchaseId,
        convertible.map((c) => ({ id: Number(c.id), buy_point: c.buy_point })),
        now,
        'auto_conversion',
      );
      if (mustShip.length === 0) continue;
      const address = await memberAddress(tx, memberId);
      if (address) await shipCards(tx, memberId, purchaseId, mustShip, address, now);
      else await tx.query('UPDATE purchase_cards SET auto_held_at = $2 WHERE id = ANY($1::bigint[])', [mustShip, now]);
    }
    return rows.length;
  });
}

export const autoConvertJob: Job = { name: 'auto-convert', everyMs: 60_000, run: autoConvertBatch };
