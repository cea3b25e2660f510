import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyInBatch, type BatchOutcome } from '../../src/services/packs/buy-batcher.ts';
import { drawnCount, insertTestMember, ledgerViolations } from '../factories.ts';
import { startServiceShop, type ServiceShop } from '../service-shop.ts';
import { buildPack, smallLineup } from './pack-fixtures.ts';

/**
 * Buyers share one statement (buy-batcher.ts); an error nobody planned for rolls that statement back. The batcher
 * must then not fail the whole batch: each buyer is sent again alone, so only the one the error belongs to sees it.
 * A rule of the batcher: the service tier, no HTTP (ADR 0038).
 */
let shop: ServiceShop;
beforeAll(async () => {
  shop = await startServiceShop();
});
afterAll(() => shop.close());

const q = (sql: string, params: unknown[] = []) => shop.ctx.db.pool.query(sql, params);

describe('a batch with a buyer whose purchase fails unexpectedly', () => {
  it('fails only that buyer; the others buy, and nothing is charged for the failure', async () => {
    const packId = await buildPack(shop, { point: 100, cards: smallLineup(44) });
    const members = await Promise.all(Array.from({ length: 12 }, () => insertTestMember(shop, { paidPoints: 1_000 })));
    const culprit = members[7]!;
    // A constraint only the culprit's drawn card breaks: its row makes the batch statement fail as a whole.
    await q(`ALTER TABLE purchase_cards ADD CONSTRAINT test_culprit CHECK (member_id <> ${culprit.id}) NOT VALID`);
    try {
      // Queued in one tick: the first buyers go out at once, the rest wait and share the next batches.
      const outcomes = await Promise.allSettled(
        members.map((m) =>
          buyInBatch(shop.ctx, packId, {
            memberId: m.id,
            count: 1,
            unit: 100,
            token: randomBytes(12).toString('base64url'),
            min: 1,
          }),
        ),
      );
      outcomes.forEach((o, i) => {
        if (i === 7) {
          expect(o.status).toBe('rejected');
          expect(String((o as PromiseRejectedResult).reason)).toMatch(/test_culprit/);
        } else {
          expect(o.status).toBe('fulfilled');
          expect((o as PromiseFulfilledResult<BatchOutcome>).value).toHaveProperty('bought');
        }
      });
    } finally {
      await q('ALTER TABLE purchase_cards DROP CONSTRAINT test_culprit');
    }
    const balances = await q('SELECT id, point_balance FROM members WHERE id = ANY($1)', [members.map((m) => m.id)]);
    for (const r of balances.rows) expect(Number(r.point_balance)).toBe(Number(r.id) === culprit.id ? 1_000 : 900);
    const culpritRows = await q('SELECT count(*)::int AS n FROM purchases WHERE member_id = $1', [culprit.id]);
    expect(culpritRows.rows[0].n).toBe(0);
    expect(await drawnCount(shop, packId)).toBe(11);
    expect(await ledgerViolations(shop)).toEqual([]);
  });
});
