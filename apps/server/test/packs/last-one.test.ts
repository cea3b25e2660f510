import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/app-error.ts';
import { findRewardCard, listRewardCards } from '../../src/db/queries/ranks.ts';
import { BATCH_SQL, batchValues, STOCK_MOVED } from '../../src/db/queries/purchases.ts';
import { decide } from '../../src/services/packs/decision.ts';
import { loadHistoryDetail } from '../../src/services/packs/history.ts';
import { buyWithToken, checkPurchase, type BoughtPurchase } from '../../src/services/packs/purchase.ts';
import { loadPurchaseView } from '../../src/services/packs/purchase-results.ts';
import { drawnCount, insertTestMember, ledgerViolations } from '../factories.ts';
import { useServiceShop } from '../service-shop.ts';
import { buildPack, drawCards, drawDirect, lastOnePrizeCard, purchaseToken, smallLineup } from './pack-fixtures.ts';

/**
 * The last-one prize's rules (buy_pack_batch, the records, the reward list) on the service tier (ADR 0038). How the
 * pack page, the fairness record, the purchase reply, the stored result and the history show it is one API test in
 * buy.test.ts.
 */
const t = useServiceShop();
const q = (sql: string, params: unknown[] = []) => t.shop.ctx.db.pool.query(sql, params);

/** A pack of 6 + c tickets with a last-one prize. */
async function lastOnePack(c: number, point = 100) {
  const cardId = await lastOnePrizeCard(t.shop);
  const packId = await buildPack(t.shop, { cards: smallLineup(c), lastOneCardId: cardId, point });
  return { packId, cardId };
}

/** The pack's last-one awards: its drawn cards on ticket 0. */
const awards = async (packId: number) =>
  (
    await q(
      `SELECT d.purchase_id, d.member_id, d.pack_card_id, d.status, d.last_one, k.last_one AS card_last_one
       FROM purchase_cards d JOIN pack_cards k ON k.id = d.pack_card_id WHERE d.pack_id = $1 AND d.ticket_no = 0`,
      [packId],
    )
  ).rows;

/** The purchase that drew the pack's final ticket. */
const finalTicketPurchase = async (packId: number) =>
  (
    await q(
      `SELECT d.purchase_id, d.member_id FROM purchase_cards d JOIN packs p ON p.id = d.pack_id
       WHERE d.pack_id = $1 AND d.ticket_no = p.total_tickets`,
      [packId],
    )
  ).rows[0];

describe('the last-one prize (ラストワン賞)', () => {
  it('is published beside the lineup without tickets, and frozen with it', async () => {
    const { packId, cardId } = await lastOnePack(4);
    const cards = (
      await q('SELECT id, card_id, rank, set_count, last_one FROM pack_cards WHERE pack_id = $1', [packId])
    ).rows;
    const prize = cards.filter((c) => c.last_one);
    expect(prize).toHaveLength(1);
    expect(Number(prize[0].card_id)).toBe(cardId);
    const tickets = (await q('SELECT pack_card_id FROM tickets WHERE pack_id = $1', [packId])).rows;
    expect(tickets).toHaveLength(10);
    expect(tickets.some((r) => Number(r.pack_card_id) === Number(prize[0].id))).toBe(false);

    // The pack page and the fairness record show it apart from the lineup: buy.test.ts.

    await expect(q('UPDATE pack_cards SET last_one = false WHERE pack_id = $1', [packId])).rejects.toThrow(/records/);
    await expect(q('UPDATE packs SET last_one_card_id = NULL WHERE id = $1', [packId])).rejects.toThrow(/records/);
  });

  it('goes once, in the same purchase, to the buyer of the final ticket, who may convert it like any card', async () => {
    const { packId } = await lastOnePack(4); // 10 tickets
    const [a, b] = await Promise.all([1, 2].map(() => insertTestMember(t.shop, { paidPoints: 5_000 })));
    const first = await drawCards(t.shop.ctx, a!.id, packId, 6);
    expect(first.some((c) => c.last_one)).toBe(false);
    expect(await awards(packId)).toEqual([]);

    const last = await drawCards(t.shop.ctx, b!.id, packId, 'all');
    expect(last.map((c) => c.ticket_no)).toEqual([7, 8, 9, 10, 0]);
    const prize = last.at(-1)!;
    expect(prize).toMatchObject({ last_one: true, name: 'ラストワン竜', buy_point: 7_777, status: 'pending' });
    // Only the tickets were paid for: the prize costs nothing and moves no stock.
    expect((await q('SELECT point_balance FROM members WHERE id = $1', [b!.id])).rows[0].point_balance).toBe(4_600);
    const won = await awards(packId);
    expect(won).toHaveLength(1);
    expect(won[0]).toMatchObject({ purchase_id: last.purchaseId, last_one: true, card_last_one: true });
    expect(won[0].purchase_id).toBe((await finalTicketPurchase(packId)).purchase_id);
    expect(await drawnCount(t.shop, packId)).toBe(10);
    expect(await ledgerViolations(t.shop)).toEqual([]);

    // The member's stored result and history hold it like the others, marked.
    const stored = (await loadPurchaseView(t.shop.ctx, b!.id, last.purchaseId))!;
    expect(stored.cards.filter((c) => c.last_one).map((c) => c.history_id)).toEqual([prize.history_id]);
    const res = await decide(
      t.shop.ctx,
      b!.id,
      [],
      last.map((c) => c.history_id),
    );
    expect(res.result).toBe('1');
    const converted = await q("SELECT returned_point FROM purchase_cards WHERE id = $1 AND status = 'convert'", [
      prize.history_id,
    ]);
    expect(converted.rows).toEqual([{ returned_point: 7_777 }]);
    const history = await loadHistoryDetail(t.shop.ctx, b!.id, last.purchaseId);
    expect(history.cards.filter((c) => c.status === 'convert' && c.last_one)).toHaveLength(1);
    expect(await ledgerViolations(t.shop)).toEqual([]);

    // After the sell-out a late buyer is refused and awards nothing more (the pack page names the winner:
    // buy.test.ts).
    await expect(drawDirect(t.shop.ctx, a!.id, packId, 1)).rejects.toMatchObject({ state: 409 });
    expect(await awards(packId)).toHaveLength(1);
  });

  it('is not awarded by a pack that has none, nor by a buy refused before the final ticket', async () => {
    const plain = await buildPack(t.shop, { cards: smallLineup(4) });
    const m = await insertTestMember(t.shop, { paidPoints: 5_000 });
    const all = await drawCards(t.shop.ctx, m.id, plain, 'all');
    expect(all).toHaveLength(10);
    expect(all.some((c) => c.last_one)).toBe(false);
    expect(await awards(plain)).toEqual([]);

    // A buy refused at the final tickets (its fixed count of 10 no longer fits in the 9 left) awards nothing; the
    // buyer who then takes the final ticket gets the prize.
    const { packId } = await lastOnePack(4);
    const late = await insertTestMember(t.shop, { paidPoints: 5_000 });
    const rich = await insertTestMember(t.shop, { paidPoints: 5_000 });
    const check = await checkPurchase(t.shop.ctx, late.id, packId, 10);
    await drawDirect(t.shop.ctx, rich.id, packId, 1);
    await expect(buyWithToken(t.shop.ctx, late.id, check.token)).rejects.toMatchObject({ state: 409 });
    expect(await awards(packId)).toEqual([]);
    expect((await q('SELECT point_balance FROM members WHERE id = $1', [late.id])).rows[0].point_balance).toBe(5_000);
    const final = await drawCards(t.shop.ctx, rich.id, packId, 'all');
    expect(final.filter((c) => c.last_one)).toHaveLength(1);
    expect(Number((await awards(packId))[0].member_id)).toBe(rich.id);
    expect(await ledgerViolations(t.shop)).toEqual([]);
  });

  it('in one batch goes to the buyer whose tickets end at the final one', async () => {
    const { packId } = await lastOnePack(4);
    const buyers = await Promise.all([1, 2, 3].map(() => insertTestMember(t.shop, { paidPoints: 5_000 })));
    const { rows } = await q(
      BATCH_SQL,
      batchValues(
        packId,
        buyers.map((b, i) => ({ memberId: b.id, count: [3, 4, 3][i]!, unit: 100, token: purchaseToken(), min: 1 })),
        t.shop.clock.now(),
      ),
    );
    const prize = rows.filter((r) => r.ticket_no === 0);
    expect(prize).toHaveLength(1);
    expect(prize[0].idx).toBe(3);
    expect(rows.filter((r) => r.idx === 3 && r.ticket_no > 0).map((r) => r.ticket_no)).toEqual([8, 9, 10]);
    expect(Number((await awards(packId))[0].member_id)).toBe(buyers[2]!.id);
  });
});

describe('a rush on a small pack with a last-one prize', () => {
  it('awards it exactly once, to the purchase that drew the final ticket', async () => {
    for (let round = 0; round < 3; round++) {
      const { packId } = await lastOnePack(24); // 30 tickets
      const members = await Promise.all(
        Array.from({ length: 24 }, () => insertTestMember(t.shop, { paidPoints: 2_000 })),
      );
      // 48 parallel check+buy flows asking for about 100 tickets of 30: buyers of one batch, and batches of
      // different connections racing at the draw cursor. A refused one (sold out, too few left) buys nothing.
      const draw = (memberId: number, count: 1 | 2 | 3 | 'all') =>
        drawDirect(t.shop.ctx, memberId, packId, count).catch((e: unknown) => {
          if (e instanceof AppError) return null;
          throw e;
        });
      const outcomes = await Promise.all(
        members.flatMap((m, i) => [draw(m.id, ([1, 2, 3] as const)[i % 3]!), draw(m.id, 'all')]),
      );
      const replies = outcomes.filter((o): o is BoughtPurchase => o !== null);
      expect(await drawnCount(t.shop, packId)).toBe(30);
      const won = await awards(packId);
      expect(won).toHaveLength(1);
      const final = await finalTicketPurchase(packId);
      expect(won[0].purchase_id).toBe(final.purchase_id);
      expect(won[0].member_id).toBe(final.member_id);
      // Exactly one reply shows it, and it is the reply of that purchase.
      const shown = replies.filter((r) => r.fresh!.claimed.some((c) => r.fresh!.lineup.get(c.pack_card_id)?.last_one));
      expect(shown.map((r) => String(r.purchaseId))).toEqual([String(final.purchase_id)]);
      expect(await ledgerViolations(t.shop)).toEqual([]);
    }
  });

  it('awards it exactly once when batches on separate connections race at the draw cursor', async () => {
    const { packId } = await lastOnePack(14); // 20 tickets
    const members = await Promise.all(
      Array.from({ length: 16 }, () => insertTestMember(t.shop, { paidPoints: 2_000 })),
    );
    // Each connection sends its own batch of two buyers; a batch that counted on tickets another took meanwhile is
    // rolled back whole (stock_moved) or deadlocks, and is sent again, as the server does.
    const send = async (pair: typeof members) => {
      const buyers = pair.map((m, k) => ({ memberId: m.id, count: 1 + k, unit: 100, token: purchaseToken(), min: 1 }));
      for (let attempt = 0; ; attempt++) {
        try {
          return (await q(BATCH_SQL, batchValues(packId, buyers, t.shop.clock.now()))).rows;
        } catch (err) {
          const code = (err as { code?: string }).code;
          if (attempt > 20 || (code !== STOCK_MOVED && code !== '40P01')) throw err;
        }
      }
    };
    const pairs = Array.from({ length: 8 }, (_, i) => members.slice(i * 2, i * 2 + 2));
    const rows = (await Promise.all(pairs.map(send))).flat();
    expect(await drawnCount(t.shop, packId)).toBe(20);
    expect(rows.filter((r) => r.ticket_no === 0)).toHaveLength(1);
    const won = await awards(packId);
    expect(won).toHaveLength(1);
    expect(won[0].purchase_id).toBe((await finalTicketPurchase(packId)).purchase_id);
    expect(await ledgerViolations(t.shop)).toEqual([]);
  });

  it("is never offered as rank 7's reward card (an S card of its own, but only the final buyer gets it)", async () => {
    const { packId } = await lastOnePack(2);
    const prize = (await q('SELECT id FROM pack_cards WHERE pack_id = $1 AND last_one', [packId])).rows[0];
    const lineupS = (await q("SELECT id FROM pack_cards WHERE pack_id = $1 AND rank = 'S' AND NOT last_one", [packId]))
      .rows[0];
    const offered = (await listRewardCards(t.shop.ctx.db.pool, 1_000)).map((c) => Number(c.id));
    expect(offered).not.toContain(Number(prize.id));
    expect(await findRewardCard(t.shop.ctx.db.pool, Number(prize.id))).toBeNull();
    expect(await findRewardCard(t.shop.ctx.db.pool, Number(lineupS.id))).not.toBeNull();
  });
});
