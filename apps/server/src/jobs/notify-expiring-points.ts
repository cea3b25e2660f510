import type { AppContext } from '../context.ts';
import { findMemberById } from '../db/queries/members.ts';
import {
  announceExpiringLots,
  membersWithUnannouncedExpiry,
  tryLockExpiryNotice,
} from '../db/queries/point-expiry-notices.ts';
import { withTransaction } from '../db/transaction.ts';
import { recipientOf } from '../mail/outbox.ts';
import { sendPointsExpiring } from '../mail/points-expiring.ts';
import type { Job } from './runner.ts';

const BATCH = 50;
const DAY_MS = 24 * 60 * 60_000;
const JST_MS = 9 * 60 * 60_000;

/**
 * The end of the Tokyo day 30 days from now. The window moves a day at a time, so however often the job runs,
 * a member gets at most one mail a day: the lots that entered the window that day.
 */
export function expiryWindowEnd(now: Date): Date {
  const local = now.getTime() + 30 * DAY_MS + JST_MS;
  return new Date(Math.floor(local / DAY_MS) * DAY_MS + DAY_MS - JST_MS);
}

/**
 * Mails each member whose points expire within 30 days (issue 12 C), once per lot: the lots a mail names are
 * recorded in point_expiry_notices in the transaction that queues it. Runners on several instances take each
 * member under an advisory lock and re-read under it, so one member's lots never split over two mails. Runs
 * hourly (like expire-points) so a missed run costs an hour, not a day.
 */
export const notifyExpiringPointsJob: Job = {
  name: 'notify-expiring-points',
  everyMs: 60 * 60_000,
  async run(ctx: AppContext) {
    const now = ctx.clock.now();
    const until = expiryWindowEnd(now);
    let mailed = 0;
    for (const memberId of await membersWithUnannouncedExpiry(ctx.db.pool, now, until, BATCH)) {
      mailed += await withTransaction(ctx.db, async (tx) => {
        if (!(await tryLockExpiryNotice(tx, memberId))) return 0;
        const lots = await announceExpiringLots(tx, memberId, now, until);
        const member = lots.length > 0 ? await findMemberById(tx, memberId) : null;
        if (!member) return 0;
        const expiring = lots.map((l) => ({ expiresAt: l.expires_at, points: Number(l.remaining) }));
        await sendPointsExpiring(ctx, tx, recipientOf(member), expiring);
        return 1;
      });
    }
    return mailed;
  },
};
