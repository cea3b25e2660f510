import { maybeOne, type Queryable } from '../queryable.ts';

export interface ReferralPairRow {
  referrer_id: number;
  referrer_tels: (string | null)[];
  referee_tels: (string | null)[];
  referrer_mail_confirmed: boolean;
  referee_mail_confirmed: boolean;
}

/**
 * The referred member's referrer and both members' phone numbers (registration and SMS-verified), with the
 * referrer's row locked (the monthly cap is counted under this lock); null, locking nothing, when the member was not
 * referred or the reward is settled (a reward row, granted or refused, is never removed), so later purchases of
 * members with one referrer do not queue on it. NO KEY UPDATE: it excludes the other lockers (the cap is counted
 * once at a time) but not the key-share lock every update of a referred member takes on its referrer (the foreign
 * key check of a row this transaction already changed), so settled members' credits never wait for it.
 */
export async function lockReferralPair(tx: Queryable, refereeId: number): Promise<ReferralPairRow | null> {
  return maybeOne<ReferralPairRow>(
    tx,
    `SELECT r.id::int AS referrer_id, ARRAY[r.tel, r.sms_tel] AS referrer_tels, ARRAY[m.tel, m.sms_tel] AS referee_tels,
       r.mail_verified_at IS NOT NULL AS referrer_mail_confirmed, m.mail_verified_at IS NOT NULL AS referee_mail_confirmed
     FROM members m JOIN members r ON r.id = m.referred_by
     WHERE m.id = $1 AND NOT EXISTS (SELECT 1 FROM referral_rewards w WHERE w.referee_id = m.id)
     FOR NO KEY UPDATE OF r`,
    [refereeId],
  );
}

/** Whether the two members ever kept the same card (by the provider's fingerprint), deleted cards included. */
export async function shareSavedCard(db: Queryable, a: number, b: number): Promise<boolean> {
  const row = await maybeOne(
    db,
    `SELECT 1 FROM saved_cards x JOIN saved_cards y ON y.fingerprint = x.fingerprint
     WHERE x.member_id = $1 AND y.member_id = $2 LIMIT 1`,
    [a, b],
  );
  return row !== null;
}

export async function countGrantedReferrals(db: Queryable, referrerId: number, month: string): Promise<number> {
  const row = await maybeOne<{ n: number }>(
    db,
    "SELECT count(*)::int AS n FROM referral_rewards WHERE referrer_id = $1 AND month = $2 AND status = 'granted'",
    [referrerId, month],
  );
  return Number(row!.n);
}

export async function insertReferralReward(
  tx: Queryable,
  r: {
    referrerId: number;
    refereeId: number;
    paymentId: number;
    status: string;
    referrerPoint: number;
    refereePoint: number;
    month: string;
    now: Date;
  },
): Promise<number | null> {
  const row = await maybeOne<{ id: number }>(
    tx,
    `INSERT INTO referral_rewards (referrer_id, referee_id, payment_id, status, referrer_point, referee_point, month,
       created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (referee_id) DO NOTHING RETURNING id`,
    [r.referrerId, r.refereeId, r.paymentId, r.status, r.referrerPoint, r.refereePoint, r.month, r.now],
  );
  return row ? Number(row.id) : null;
}

/**
 * The referrer's shares still owed (issue 19 §2): granted rewards with points for the referrer and no 'referral'
 * ledger row of theirs for the reward yet (paid when their address was not confirmed). The caller holds the
 * member's row lock (the confirmation's UPDATE), so two confirmations cannot both find one reward unpaid.
 */
export async function owedReferrerShares(db: Queryable, referrerId: number): Promise<{ id: number; point: number }[]> {
  const { rows } = await db.query<{ id: string; point: number }>(
    `SELECT w.id, w.referrer_point AS point FROM referral_rewards w
     WHERE w.referrer_id = $1 AND w.status = 'granted' AND w.referrer_point > 0
       AND NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.member_id = $1 AND e.reason = 'referral'
                         AND e.ref_type = 'referral_reward' AND e.ref_id = w.id)
     ORDER BY w.id`,
    [referrerId],
  );
  return rows.map((r) => ({ id: Number(r.id), point: Number(r.point) }));
}
