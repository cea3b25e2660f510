import { emptyRankCounts, pageObject, RANK_ORDER, type PageObject, type Rank } from '@oripa/core';
import type { Pool } from 'pg';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/app-error.ts';
import { lineupById } from './lineup-cache.ts';
import { PACK_COLUMNS, type BuyerFacts, type CardRow, type PackRow } from './pack-rows.ts';

export const PACKS_PER_PAGE = 12;
export const CARDS_PER_PAGE = 30;
export const DRAW_LOG_SIZE = 30;
/** Sold-out and closed packs stay on the list this long, so a latecomer sees what happened. */
const RECENT_MS = 7 * 24 * 3600_000;

export interface ListedPack {
  pack: PackRow;
  remaining: number;
}

/** Remaining tickets per pack: what the draw cursor has not passed yet (one row per pack, migration 0007). */
export async function remainingCounts(pool: Pool, packIds: number[]): Promise<Map<number, number>> {
  const out = new Map(packIds.map((id) => [id, 0]));
  if (packIds.length === 0) return out;
  const { rows } = await pool.query<{ pack_id: number; n: number }>(
    'SELECT pack_id, total - drawn AS n FROM pack_stock WHERE pack_id = ANY($1::bigint[])',
    [packIds],
  );
  for (const r of rows) out.set(Number(r.pack_id), r.n);
  return out;
}

/** The seed is revealed once nothing is left to draw or the pack is closed; later readers see it. */
async function revealFinished(ctx: AppContext, listed: ListedPack[]): Promise<void> {
  const now = ctx.clock.now();
  const due = listed.filter((l) => !l.pack.revealed_at && (l.remaining === 0 || l.pack.closed_at));
  if (due.length === 0) return;
  const { rows } = await ctx.db.pool.query<{ id: number; seed: string; revealed_at: Date }>(
    `UPDATE packs SET revealed_at = COALESCE(revealed_at, $2) WHERE id = ANY($1::bigint[])
     RETURNING id, encode(seed, 'hex') AS seed, revealed_at`,
    [due.map((l) => l.pack.id), now],
  );
  for (const r of rows) {
    const l = due.find((d) => d.pack.id === Number(r.id))!;
    l.pack.revealed_seed = r.seed;
    l.pack.revealed_at = r.revealed_at;
  }
}

async function withRemaining(ctx: AppContext, packs: PackRow[]): Promise<ListedPack[]> {
  const counts = await remainingCounts(
    ctx.db.pool,
    packs.map((p) => Number(p.id)),
  );
  const listed = packs.map((pack) => ({ pack, remaining: counts.get(Number(pack.id)) ?? 0 }));
  await revealFinished(ctx, listed);
  return listed;
}

/** On sale first, then upcoming, then sold out or closed. */
function saleOrder(now: Date) {
  const bucket = (l: ListedPack) =>
    l.pack.closed_at || l.remaining === 0 ? 2 : l.pack.start_date.getTime() > now.getTime() ? 1 : 0;
  return (a: ListedPack, b: ListedPack) => bucket(a) - bucket(b);
}

/** The top page's packs of every card type: on sale, upcoming, and recently finished. */
export async function listPacks(ctx: AppContext): Promise<ListedPack[]> {
  const now = ctx.clock.now();
  const { rows } = await ctx.db.pool.query<PackRow>(
    `SELECT ${PACK_COLUMNS} FROM packs p
     WHERE (p.closed_at IS NULL OR p.closed_at > $1) AND (p.revealed_at IS NULL OR p.revealed_at > $1)
     ORDER BY p.card_type, p.sort, p.id LIMIT 100`,
    [new Date(now.getTime() - RECENT_MS)],
  );
  const listed = await withRemaining(ctx, rows);
  return listed.sort(saleOrder(now));
}

/** /pack-list?index={type}&page: every pack of one card type, paged, newest first within each sale state. */
export async function listPacksOfType(
  ctx: AppContext,
  cardType: number,
  page: number,
): Promise<{ listed: ListedPack[]; page: PageObject }> {
  const { rows: countRows } = await ctx.db.pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM packs WHERE card_type = $1',
    [cardType],
  );
  const pager = pageObject(page, countRows[0]!.n, PACKS_PER_PAGE);
  const { rows } = await ctx.db.pool.query<PackRow>(
    `SELECT ${PACK_COLUMNS} FROM packs p WHERE p.card_type = $1
     ORDER BY (p.closed_at IS NOT NULL OR p.revealed_at IS NOT NULL), p.sort, p.id DESC LIMIT $2 OFFSET $3`,
    [cardType, PACKS_PER_PAGE, (pager.page - 1) * PACKS_PER_PAGE],
  );
  return { listed: await withRemaining(ctx, rows), page: pager };
}

async function packRow(ctx: AppContext, packId: number): Promise<PackRow> {
  const { rows } = await ctx.db.pool.query<PackRow>(`SELECT ${PACK_COLUMNS} FROM packs p WHERE p.id = $1`, [packId]);
  if (!rows[0]) throw notFound();
  return rows[0];
}

export async function loadPack(ctx: AppContext, packId: number): Promise<ListedPack> {
  return (await withRemaining(ctx, [await packRow(ctx, packId)]))[0]!;
}

/**
 * The pack with its remaining tickets per rank, for the detail page: the total is the sum of the per-rank counts,
 * so the undrawn tickets are counted once, not twice.
 */
export async function loadPackWithRanks(
  ctx: AppContext,
  packId: number,
): Promise<ListedPack & { byRank: Record<Rank, number> }> {
  const [pack, byRank] = await Promise.all([packRow(ctx, packId), remainingByRank(ctx, packId)]);
  const listed = { pack, remaining: byRank.S + byRank.A + byRank.B + byRank.C };
  await revealFinished(ctx, [listed]);
  return { ...listed, byRank };
}

/**
 * The lineup in rank order (S, A, B, C), then card id, from the per-process lineup cache (a lineup never changes
 * once the tickets are fixed). Callers load the pack first, so an unknown id never reaches the cache.
 */
export async function loadLineup(ctx: AppContext, packId: number): Promise<CardRow[]> {
  const cards = [...(await lineupById(ctx, packId)).values()];
  return cards.sort((a, b) => RANK_ORDER.indexOf(a.rank) - RANK_ORDER.indexOf(b.rank) || Number(a.id) - Number(b.id));
}

export async function loadLineupPage(
  ctx: AppContext,
  packId: number,
  page: number,
): Promise<{ rows: CardRow[]; page: PageObject }> {
  await loadPack(ctx, packId);
  const all = await loadLineup(ctx, packId);
  const pager = pageObject(page, all.length, CARDS_PER_PAGE);
  return { rows: all.slice((pager.page - 1) * CARDS_PER_PAGE, pager.page * CARDS_PER_PAGE), page: pager };
}

/** Remaining tickets per rank: the lineup's tickets of each rank less those the draw cursor has passed. */
async function remainingByRank(ctx: AppContext, packId: number): Promise<Record<Rank, number>> {
  const out = emptyRankCounts();
  const { rows } = await ctx.db.pool.query<{ rank: Rank; n: number }>(
    `SELECT c.rank, sum(c.set_count)::int - CASE c.rank WHEN 'S' THEN s.drawn_s WHEN 'A' THEN s.drawn_a
       WHEN 'B' THEN s.drawn_b ELSE s.drawn_c END AS n
     FROM pack_cards c JOIN pack_stock s ON s.pack_id = c.pack_id WHERE c.pack_id = $1
     GROUP BY c.rank, s.drawn_s, s.drawn_a, s.drawn_b, s.drawn_c`,
    [packId],
  );
  for (const r of rows) out[r.rank] = r.n;
  return out;
}

export interface DrawLogRow {
  created_at: Date;
  rank: Rank;
  last_name: string;
  first_name: string;
  ticket_no: number;
  pack_card_id: number;
}

/** The public draw log, newest first. `limit` null means every draw (the fairness endpoint). */
export async function drawLog(ctx: AppContext, packId: number, limit: number | null): Promise<DrawLogRow[]> {
  const { rows } = await ctx.db.pool.query<DrawLogRow>(
    `SELECT d.created_at, c.rank, m.last_name, m.first_name, d.ticket_no, d.pack_card_id
     FROM purchase_cards d JOIN pack_cards c ON c.id = d.pack_card_id JOIN members m ON m.id = d.member_id
     WHERE d.pack_id = $1 ORDER BY d.ticket_no DESC LIMIT $2`,
    [packId, limit],
  );
  return rows;
}

/** Rank, SMS state and draws bought so far of a logged-in member, for the per-member flags. */
export async function buyerFacts(ctx: AppContext, memberId: number | null): Promise<BuyerFacts | null> {
  if (memberId === null) return null;
  const [{ rows }, bought] = await Promise.all([
    ctx.db.pool.query<{ rank: number; sms: boolean }>(
      'SELECT rank, sms_verified_at IS NOT NULL AS sms FROM members WHERE id = $1',
      [memberId],
    ),
    ctx.db.pool.query<{ pack_id: number; n: number }>(
      'SELECT pack_id, sum(count)::int AS n FROM purchases WHERE member_id = $1 GROUP BY pack_id',
      [memberId],
    ),
  ]);
  if (!rows[0]) return null;
  return {
    memberId,
    rank: rows[0].rank,
    smsVerified: rows[0].sms,
    bought: new Map(bought.rows.map((r) => [Number(r.pack_id), r.n])),
  };
}
