import { IDLE_EXPIRY_REASON, idleNoticeCandidatesUntil, isIdleNoticeDue, promisedClosureDate } from '@oripa/core';
import type { AppContext } from '../../context.ts';
import {
  claimIdleClosure,
  claimIdleNoticeCandidate,
  idleStanding,
  insertIdleNotice,
  setIdleNoticeMail,
} from '../../db/queries/idle-accounts.ts';
import { deleteMemberSessions } from '../../db/queries/sessions.ts';
import { markClosed, withdrawalStanding } from '../../db/queries/withdrawal.ts';
import { withTransaction } from '../../db/transaction.ts';
import { sendIdleClosureNotice } from '../../mail/idle-closure-notice.ts';
import { recipientOf } from '../../mail/outbox.ts';
import { expireAllPoints } from '../ledger.ts';
import { forgetMemberSessions } from '../sessions.ts';

/**
 * Idle accounts (spec section 9; ADR 0037). An account whose last point purchase, point use or exchange
 * (members.last_activity_at; core IDLE_ACTIVITY_REASONS) lies 6 Tokyo calendar months back is closed like a
 * withdrawal (withdrawal.ts): its points expire with ledger rows, it cannot log in, its sessions end, and after
 * the retention period its mail and phone are freed by the same release job. Coins are kept (the spec expires
 * points only). The member is mailed 30 days before, once per idle period; the closure comes on the date that mail
 * gave and never without it. Each member is one transaction holding its row (SKIP LOCKED), so any number of
 * instances may run both steps at once.
 */

/** Mails the members whose notice is due, at most `limit`; returns how many were mailed. */
export async function noticeIdleAccounts(ctx: AppContext, limit: number): Promise<number> {
  const now = ctx.clock.now();
  let mailed = 0;
  while (mailed < limit) {
    const sent = await withTransaction(ctx.db, async (tx) => {
      const m = await claimIdleNoticeCandidate(tx, idleNoticeCandidatesUntil(now));
      // Candidates come oldest activity first, and a later activity never falls due sooner: when this one is not
      // due, no one else is either.
      if (!m || !isIdleNoticeDue(m.last_activity_at, now)) return false;
      const memberId = Number(m.id);
      const closesAt = promisedClosureDate(m.last_activity_at, now);
      if (!(await insertIdleNotice(tx, { memberId, lastActivityAt: m.last_activity_at, closesAt, now }))) return false;
      const to = recipientOf(m);
      const outboxId = await sendIdleClosureNotice(ctx, tx, to, { closesAt, points: Number(m.point_balance) });
      await setIdleNoticeMail(tx, memberId, m.last_activity_at, outboxId);
      return true;
    });
    if (!sent) break;
    mailed++;
  }
  return mailed;
}

/**
 * Closes the accounts whose announced closure date has come, at most `limit`; returns how many closed. A member
 * with drawn cards still undecided or a payment still open is put off (the auto-conversion or the payment settles
 * first, as a withdrawal waits for them; a credited point purchase then restarts the idle period).
 */
export async function closeIdleAccounts(ctx: AppContext, limit: number): Promise<number> {
  const now = ctx.clock.now();
  const putOff: number[] = [];
  let closed = 0;
  while (closed < limit) {
    const outcome = await withTransaction(ctx.db, async (tx) => {
      const memberId = await claimIdleClosure(tx, now, putOff);
      if (memberId === null) return null;
      // Re-read under the lock: an activity or another runner may have come first.
      const s = await idleStanding(tx, memberId);
      const due = s && !s.withdrawn_at && s.notice_closes_at && s.notice_closes_at <= now;
      if (!due) return { memberId, closed: false };
      const open = await withdrawalStanding(tx, memberId, now);
      if (open.pendingCards > 0 || open.openPayments > 0) return { memberId, closed: false };
      await expireAllPoints(tx, memberId, now, IDLE_EXPIRY_REASON);
      await markClosed(tx, memberId, now, 'idle');
      await deleteMemberSessions(tx, memberId);
      return { memberId, closed: true };
    });
    if (!outcome) break;
    if (!outcome.closed) {
      putOff.push(outcome.memberId);
      continue;
    }
    forgetMemberSessions(ctx, outcome.memberId);
    closed++;
  }
  return closed;
}

/** What the console shows of a member's idle standing (ADR 0037). */
export interface IdleView {
  lastActivityAt: Date;
  /** The date the account closes if nothing happens: the notice's date once it went out. Null once closed. */
  closesAt: Date | null;
  noticeSentAt: Date | null;
  closedAt: Date | null;
  closedReason: 'withdrawal' | 'idle' | null;
}

export async function idleView(ctx: AppContext, memberId: number): Promise<IdleView | null> {
  const s = await idleStanding(ctx.db.pool, memberId);
  if (!s) return null;
  const open = !s.withdrawn_at;
  return {
    lastActivityAt: s.last_activity_at,
    // Without a notice yet, the closure is 30 days after the mail that would go out now, at the earliest.
    closesAt: open ? (s.notice_closes_at ?? promisedClosureDate(s.last_activity_at, ctx.clock.now())) : null,
    noticeSentAt: s.notice_sent_at,
    closedAt: s.withdrawn_at,
    closedReason: s.closed_reason,
  };
}
