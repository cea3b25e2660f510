import { describe, expect, it } from 'vitest';
import { runVerify } from '../../../../scripts/verify-pack.ts';
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
});
