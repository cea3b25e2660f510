import type { ShipmentStatus } from '@oripa/core/admin';
import { AppError } from '../../../app-error.ts';
import { findShipments, shipmentEvents, type ShipmentEventRow } from '../../../db/queries/admin-shipments.ts';
import type { Queryable } from '../../../db/queryable.ts';
import type { AppContext } from '../../../context.ts';
import {
  decideRankCardReward,
  findRewardCard,
  listRankCardRewards,
  listRewardCards,
  lockRankCardReward,
  type RankCardRewardRow,
  type RewardCardRow,
} from '../../../db/queries/ranks.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { grantPoints } from '../../ledger.ts';
import { memberAddress } from '../../packs/decision.ts';
import { joinShipment } from '../../shipment-join.ts';

/**
 * Rank 7's rank-up reward (spec section 9; ADR 0021): a top-grade card worth 200,000 points the member picks from
 * a list, then ships (like a drawn card: the shop sends it to the saved address) or converts to its 200,000 points
 * (a free lot, reason 'rank_card_conversion'). One choice per reward, under the reward's row lock.
 */
export async function rankCardRewards(
  ctx: AppContext,
  memberId: number,
): Promise<{ rewards: (RankCardRewardRow & { parcel: RewardParcel | null })[]; cards: RewardCardRow[] }> {
  const db = ctx.db.pool;
  const rows = await listRankCardRewards(db, memberId);
  const cards = rows.some((r) => r.status === 'choosing') ? await listRewardCards(db, 24) : [];
  const rewards = await Promise.all(rows.map(async (r) => ({ ...r, parcel: await rewardParcel(db, r.shipment_id) })));
  return { rewards, cards };
}

/** A shipped reward's parcel: its status and timeline, as the member's history shows a parcel. */
export interface RewardParcel {
  shipment_id: number;
  shipment_status: ShipmentStatus;
  events: ShipmentEventRow[];
}

async function rewardParcel(db: Queryable, shipmentId: number | null | undefined): Promise<RewardParcel | null> {
  if (!shipmentId) return null;
  const [shipment] = await findShipments(db, [Number(shipmentId)]);
  if (!shipment) return null;
  return {
    shipment_id: Number(shipment.id),
    shipment_status: shipment.status,
    events: await shipmentEvents(db, shipment.id),
  };
}

export async function chooseRankCard(
  ctx: AppContext,
  memberId: number,
  c: { rewardId: number; cardId: number; action: 'ship' | 'convert' },
): Promise<{ status: 'shipping' | 'converted'; point: number }> {
  const now = ctx.clock.now();
  return withTransaction(ctx.db, async (tx) => {
    const reward = await lockRankCardReward(tx, memberId, c.rewardId);
    if (!reward) throw new AppError('not_found', { general: ['notFound'] });
    if (reward.status !== 'choosing') throw AppError.validation('general', 'rankCardChosen', 'reward_decided');
    const card = await findRewardCard(tx, c.cardId);
    if (!card) throw AppError.validation('card_id', 'invalid', 'card_not_offered');
    if (c.action === 'ship') {
      const address = await memberAddress(tx, memberId);
      if (!address) throw AppError.validation('general', 'rankCardNoAddress', 'no_address');
      // A shipment line like any drawn card: it joins the member's parcel to this address (ADR 0027).
      const shipmentId = await joinShipment(tx, memberId, null, address, now);
      await decideRankCardReward(tx, reward.id, { cardKey: String(card.id), status: 'shipping', shipmentId, now });
      return { status: 'shipping', point: 0 };
    }
    await decideRankCardReward(tx, reward.id, { cardKey: String(card.id), status: 'converted', now });
    await grantPoints(tx, {
      memberId,
      amount: Number(reward.point),
      kind: 'free',
      reason: 'rank_card_conversion',
      refType: 'rank_card_reward',
      refId: reward.id,
      memo: card.name,
      now,
    });
    return { status: 'converted', point: Number(reward.point) };
  });
}
