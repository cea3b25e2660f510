import {
  rankDefinition,
  rankGaugePercent,
  rankNameIn,
  type CurrentUser,
  type Lang,
  type Maintenance,
} from '@oripa/core';
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
  rank_keep_coin: 0,
  next_month_rank: 0,
};

/**
 * A member's current user (spec section 3). The rank gauge counts purchases towards the next rank; the top
 * rank has no next rank, so its gauge is full. The month's standing (ADR 0021): is_maintained when the rank is
 * kept at this month's end already, is_rank_maintained when the maintenance with coins is offered (the maintain
 * button shows, spec section 4), with its price and the rank next month starts with.
 */
export function presentCurrentUser(m: MemberRow, lang: Lang, standing: Maintenance): CurrentUser {
  const def = rankDefinition(m.rank);
  const totalBuy = Number(m.total_buy);
  return {
    is_login: '1',
    id: Number(m.id),
    point: String(m.point_balance),
    coin: String(m.coin_balance),
    rank: def.rank,
    rank_name: rankNameIn(def.rank, lang),
    rank_color: def.color,
    total_buy: totalBuy,
    rank_up_count: def.rankUpCount,
    block_rank_percent: def.rankUpCount === 0 ? 100 : rankGaugePercent(totalBuy, def.rankUpCount),
    is_block_clear: def.rankUpCount === 0 || totalBuy >= def.rankUpCount,
    is_maintained: standing.isMaintained,
    is_rank_maintained: standing.offered,
    end_sms: m.sms_verified_at ? '1' : '0',
    rank_keep_coin: standing.coins,
    next_month_rank: standing.nextMonthRank,
  };
}
