import { DECISION_WINDOW_MS } from '@oripa/core';
import type { AppContext } from '../context.ts';
import { claimUndecidedCards, markCardsHeld } from '../db/queries/purchase-cards.ts';
import { withTransaction } from '../db/transaction.ts';
import { convertCards, memberAddress, shipCards } from '../services/packs/decision.ts';
import type { Job } from './runner.ts';

const BATCH = 200;

/**
 * Converts cards left undecided for 24 hours into their buy_point, exactly once: each batch is claimed with
 * row locks that skip rows already locked (claimUndecidedCards), so several instances split the work and a member's concurrent decision waits for the
 * batch and then finds nothing left ('-1'). Cards that may never be converted (no_reduction) ship automatically
 * to the member's address; without an address they stay pending, marked auto_held_at so the job stops picking
 * them up, and the member can still ship them (the decision screen lists them).
 */
export async function autoConvertBatch(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  return withTransaction(ctx.db, async (tx) => {
    const rows = await claimUndecidedCards(tx, new Date(now.getTime() - DECISION_WINDOW_MS), BATCH);
    const byPurchase = new Map<number, typeof rows>();
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
      else await markCardsHeld(tx, mustShip, now);
    }
    return rows.length;
  });
}

export const autoConvertJob: Job = { name: 'auto-convert', everyMs: 60_000, run: autoConvertBatch };
