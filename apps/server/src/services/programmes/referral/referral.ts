import { judgeReferral, normaliseTelForReferral, referralTiming, tokyoMonth, type ReferralOutcome } from '@oripa/core';
import type { PoolClient } from 'pg';
import type { Config } from '../../../config.ts';
import {
  countGrantedReferrals,
  insertReferralReward,
  lockReferralPair,
  owedReferrerShares,
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
 * Mail confirmation (issue 19 §2, core referralTiming): a referred member whose address is not confirmed settles
 * nothing (the first purchase credited after they confirm it does); a referrer whose address is not confirmed is
 * owed their share on the reward row, paid by payOwedReferrerShares when they confirm it.
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
  const timing = referralTiming({
    refereeMailConfirmed: pair.referee_mail_confirmed,
    referrerMailConfirmed: pair.referrer_mail_confirmed,
  });
  if (timing === 'wait') return null;
  const month = tokyoMonth(now);
  const settings = config.referral;
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
    if (settings.referrerPoint > 0 && timing.payReferrerNow) {
      await grantPoints(tx, { ...ref, memberId: pair.referrer_id, amount: settings.referrerPoint, reason: 'referral' });
    }
    if (settings.refereePoint > 0) {
      await grantPoints(tx, { ...ref, memberId: refereeId, amount: settings.refereePoint, reason: 'referral_welcome' });
    }
  }
  return outcome;
}

/**
 * Pays a referrer the shares held while their address was not confirmed (issue 19 §2), in the transaction that
 * confirms it: each is the reward row's referrer_point as a free lot, ledger 'referral' against the reward, as if
 * paid at the purchase.
 */
export async function payOwedReferrerShares(tx: PoolClient, referrerId: number, now: Date): Promise<void> {
  for (const owed of await owedReferrerShares(tx, referrerId)) {
    await grantPoints(tx, {
      memberId: referrerId,
      amount: owed.point,
      kind: 'free',
      reason: 'referral',
      refType: 'referral_reward',
      refId: owed.id,
      now,
    });
  }
}
