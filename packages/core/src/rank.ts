/** Rank gauge: floor(total_buy / rank_up_count) as a percentage, capped at 100, at least 1 when total_buy > 0. */
export function rankGaugePercent(totalBuy: number, rankUpCount: number): number {
  if (totalBuy <= 0) return 0;
  if (rankUpCount <= 0) return 100;
  return Math.max(1, Math.min(100, Math.floor((totalBuy / rankUpCount) * 100)));
}

/** The rank bonus shown on point courses: discount is a multiplier such as 1.05; the bonus is 5 (%). */
export function rankBonusPercent(discount: number): number {
  return Math.round(discount * 100 - 100);
}

export interface RankDefinition {
  rank: number;
  nameJa: string;
  nameEn: string;
  color: string;
  /** Yen of point purchases needed to reach the next rank (0 for the top rank). */
  rankUpCount: number;
  /** Multiplier applied to point purchases (1.05 = +5 % bonus points). */
  discount: number;
}

export const RANKS: readonly RankDefinition[] = [
  { rank: 1, nameJa: 'ブロンズ', nameEn: 'Bronze', color: '#b0712f', rankUpCount: 10_000, discount: 1.0 },
  { rank: 2, nameJa: 'シルバー', nameEn: 'Silver', color: '#9aa3ad', rankUpCount: 50_000, discount: 1.01 },
  { rank: 3, nameJa: 'ゴールド', nameEn: 'Gold', color: '#d4a017', rankUpCount: 150_000, discount: 1.02 },
  { rank: 4, nameJa: 'プラチナ', nameEn: 'Platinum', color: '#6fb7c9', rankUpCount: 400_000, discount: 1.03 },
  { rank: 5, nameJa: 'ダイヤモンド', nameEn: 'Diamond', color: '#5d8df0', rankUpCount: 1_000_000, discount: 1.04 },
  { rank: 6, nameJa: 'マスター', nameEn: 'Master', color: '#a054e0', rankUpCount: 3_000_000, discount: 1.05 },
  { rank: 7, nameJa: 'レジェンド', nameEn: 'Legend', color: '#e0405b', rankUpCount: 0, discount: 1.06 },
];

export function rankDefinition(rank: number): RankDefinition {
  return RANKS.find((r) => r.rank === rank) ?? RANKS[0]!;
}

/** A rank's name as the shop shows it in `lang` (3 → ゴールド / Gold). */
export function rankNameIn(rank: number, lang: 'ja' | 'en'): string {
  const def = rankDefinition(rank);
  return lang === 'en' ? def.nameEn : def.nameJa;
}

/**
 * A rank limit as the shop words it (3 → ゴールド以上 / Gold or above): the pack badge, the blocked note and the
 * server's refusal of a rank-limited pack all say it this one way.
 */
export function rankOrAbove(rank: number, lang: 'ja' | 'en'): string {
  const name = rankNameIn(rank, lang);
  return lang === 'en' ? `${name} or above` : `${name}以上`;
}
