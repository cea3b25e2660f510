import { many, maybeOne, insertReturningId, type Queryable } from '../queryable.ts';

/** Ranks (issue 11, ADR 0021): rank events, the month's purchases, rank 7's card rewards, the month-end cursor. */

export interface RankEventRow {
  id: number;
  member_id: number;
  kind: 'rank_up' | 'month_end' | 'maintained';
  from_rank: number;
  to_rank: number;
  bonus_point: number;
  period: Date | null;
  coins: number;
  created_at: Date;
}

export async function insertRankEvent(
  db: Queryable,
  e: {
    memberId: number;
    kind: RankEventRow['kind'];
    fromRank: number;
    toRank: number;
    bonusPoint?: number;
    period?: string | null;
    coins?: number;
    paymentId?: number | null;
    now: Date;
  },
): Promise<number> {
  return insertReturningId(
    db,
    `INSERT INTO rank_events (member_id, kind, from_rank, to_rank, bonus_point, period, coins, payment_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [
      e.memberId,
      e.kind,
      e.fromRank,
      e.toRank,
      e.bonusPoint ?? 0,
      e.period ?? null,
      e.coins ?? 0,
      e.paymentId ?? null,
      e.now,
    ],
  );
}

/** Adds yen paid to the member's month (JST period key); returns the month's total so far. */
export async function addMonthBuy(db: Queryable, memberId: number, period: string, amount: number): Promise<number> {
  const row = await maybeOne<{ amount: string }>(
    db,
    `INSERT INTO rank_month_buys (member_id, period, amount) VALUES ($1, $2, $3)
     ON CONFLICT (member_id, period) DO UPDATE SET amount = rank_month_buys.amount + EXCLUDED.amount
     RETURNING amount`,
    [memberId, period, amount],
  );
  return Number(row!.amount);
}

/**
 * Records a rank-up bonus as paid (ADR 0035). The key (member, rank) refuses a second one: a duplicate raises a
 * unique violation and rolls the payment's credit back rather than paying twice.
 */
export async function insertRankBonusPaid(
  db: Queryable,
  b: { memberId: number; rank: number; rankEventId: number },
): Promise<void> {
  await db.query('INSERT INTO rank_bonuses_paid (member_id, rank, rank_event_id) VALUES ($1, $2, $3)', [
    b.memberId,
    b.rank,
    b.rankEventId,
  ]);
}

/**
 * What the maintenance rule reads for one member and month: yen paid in it, maintenance bought for it, and whether
 * the member ranked up since it began (a rank reached in that month or later is kept at its end).
 */
export async function monthStanding(
  db: Queryable,
  memberId: number,
  period: string,
): Promise<{ monthBuy: number; bought: boolean; rankedUp: boolean }> {
  const row = await maybeOne<{ amount: string | null; bought: boolean; ranked_up: boolean }>(
    db,
    `SELECT (SELECT amount FROM rank_month_buys WHERE member_id = $1 AND period = $2) AS amount,
       EXISTS (SELECT 1 FROM rank_events WHERE member_id = $1 AND kind = 'maintained' AND period = $2) AS bought,
       EXISTS (SELECT 1 FROM rank_events WHERE member_id = $1 AND kind = 'rank_up'
               AND created_at >= $2::date::timestamp AT TIME ZONE 'Asia/Tokyo') AS ranked_up`,
    [memberId, period],
  );
  return { monthBuy: Number(row?.amount ?? 0), bought: Boolean(row?.bought), rankedUp: Boolean(row?.ranked_up) };
}

export async function insertRankCardReward(
  db: Queryable,
  r: { memberId: number; rankEventId: number; point: number; now: Date },
): Promise<number> {
  return insertReturningId(
    db,
    `INSERT INTO rank_card_rewards (member_id, rank_event_id, point, created_at) VALUES ($1, $2, $3, $4) RETURNING id`,
    [r.memberId, r.rankEventId, r.point, r.now],
  );
}

export interface RankCardRewardRow {
  id: number;
  status: 'choosing' | 'shipping' | 'converted';
  card_key: string | null;
  point: number;
  created_at: Date;
  /** The parcel a shipped reward card travels in (ADR 0027). */
  shipment_id?: number | null;
}

export async function listRankCardRewards(db: Queryable, memberId: number): Promise<RankCardRewardRow[]> {
  return many<RankCardRewardRow>(
    db,
    `SELECT id, status, card_key, point, created_at, shipment_id FROM rank_card_rewards WHERE member_id = $1
     ORDER BY id DESC`,
    [memberId],
  );
}

export async function lockRankCardReward(
  db: Queryable,
  memberId: number,
  id: number,
): Promise<RankCardRewardRow | null> {
  return maybeOne<RankCardRewardRow>(
    db,
    'SELECT id, status, card_key, point, created_at FROM rank_card_rewards WHERE id = $1 AND member_id = $2 FOR UPDATE',
    [id, memberId],
  );
}

export async function decideRankCardReward(
  db: Queryable,
  id: number,
  d: { cardKey: string; status: 'shipping' | 'converted'; shipmentId?: number; now: Date },
): Promise<void> {
  await db.query(
    `UPDATE rank_card_rewards SET card_key = $2, status = $3, chosen_at = $4, decided_at = $4, shipment_id = $5
     WHERE id = $1`,
    [id, d.cardKey, d.status, d.now, d.shipmentId ?? null],
  );
}

/**
 * The rank-ups a purchase's result announces: the member's unannounced ones from before the purchase are tied to
 * it (once), and a purchase shows the ones tied to it (the same answer however often its result is read).
 */
export async function announceRankUps(
  db: Queryable,
  memberId: number,
  purchaseId: number,
  purchasedAt: Date,
): Promise<{ to_rank: number; bonus_point: number }[]> {
  await db.query(
    `UPDATE rank_events SET announced_purchase_id = $2
     WHERE member_id = $1 AND kind = 'rank_up' AND announced_purchase_id IS NULL AND created_at <= $3`,
    [memberId, purchaseId, purchasedAt],
  );
  return many(
    db,
    `SELECT to_rank, bonus_point FROM rank_events WHERE member_id = $1 AND announced_purchase_id = $2 ORDER BY id`,
    [memberId, purchaseId],
  );
}

/** The member row for a rank change, locked. */
export async function lockMemberRank(
  db: Queryable,
  memberId: number,
): Promise<{ rank: number; coin_balance: number; rank_evaluated_period: string | null } | null> {
  const row = await maybeOne<{ rank: number; coin_balance: string; rank_evaluated_period: string | null }>(
    db,
    `SELECT rank, coin_balance, to_char(rank_evaluated_period, 'YYYY-MM-DD') AS rank_evaluated_period
     FROM members WHERE id = $1 FOR UPDATE`,
    [memberId],
  );
  return row ? { ...row, rank: Number(row.rank), coin_balance: Number(row.coin_balance) } : null;
}

export async function setRankEvaluated(db: Queryable, memberId: number, rank: number, period: string): Promise<void> {
  await db.query('UPDATE members SET rank = $2, rank_evaluated_period = $3, updated_at = now() WHERE id = $1', [
    memberId,
    rank,
    period,
  ]);
}

/**
 * Claims up to `limit` members with a rank above 1 not yet evaluated for `period` (the month just ended), locked
 * and skipped by other instances (ADR 0011). Runs inside the caller's transaction.
 */
export async function claimMembersToEvaluate(
  db: Queryable,
  period: string,
  limit: number,
): Promise<{ id: number; rank: number }[]> {
  const rows = await many<{ id: string; rank: number }>(
    db,
    `SELECT id, rank FROM members
     WHERE rank > 1 AND (rank_evaluated_period IS NULL OR rank_evaluated_period < $1::date)
     ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED`,
    [period, limit],
  );
  return rows.map((r) => ({ id: Number(r.id), rank: Number(r.rank) }));
}

export interface RewardCardRow {
  id: number;
  name: string;
  image_url: string;
  model_number: string;
  rarity: number;
}

/**
 * Rank 7's selectable cards: the top-grade (S) cards of the shop's packs, one per name. A pack's last-one prize is
 * stored as an S card too, but it is the one card only the final ticket's buyer can get, so it is never offered here.
 */
export async function listRewardCards(db: Queryable, limit: number): Promise<RewardCardRow[]> {
  return many<RewardCardRow>(
    db,
    `SELECT DISTINCT ON (name) id, name, image_url, model_number, rarity FROM pack_cards
     WHERE rank = 'S' AND NOT last_one ORDER BY name, id LIMIT $1`,
    [limit],
  );
}

export async function findRewardCard(db: Queryable, id: number): Promise<RewardCardRow | null> {
  return maybeOne<RewardCardRow>(
    db,
    "SELECT id, name, image_url, model_number, rarity FROM pack_cards WHERE id = $1 AND rank = 'S' AND NOT last_one",
    [id],
  );
}
