import { randomBytes } from 'node:crypto';
import type { DrawCount } from '@oripa/core';
import type { AppContext } from '../../src/context.ts';
import { insertMasterCard } from '../../src/db/queries/admin-cards.ts';
import { withTransaction } from '../../src/db/transaction.ts';
import { publishPack, type NewPack, type NewPackCard } from '../../src/services/packs/pack-publishing.ts';
import type { DrawnRow } from '../../src/db/queries/purchase-cards.ts';
import { buyWithToken, checkPurchase } from '../../src/services/packs/purchase.ts';
import { loadDrawnCards } from '../../src/services/packs/purchase-results.ts';
import type { TestShop } from '../test-shop.ts';

/** A small lineup: 1 S, 2 A, 3 B and `c` C tickets (total 6 + c). */
export function smallLineup(c = 14, overrides: Partial<NewPackCard> = {}): NewPackCard[] {
  return [
    { rank: 'S', name: 'Sky Sovereign', imageUrl: '/demo/cards/t-s.webp', setCount: 1, rarity: 3, buyPoint: 50_000 },
    { rank: 'A', name: 'Ember Wyrm', imageUrl: '/demo/cards/t-a.webp', setCount: 2, rarity: 2, buyPoint: 3_000 },
    { rank: 'B', name: 'Tide Lancer', imageUrl: '/demo/cards/t-b.webp', setCount: 3, rarity: 1, buyPoint: 500 },
    {
      rank: 'C',
      name: 'Moss Sprite',
      imageUrl: '/demo/cards/t-c.webp',
      setCount: c,
      rarity: 0,
      buyPoint: 30,
      ...overrides,
    },
  ];
}

/** Creates a pack on sale since an hour ago (unless overridden) and returns its id. */
export async function buildPack(shop: Pick<TestShop, 'ctx' | 'clock'>, o: Partial<NewPack> = {}): Promise<number> {
  return withTransaction(shop.ctx.db, (tx) =>
    publishPack(tx, {
      cardType: 1,
      nameJa: 'テストパック',
      nameEn: 'Test pack',
      point: 100,
      startDate: new Date(shop.clock.now().getTime() - 3600_000),
      cards: smallLineup(),
      ...o,
    }),
  );
}

/** A master card to name as a pack's last-one prize (ADR 0028): 'ラストワン竜', worth `buyPoint`. */
export function lastOnePrizeCard(shop: Pick<TestShop, 'ctx' | 'clock'>, buyPoint = 7_777): Promise<number> {
  return insertMasterCard(
    shop.ctx.db.pool,
    {
      card_type: 1,
      name_ja: 'ラストワン竜',
      name_en: 'Last One Dragon',
      rarity: 3,
      model_number: 'LO-001',
      buy_point: buyPoint,
      no_reduction: false,
      image_url: '/demo/cards/ds-s1.svg',
    },
    shop.clock.now(),
  );
}

/** check + buy through the real API; returns both envelopes. */
export async function drawVia(client: import('../api-client.ts').ApiClient, packId: number, count: number | 'all') {
  const check = await client.post('/user/pack/check', { pack_id: packId, count });
  if (check.state !== 200) return { check, buy: null };
  const buy = await client.post('/user/pack/buy', { token: check.token });
  return { check, buy };
}

/** The same draw through the purchase services (check, then buy) with no HTTP: for service-tier tests. */
export async function drawDirect(ctx: AppContext, memberId: number, packId: number, count: DrawCount) {
  const { token } = await checkPurchase(ctx, memberId, packId, count);
  return buyWithToken(ctx, memberId, token);
}

/** drawDirect, then the purchase's drawn cards as stored, in draw order (history_id, ticket_no, card, status). */
export async function drawCards(ctx: AppContext, memberId: number, packId: number, count: DrawCount) {
  const { purchaseId } = await drawDirect(ctx, memberId, packId, count);
  const cards: DrawnRow[] = await loadDrawnCards(ctx, purchaseId, false);
  return Object.assign(cards, { purchaseId });
}

/** A fresh purchase-intent nonce (purchases.token), for calling buy_pack_batch directly. */
export const purchaseToken = () => `tok-${randomBytes(9).toString('hex')}`;

/** How many connections of the shop's database wait on a lock right now (to stage a race). */
export async function waitingOnLocks(shop: Pick<TestShop, 'ctx'>): Promise<number> {
  const { rows } = await shop.ctx.db.pool.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
  );
  return rows[0]!.n;
}
