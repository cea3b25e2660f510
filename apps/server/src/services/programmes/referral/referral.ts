import { judgeReferral, normaliseTelForReferral, tokyoMonth, type ReferralOutcome } from '@oripa/core';
import type { PoolClient } from 'pg';
import type { Config } from '../../../config.ts';
import {
  countGrantedReferrals,
  insertReferralReward,
  lockReferralPair,
  shareSavedCard,
} from '../../../db/queries/referrals.ts';
import { grantPoints } from '../../ledger.ts';

const telsOf = (list: (string | null)[]) =>
  new Set(
    list
      .filter((t): t is string => Boolean(t))
      .map(normaliseTelForReferral)
      .filter((t) => t.length > 0),
  );

function sharesTel(a: (string | null)[], b: (string | null)[]): boolean {
  const mine = telsOf(a);
  return [...telsOf(b)].some((t) => mine.has(t));
}

/**
 * Pays the referral reward when a referred member's first point purchase is credited (payments/credit.ts calls
 * this in the credit's transaction). At most once per referred member (referral_rewards.referee_id is unique; the
 * first credited purchase writes the row, granted or refused); never for a self-referral (the two accounts share
 * a phone number or a kept card); at most REFERRAL_MONTHLY_CAP rewards per referrer and month (Asia/Tokyo): the
 * referrer's member row is locked while counting, so parallel credits cannot both take the last place.
 */
export async function payReferralOnFirstPurchase(
  tx: PoolClient,
  config: Config,
  refereeId: number,
  paymentId: number,
  now: Date,
): Promise<ReferralOutcome | null> {
  const pair = await lockReferralPair(tx, refereeId);
  if (!pair) return null;
  const month = tokyoMonth(now);
  const settings = config.programmesB.referral;
  const outcome = judgeReferral({
    sameMember: pair.referrer_id === refereeId,
    sameTel: sharesTel(pair.referrer_tels, pair.referee_tels),
    sameCard: await shareSavedCard(tx, pair.referrer_id, refereeId),
    grantedThisMonth: await countGrantedReferrals(tx, pair.referrer_id, month),
    monthlyCap: settings.monthlyCap,
  });
  const granted = outcome === 'granted';
  // Two first purchases of one member credited at once both find no reward (their lock statements saw the same
  // snapshot); the second insert then finds the first's row and pays nothing.
  const rewardId = await insertReferralReward(tx, {
    referrerId: pair.referrer_id,
    refereeId,
    paymentId,
    status: outcome,
    referrerPoint: granted ? settings.referrerPoint : 0,
    refereePoint: granted ? settings.refereePoint : 0,
    month,
    now,
  });
  if (rewardId === null) return null;
  if (granted) {
    const ref = { kind: 'free' as const, refType: 'referral_reward', refId: rewardId, now };
    if (settings.referrerPoint > 0) {
      await grantPoints(tx, { ...ref, memberId: pair.referrer_id, amount: settings.referrerPoint, reason: 'referral' });
    }
    if (settings.refereePoint > 0) {
      await grantPoints(tx, { ...ref, memberId: refereeId, amount: settings.refereePoint, reason: 'referral_welcome' });
    }
  }
  return outcome;
}
