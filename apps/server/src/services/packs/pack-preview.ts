import { createHmac, timingSafeEqual } from 'node:crypto';
import { RANK_ORDER, type Rank } from '@oripa/core';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../app-error.ts';
import { cardsByIds, type MasterCardRow } from '../../db/queries/admin-cards.ts';
import { findConsolePack, type ConsolePackRow } from '../../db/queries/admin-packs.ts';
import type { CardRow, PackRow } from '../../db/queries/packs.ts';

/**
 * The preview step of a pack (issue 10: draft → preview → publish → on sale → closed): staff open the storefront's
 * pack page for a draft, as members will see it, through a signed link the console hands out. A draft lives only in
 * pack_drafts, never in packs, so no storefront list, detail or purchase can reach it; the signed token is the only
 * way in. It names one draft and expires soon; the staff cookie is not sent to the storefront's API at all (it is
 * scoped to /api/admin), which is why the link carries its own proof. The page shows it with id 0 and no stock to
 * draw from: nothing on it can start a purchase, and /pack/check refuses an id no pack has.
 */
export const PREVIEW_TTL_MS = 30 * 60 * 1000;

const sign = (secret: string, body: string) =>
  createHmac('sha256', secret).update(`pack-preview|${body}`).digest('base64url');

/** `<draftId>.<expiry ms>.<signature>`: readable, and useless once expired or for any other draft. */
export function issuePreviewToken(secret: string, draftId: number, now: Date): { token: string; expiresAt: Date } {
  const expiresAt = new Date(now.getTime() + PREVIEW_TTL_MS);
  const body = `${draftId}.${expiresAt.getTime()}`;
  return { token: `${body}.${sign(secret, body)}`, expiresAt };
}

/** The draft id of a token whose signature holds and that has not expired, else null. */
export function readPreviewToken(secret: string, token: string, now: Date): number | null {
  const m = /^(\d{1,15})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const given = Buffer.from(m[3]!);
  const expected = Buffer.from(sign(secret, `${m[1]}.${m[2]}`));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (Number(m[2]) < now.getTime()) return null;
  return Number(m[1]);
}

/** A draft shaped as the pack row the storefront's presenters read (id 0: not a pack anyone can buy). */
function draftAsPack(d: ConsolePackRow, now: Date): PackRow {
  // The draft's own columns (names, texts, images, price, limits, flags, total) are the pack's; the rest is what a
  // pack has only once published.
  return {
    ...d,
    id: 0,
    eye_catch: d.images[0] ?? '',
    start_date: d.start_date ?? now,
    closed_at: null,
    // No seed exists before publication: the commitment appears when the pack is published.
    seed_hash: '',
    revealed_seed: null,
    revealed_at: null,
  };
}

const lineupCard = (c: MasterCardRow, rank: Rank, count: number, lastOne: boolean): CardRow => ({
  id: Number(c.id),
  pack_id: 0,
  rank,
  name: c.name_ja,
  name_en: c.name_en,
  image_url: c.image_url,
  set_count: count,
  model_number: c.model_number,
  rarity: c.rarity as CardRow['rarity'],
  buy_point: c.buy_point,
  no_reduction: c.no_reduction,
  movie_url: '',
  last_one: lastOne,
});

/** What the storefront's pack-detail presenters need to show a draft; the route presents it like a live pack. */
export interface DraftPreview {
  pack: PackRow;
  lineup: CardRow[];
  remaining: Record<Rank, number>;
  total: number;
  lastOne: { card: CardRow; award: null } | null;
}

/**
 * The draft a preview token names, shaped as the rows of a pack before its sale: the full lineup at its counts, no
 * draws yet. A published draft is no longer previewed (its pack page is live).
 */
export async function loadDraftPreview(ctx: AppContext, token: string): Promise<DraftPreview> {
  const now = ctx.clock.now();
  const draftId = readPreviewToken(ctx.config.sessionSecret, token, now);
  if (draftId === null) throw notFound();
  const draft = await findConsolePack(ctx.db.pool, draftId, now);
  if (!draft || draft.pack_id !== null) throw notFound();
  const lastOneId = draft.last_one_card_id === null ? null : Number(draft.last_one_card_id);
  const ids = [...draft.lineup.map((e) => Number(e.card_id)), ...(lastOneId ? [lastOneId] : [])];
  const master = new Map((ids.length ? await cardsByIds(ctx.db.pool, ids) : []).map((c) => [Number(c.id), c]));
  const lineup = draft.lineup.flatMap((e) => {
    const c = master.get(Number(e.card_id));
    return c ? [lineupCard(c, e.rank, Number(e.count), false)] : [];
  });
  const remaining = Object.fromEntries(
    RANK_ORDER.map((r) => [r, lineup.filter((c) => c.rank === r).reduce((n, c) => n + c.set_count, 0)]),
  ) as Record<Rank, number>;
  const total = Object.values(remaining).reduce((a, b) => a + b, 0);
  const lastOneCard = lastOneId ? master.get(lastOneId) : undefined;
  const lastOne = lastOneCard ? { card: lineupCard(lastOneCard, 'S', 0, true), award: null } : null;
  return { pack: draftAsPack(draft, now), lineup, remaining, total, lastOne };
}
