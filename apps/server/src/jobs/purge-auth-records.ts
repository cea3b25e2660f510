import type { AppContext } from '../context.ts';
import { purgeStaleThrottles } from '../db/queries/auth-throttle.ts';
import { purgeOldLoginIps } from '../db/queries/login-known-ips.ts';
import { purgeDeadMailVerifications } from '../db/queries/mail-verifications.ts';
import { purgeDeadPasswordResets } from '../db/queries/password-resets.ts';
import { purgeEndedSessions } from '../db/queries/sessions.ts';
import { KNOWN_IP_DAYS } from '../services/password-login.ts';
import type { Job } from './runner.ts';

const BATCH = 500;
// Kept a day past their end so a support person can still see what happened to a locked-out member.
const KEEP = '1 day';
// Mail-verification links are kept a week after use or expiry: support can still see what became of a member's link.
const KEEP_MAIL_LINKS = '7 days';

/**
 * Deletes account records that can no longer matter: expired sessions, reissue and mail-verification tokens that
 * were used or ran out, throttle counters whose window and lock are over, and login addresses no longer "known"
 * (not used for KNOWN_IP_DAYS). Each statement takes one batch of rows with
 * SKIP LOCKED, so several instances can run it together; the runner repeats it while it finds rows.
 */
export const purgeAuthRecordsJob: Job = {
  name: 'purge-auth-records',
  everyMs: 10 * 60_000,
  async run(ctx: AppContext) {
    const now = ctx.clock.now();
    const pool = ctx.db.pool;
    // Sessions end in real time, as they are checked (findLiveSessions; ADR 0034); the rest follow the shop clock.
    const sessions = await purgeEndedSessions(pool, new Date(), KEEP, BATCH);
    const resets = await purgeDeadPasswordResets(pool, now, KEEP, BATCH);
    const throttles = await purgeStaleThrottles(pool, now, KEEP, BATCH);
    const mailLinks = await purgeDeadMailVerifications(pool, now, KEEP_MAIL_LINKS, BATCH);
    const ips = await purgeOldLoginIps(pool, new Date(now.getTime() - KNOWN_IP_DAYS * 24 * 3600_000), BATCH);
    return sessions + resets + throttles + mailLinks + ips;
  },
};
