import { RANK7_CARD_POINT, rankDefinition, rankUpRewards } from '@oripa/core';
import type { PoolClient } from 'pg';
import type { Queryable } from '../../../db/queryable.ts';
import {
  announceRankUps,
  insertRankBonusPaid,
  insertRankCardReward,
  insertRankEvent,
} from '../../../db/queries/ranks.ts';
import { grantPoints } from '../../ledger.ts';

/**
 * The rank-ups of a credited payment (ADR 0021, ADR 0035), in the payment's transaction: each rank reached is a
 * rank_up event. A rank above the member's peak pays its bonus, once per member and rank (rank_bonuses_paid):
 * points as a free lot for ranks 2-6, a card choice worth 200,000 points for rank 7. A regained rank pays nothing.
 */
export async function recordRankUps(
  tx: PoolClient,
  p: { memberId: number; paymentId: number; fromRank: number; toRank: number; peak: number; now: Date },
): Promise<void> {
  for (const reward of rankUpRewards(p.fromRank, p.toRank, p.peak)) {
    const eventId = await insertRankEvent(tx, {
      memberId: p.memberId,
      kind: 'rank_up',
      fromRank: reward.rank - 1,
      toRank: reward.rank,
      bonusPoint: reward.card ? RANK7_CARD_POINT : reward.bonusPoint,
      paymentId: p.paymentId,
      now: p.now,
    });
    if (reward.regained) continue;
    await insertRankBonusPaid(tx, { memberId: p.memberId, rank: reward.rank, rankEventId: eventId });
    if (reward.card) {
      await insertRankCardReward(tx, {
        memberId: p.memberId,
        rankEventId: eventId,
        point: RANK7_CARD_POINT,
        now: p.now,
      });
    } else if (reward.bonusPoint > 0) {
      await grantPoints(tx, {
        memberId: p.memberId,
        amount: reward.bonusPoint,
        kind: 'free',
        reason: 'rank_up_bonus',
        refType: 'rank_event',
        refId: eventId,
        memo: `rank ${reward.rank}`,
        now: p.now,
      });
    }
  }
}

/**
 * The rank-up a pack purchase's result shows (spec section 3: rank_up, rankup_data): the rank-ups of payments
 * credited before this purchase and not shown by an earlier one, tied to it once (reading the result again gives
 * the same answer). Several at once show as the highest rank reached with the bonuses added up.
 */
export async function rankUpOfPurchase(
  db: Queryable,
  memberId: number,
  purchaseId: number,
  purchasedAt: Date,
): Promise<{ rank_up: '0' | '1'; rankup_data: { discount: number; rankup_bonus: number; rank: number } | null }> {
  const ups = await announceRankUps(db, memberId, purchaseId, purchasedAt);
  if (ups.length === 0) return { rank_up: '0', rankup_data: null };
  const rank = Math.max(...ups.map((u) => Number(u.to_rank)));
  const bonus = ups.reduce((sum, u) => sum + Number(u.bonus_point), 0);
  return { rank_up: '1', rankup_data: { discount: rankDefinition(rank).discount, rankup_bonus: bonus, rank } };
}
