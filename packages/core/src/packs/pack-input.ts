import { z } from 'zod';
import type { Rank } from '../contract/packs.ts';
import { idField } from '../validation/fields.ts';
import { parseDrawCount, type DrawCount } from './draw-rules.ts';

/** POST /api/user/pack/check {pack_id, count}: count is 1..3000 or exactly 'all' (parseDrawCount). */
export const packCheckSchema = z.object({
  pack_id: idField,
  count: z.unknown().transform((v, ctx): DrawCount => {
    const parsed = parseDrawCount(v);
    if (parsed === null) {
      ctx.addIssue({ code: 'custom', message: 'drawCountInvalid' });
      return z.NEVER;
    }
    return parsed;
  }),
});

/** POST /api/user/pack/buy {token}. */
export const packBuySchema = z.object({
  token: z.string({ error: 'tokenInvalid' }).min(10, 'tokenInvalid').max(400, 'tokenInvalid'),
});

const historyIds = z.array(idField, { error: 'invalid' }).max(3000, 'invalid').optional().default([]);

/**
 * POST /api/user/pack/decision {send_card, reduction_card}: history ids to ship and to convert. The service checks
 * that together they are exactly the pending cards of one purchase.
 */
export const packDecisionSchema = z
  .object({ send_card: historyIds, reduction_card: historyIds })
  .superRefine((v, ctx) => {
    const all = [...v.send_card, ...v.reduction_card];
    if (all.length === 0) ctx.addIssue({ code: 'custom', path: ['send_card'], message: 'decisionEmpty' });
    const sends = new Set(v.send_card);
    if (sends.size !== v.send_card.length || new Set(v.reduction_card).size !== v.reduction_card.length) {
      ctx.addIssue({ code: 'custom', path: ['send_card'], message: 'decisionDuplicate' });
    }
    if (v.reduction_card.some((id) => sends.has(id))) {
      ctx.addIssue({ code: 'custom', path: ['reduction_card'], message: 'decisionOverlap' });
    }
  });

/** POST /api/user/history/list {mode}: '0' all, '1' decided (shipped or converted), '2' still to choose. */
export const historyListSchema = z.object({
  mode: z.enum(['0', '1', '2'], { error: 'invalid' }).optional().default('0'),
});

export const RARITY_LABELS = ['normal', 'rare', 'superRare', 'ultraRare'] as const;
export const rarityLabel = (rarity: number) => RARITY_LABELS[rarity] ?? 'normal';

/** The public draw log never shows who drew: two characters of the display name, then asterisks. */
export function maskMemberName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length === 0) return '***';
  return `${chars.slice(0, Math.min(2, chars.length - 1 || 1)).join('')}***`;
}

/** Remaining tickets per rank, zero-filled. */
export function emptyRankCounts(): Record<Rank, number> {
  return { S: 0, A: 0, B: 0, C: 0 };
}
