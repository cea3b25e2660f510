import { describe, expect, it } from 'vitest';
import { runVerify } from '../../../../scripts/verify-pack.ts';
import { insertMasterCard } from '../../src/db/queries/admin-cards.ts';
import { buildMember } from '../factories.ts';
import { useTestShop } from '../test-shop.ts';
import { buildPack, drawVia, smallLineup } from './pack-fixtures.ts';

const t = useTestShop();

describe('npm run verify-pack', () => {
  it('cannot verify before the reveal, verifies after a sell-out over HTTP and from the database', async () => {
    const packId = await buildPack(t.shop, { cards: smallLineup(20) });
    const m = await buildMember(t.shop, { paidPoints: 100_000 });
    await drawVia(m.client, packId, 10);
    const early = await runVerify(packId, { url: t.shop.baseUrl });
    expect(early.exitCode).toBe(2);
    expect(early.lines.join('\n')).toContain('not revealed');

    await drawVia(m.client, packId, 'all');
    await t.shop.client().get(`/user/pack/detail/${packId}`); // a view after the sell-out reveals the seed
    const http = await runVerify(packId, { url: t.shop.baseUrl });
    expect(http.lines.at(-1)).toContain('VERIFIED');
    expect(http.exitCode).toBe(0);
    const db = await runVerify(packId, { databaseUrl: t.shop.databaseUrl });
    expect(db.exitCode).toBe(0);
    expect(db.lines.join('\n')).toContain('all 26 ticket rows');
  });

  it('reports a mismatch (exit 1) when a drawn card is not the one the sequence fixed', async () => {
    const packId = await buildPack(t.shop, { cards: smallLineup(4) });
    const m = await buildMember(t.shop, { paidPoints: 100_000 });
    await drawVia(m.client, packId, 'all');
    await t.shop.client().get(`/user/pack/detail/${packId}`);
    // Tamper: ticket 1 now yields a different card than the shuffle put there. The database refuses to change a
    // drawn card (migration 0006), so the tamperer switches the triggers off as a superuser could.
    const tamper = `UPDATE purchase_cards SET pack_card_id = (SELECT id FROM pack_cards WHERE pack_id = $1 AND id <> purchase_cards.pack_card_id LIMIT 1)
       WHERE pack_id = $1 AND ticket_no = 1`;
    await expect(t.shop.ctx.db.pool.query(tamper, [packId])).rejects.toThrow(/records/);
    const c = await t.shop.ctx.db.pool.connect();
    try {
      await c.query("SET session_replication_role = 'replica'");
      await c.query(tamper, [packId]);
    } finally {
      await c.query('RESET session_replication_role');
      c.release();
    }
    const out = await runVerify(packId, { url: t.shop.baseUrl });
    expect(out.exitCode).toBe(1);
    expect(out.lines.some((l) => l.startsWith('MISMATCH: ticket 1'))).toBe(true);
    expect((await runVerify(424242, { url: t.shop.baseUrl })).exitCode).toBe(2);
  });

  it("checks the last-one prize went to the final ticket's buyer, and reports a moved award (exit 1)", async () => {
    const prize = await insertMasterCard(
      t.shop.ctx.db.pool,
      {
        card_type: 1,
        name_ja: '最後の竜',
        name_en: 'Final Dragon',
        rarity: 3,
        model_number: '',
        buy_point: 900,
        no_reduction: false,
        image_url: '/demo/cards/ds-s2.svg',
      },
      t.shop.clock.now(),
    );
    const packId = await buildPack(t.shop, { cards: smallLineup(4), lastOneCardId: prize });
    const a = await buildMember(t.shop, { paidPoints: 100_000 });
    const b = await buildMember(t.shop, { paidPoints: 100_000 });
    await drawVia(a.client, packId, 6);
    await drawVia(b.client, packId, 'all');
    await t.shop.client().get(`/user/pack/detail/${packId}`);
    for (const opts of [{ url: t.shop.baseUrl }, { databaseUrl: t.shop.databaseUrl }]) {
      const out = await runVerify(packId, opts);
      expect(out.exitCode, out.lines.join('\n')).toBe(0);
      expect(out.lines.join('\n')).toContain('tickets 7-10');
    }
    // Tamper: the award is moved to a's purchase (tickets 1-6), as a superuser with the triggers off could.
    const c = await t.shop.ctx.db.pool.connect();
    try {
      await c.query("SET session_replication_role = 'replica'");
      await c.query(
        `UPDATE purchase_cards SET purchase_id = (SELECT purchase_id FROM purchase_cards WHERE pack_id = $1 AND ticket_no = 1),
           member_id = $2 WHERE pack_id = $1 AND ticket_no = 0`,
        [packId, a.id],
      );
    } finally {
      await c.query('RESET session_replication_role');
      c.release();
    }
    for (const opts of [{ url: t.shop.baseUrl }, { databaseUrl: t.shop.databaseUrl }]) {
      const out = await runVerify(packId, opts);
      expect(out.exitCode).toBe(1);
      expect(out.lines.some((l) => l.includes('not to the one that drew the final ticket 10'))).toBe(true);
    }
  });
});
