import type { SnsCampaignStatus } from '@oripa/core';
import type { AppContext } from '../../../context.ts';
import { currentSnsCampaign, findSnsCampaign, hasSnsClaim, insertSnsClaim } from '../../../db/queries/daily-draw.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { AppError } from '../../../app-error.ts';
import { grantPoints } from '../../ledger.ts';
import { requireConfirmedMail } from '../../mail-verification.ts';

/** The running follow campaign (a row of sns_campaigns: code, points, follow address, period) and the member's claim. */
export async function snsCampaignStatus(ctx: AppContext, memberId: number): Promise<SnsCampaignStatus> {
  const c = await currentSnsCampaign(ctx.db.pool, ctx.clock.now());
  if (!c) return { active: '0', point: 0, follow_url: '', claimed: '0' };
  const claimed = await hasSnsClaim(ctx.db.pool, memberId, c.code);
  return { active: '1', point: c.point, follow_url: c.follow_url, claimed: claimed ? '1' : '0' };
}

/**
 * Claims a follow campaign with the code its post shows: once per member and campaign (the claim's primary key
 * decides, even for parallel claims), its points a free lot granted in the same transaction (ledger 'sns_campaign').
 * An unconfirmed mail address is refused first (issue 19 §2), before the code is even looked at.
 */
export async function claimSnsCampaign(ctx: AppContext, memberId: number, code: string): Promise<number> {
  await requireConfirmedMail(ctx.db.pool, memberId);
  const now = ctx.clock.now();
  const c = await findSnsCampaign(ctx.db.pool, code.trim());
  if (!c) throw AppError.validation('code', 'snsCodeWrong', 'campaign_not_found');
  if ((c.starts_at && c.starts_at > now) || (c.ends_at && c.ends_at <= now)) {
    throw AppError.validation('code', 'snsEnded', 'campaign_ended');
  }
  await withTransaction(ctx.db, async (tx) => {
    if (!(await insertSnsClaim(tx, { memberId, code: c.code, point: c.point, now }))) {
      throw AppError.validation('code', 'snsClaimed', 'campaign_claimed');
    }
    await grantPoints(tx, { memberId, amount: c.point, kind: 'free', reason: 'sns_campaign', memo: c.code, now });
  });
  return c.point;
}
