import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedCommitment, verifyPack, type PackDetail, type PackFairnessReply, type PackSummary } from '@oripa/core';
import { DEMO_PACKS, seedDemoPacks } from '../../src/seed/demo-packs.ts';
import { ledgerViolations } from '../factories.ts';
import { startTestShop, type TestShop } from '../test-shop.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

const PUBLIC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/public');

describe('demo packs', () => {
  it('seeds every kind of pack once, with real draws, art on disk and a verifiable sold-out pack', async () => {
    await seedDemoPacks(shop.ctx);
    await seedDemoPacks(shop.ctx); // idempotent
    const c = shop.client('en');
    const list = (await c.get('/user/pack/list')).list as PackSummary[];
    expect(list).toHaveLength(DEMO_PACKS.length);
    expect(new Set(list.map((p) => p.card_type))).toEqual(new Set([1, 2]));
    expect(list.some((p) => p.is_before === '1')).toBe(true);
    expect(list.some((p) => p.payment_method === '2')).toBe(true);
    expect(list.some((p) => p.sms_only === '1' && p.is_sms_limit === '1')).toBe(true);
    expect(list.some((p) => p.rank_limit > 1 && p.max_buy_count > 0)).toBe(true);
    const soldOut = list.filter((p) => p.pack_count === 0);
    expect(soldOut).toHaveLength(1);
    const nearly = list.find((p) => p.pack_count > 0 && p.pack_count <= 10);
    expect(nearly).toBeDefined();

    for (const p of list) {
      const detail = (await c.get(`/user/pack/detail/${p.id}`)).detail as PackDetail;
      for (const img of [
        ...p.image,
        ...Object.values(detail.lineup)
          .flat()
          .map((x) => x.image_url),
      ]) {
        expect(existsSync(path.join(PUBLIC, img)), img).toBe(true);
      }
    }
    const nearlyDetail = (await c.get(`/user/pack/detail/${nearly!.id}`)).detail as PackDetail;
    expect(nearlyDetail.draw_log.length).toBeGreaterThan(10);

    const fair = (await c.get(`/user/pack/fairness/${soldOut[0]!.id}`)) as unknown as PackFairnessReply;
    expect(fair.fairness.seed).not.toBeNull();
    expect(seedCommitment(fair.fairness.seed!)).toBe(fair.fairness.seed_hash);
    const report = verifyPack({
      seed: fair.fairness.seed!,
      seed_hash: fair.fairness.seed_hash,
      cards: fair.cards,
      total_pack_count: fair.total_pack_count,
      draws: fair.draws,
    });
    expect(report.problems).toEqual([]);
    expect(report.checkedDraws).toBe(fair.total_pack_count);
    // Its last-one prize went with the final ticket; a pack on sale shows its prize, not yet won.
    expect(fair.last_one?.award?.last_ticket).toBe(fair.total_pack_count);
    const prized = DEMO_PACKS.filter((p) => p.lastOne).length;
    const details = await Promise.all(
      list.map(async (p) => (await c.get(`/user/pack/detail/${p.id}`)).detail as PackDetail),
    );
    expect(details.filter((d) => d.last_one)).toHaveLength(prized);
    expect(details.some((d) => d.last_one && d.last_one.winner === null && d.pack_count > 0)).toBe(true);
    expect(await ledgerViolations(shop)).toEqual([]);
  });
});
