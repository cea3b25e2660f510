import { emptyRankCounts, pageObject, RANK_ORDER, type PageObject, type Rank } from '@oripa/core';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../app-error.ts';
import { findMemberById } from '../../db/queries/members.ts';
import {
  drawLog as selectDrawLog,
  findPack,
  lastOneAward,
  listCurrentPacks,
  remainingTickets,
  remainingTicketsByRank,
  revealPacks,
  type CardRow,
  type DrawLogRow,
  type LastOneAwardRow,
  type PackRow,
} from '../../db/queries/packs.ts';
import { drawsBoughtPerPack } from '../../db/queries/purchases.ts';
import { lineupById } from './lineup-cache.ts';

export const PACKS_PER_PAGE = 12;
export const CARDS_PER_PAGE = 30;
export const DRAW_LOG_SIZE = 30;
/** Sold-out and closed packs stay on the list this long, so a latecomer sees what happened. */
const RECENT_MS = 7 * 24 * 3600_000;

/** What the per-member flags of a pack depend on; null for a guest. */
export interface BuyerFacts {
  memberId: number;
  rank: number;
  mailVerified: boolean;
  smsVerified: boolean;
  /** Draws this member already bought, per pack id. */
  bought: Map<number, number>;
}

export interface ListedPack {
  pack: PackRow;
  remaining: number;
}

/** Remaining tickets per pack: what the draw cursor has not passed yet (one row per pack, migration 0007). */
async function remainingCounts(ctx: AppContext, packIds: number[]): Promise<Map<number, number>> {
  const out = new Map(packIds.map((id) => [id, 0]));
  if (packIds.length === 0) return out;
  for (const r of await remainingTickets(ctx.db.pool, packIds)) out.set(Number(r.pack_id), r.n);
  return out;
}

/** The seed is revealed once nothing is left to draw or the pack is closed; later readers see it. */
async function revealFinished(ctx: AppContext, listed: ListedPack[]): Promise<void> {
  const now = ctx.clock.now();
  // A scheduled end (closed_at ahead) is not an end yet: the seed stays secret while the pack is still on sale.
  const ended = (l: ListedPack) => l.pack.closed_at !== null && l.pack.closed_at.getTime() <= now.getTime();
  const due = listed.filter((l) => !l.pack.revealed_at && (l.remaining === 0 || ended(l)));
  if (due.length === 0) return;
  const revealed = await revealPacks(
    ctx.db.pool,
    due.map((l) => l.pack.id),
    now,
  );
  for (const r of revealed) {
    const l = due.find((d) => d.pack.id === Number(r.id))!;
    l.pack.revealed_seed = r.seed;
    l.pack.revealed_at = r.revealed_at;
  }
}

/** The packs with their tickets left; finished packs past their reveal point get their seed revealed. */
export async function withRemaining(ctx: AppContext, packs: PackRow[]): Promise<ListedPack[]> {
  const counts = await remainingCounts(
    ctx,
    packs.map((p) => Number(p.id)),
  );
  const listed = packs.map((pack) => ({ pack, remaining: counts.get(Number(pack.id)) ?? 0 }));
  await revealFinished(ctx, listed);
  return listed;
}

/** On sale first, then upcoming, then sold out or closed. */
function saleOrder(now: Date) {
  const bucket = (l: ListedPack) =>
    (l.pack.closed_at && l.pack.closed_at <= now) || l.remaining === 0
      ? 2
      : l.pack.start_date.getTime() > now.getTime()
        ? 1
        : 0;
  return (a: ListedPack, b: ListedPack) => bucket(a) - bucket(b);
}

/** The top page's packs of every card type: on sale, upcoming, and recently finished. */
export async function listPacks(ctx: AppContext): Promise<ListedPack[]> {
  const now = ctx.clock.now();
  const rows = await listCurrentPacks(ctx.db.pool, new Date(now.getTime() - RECENT_MS));
  const listed = await withRemaining(ctx, rows);
  return listed.sort(saleOrder(now));
}

async function packRow(ctx: AppContext, packId: number): Promise<PackRow> {
  const pack = await findPack(ctx.db.pool, packId);
  if (!pack) throw notFound();
  return pack;
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
 * once the tickets are fixed). Callers load the pack first, so an unknown id never reaches the cache. The last-one
 * prize is not part of it (no tickets): see loadLastOne.
 */
export async function loadLineup(ctx: AppContext, packId: number): Promise<CardRow[]> {
  const cards = [...(await lineupById(ctx, packId)).values()].filter((c) => !c.last_one);
  return cards.sort((a, b) => RANK_ORDER.indexOf(a.rank) - RANK_ORDER.indexOf(b.rank) || Number(a.id) - Number(b.id));
}

/** The pack's last-one prize and its award once the final ticket is drawn (ADR 0028); null when it has none. */
export async function loadLastOne(
  ctx: AppContext,
  packId: number,
): Promise<{ card: CardRow; award: LastOneAwardRow | null } | null> {
  const card = [...(await lineupById(ctx, packId)).values()].find((c) => c.last_one);
  if (!card) return null;
  return { card, award: await lastOneAward(ctx.db.pool, packId) };
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
  for (const r of await remainingTicketsByRank(ctx.db.pool, packId)) out[r.rank] = r.n;
  return out;
}

/** The public draw log, newest first. `limit` null means every draw (the fairness endpoint). */
export function drawLog(ctx: AppContext, packId: number, limit: number | null): Promise<DrawLogRow[]> {
  return selectDrawLog(ctx.db.pool, packId, limit);
}

/** Rank, mail and SMS state and draws bought so far of a logged-in member, for the per-member flags. */
export async function buyerFacts(ctx: AppContext, memberId: number | null): Promise<BuyerFacts | null> {
  if (memberId === null) return null;
  const [member, bought] = await Promise.all([
    findMemberById(ctx.db.pool, memberId),
    drawsBoughtPerPack(ctx.db.pool, memberId),
  ]);
  if (!member) return null;
  return {
    memberId,
    rank: member.rank,
    mailVerified: member.mail_verified_at !== null,
    smsVerified: member.sms_verified_at !== null,
    bought: new Map(bought.map((r) => [Number(r.pack_id), r.n])),
  };
}
