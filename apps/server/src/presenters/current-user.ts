import { rankDefinition, rankGaugePercent, type CurrentUser, type Lang } from '@oripa/core';
import type { MemberRow } from '../db/queries/members.ts';

/** What the point call answers for a visitor: logged out, nothing to show. */
export const GUEST_USER: CurrentUser = {
  is_login: '0',
  id: null,
  point: '0',
  coin: '0',
  rank: 0,
  rank_name: '',
  rank_color: '',
  total_buy: 0,
  rank_up_count: 0,
  block_rank_percent: 0,
  is_block_clear: false,
  is_maintained: false,
  is_rank_maintained: false,
  end_sms: '0',
};

/**
 * A member's current user (spec section 3). The rank gauge counts purchases towards the next rank; the top
 * rank has no next rank, so its gauge is full. Rank maintenance (the monthly coin purchase, `/user/buy_rank`) is
 * not built yet: is_rank_maintained stays false so the web shows no maintain button that would lead nowhere.
 */
export function presentCurrentUser(m: MemberRow, lang: Lang): CurrentUser {
  const def = rankDefinition(m.rank);
  const totalBuy = Number(m.total_buy);
  return {
    is_login: '1',
    id: Number(m.id),
    point: String(m.point_balance),
    coin: String(m.coin_balance),
    rank: def.rank,
    rank_name: lang === 'en' ? def.nameEn : def.nameJa,
    rank_color: def.color,
    total_buy: totalBuy,
    rank_up_count: def.rankUpCount,
    block_rank_percent: def.rankUpCount === 0 ? 100 : rankGaugePercent(totalBuy, def.rankUpCount),
    is_block_clear: def.rankUpCount === 0 || totalBuy >= def.rankUpCount,
    is_maintained: false,
    is_rank_maintained: false,
    end_sms: m.sms_verified_at ? '1' : '0',
  };
}
