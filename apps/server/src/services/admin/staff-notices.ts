import { staffEventKindsFor, type StaffEventKind } from '@oripa/core/admin';
import type { Lang } from '@oripa/core';
import type { AppContext } from '../../context.ts';
import {
  claimUnmailedEvents,
  countUnreadStaffNotices,
  insertWaitingEvents,
  listActiveStaffForMail,
  listStaffNotices,
  markStaffNoticesRead,
  setStaffLang,
  type StaffNoticeRecord,
} from '../../db/queries/staff-notices.ts';
import { withTransaction } from '../../db/transaction.ts';
import { sendStaffNotices } from '../../mail/staff-notices.ts';
import type { StaffIdentity } from './staff-sessions.ts';

/**
 * What staff are told (issue 21 §10, ADR 0046). Events are written where they happen (buy_pack_batch, the
 * deliver-mail job) or found by the watch-staff-events job; a staff member sees the kinds their role's permissions
 * cover (core staffEventKindsFor) and gets them in a digest mail in their own language.
 *
 * Marking a notice read is not audited: it changes what one person's inbox shows, nothing of the shop.
 */
export async function staffNotices(
  ctx: AppContext,
  staff: StaffIdentity,
  q: { unreadOnly: boolean; before: number | null },
): Promise<{ notices: StaffNoticeRecord[]; unread: number }> {
  const kinds = staffEventKindsFor(staff.role);
  if (kinds.length === 0) return { notices: [], unread: 0 };
  const [notices, unread] = await Promise.all([
    listStaffNotices(ctx.db.pool, { staffId: staff.id, kinds, ...q }),
    countUnreadStaffNotices(ctx.db.pool, { staffId: staff.id, kinds }),
  ]);
  return { notices, unread };
}

/** The unread count alone (the console header asks for it on every page). */
export async function unreadStaffNotices(ctx: AppContext, staff: StaffIdentity): Promise<number> {
  const kinds = staffEventKindsFor(staff.role);
  return kinds.length === 0 ? 0 : countUnreadStaffNotices(ctx.db.pool, { staffId: staff.id, kinds });
}

/** Marks the notices read (only the staff member's own kinds); answers the unread count after. */
export async function readStaffNotices(
  ctx: AppContext,
  staff: StaffIdentity,
  m: { ids: number[] | null; upTo: number | null },
): Promise<number> {
  const kinds = staffEventKindsFor(staff.role);
  if (kinds.length > 0) {
    await markStaffNoticesRead(ctx.db.pool, { staffId: staff.id, kinds, ...m, now: ctx.clock.now() });
  }
  return unreadStaffNotices(ctx, staff);
}

/** The console's language at sign-in becomes the language of the staff member's mails. */
export const rememberStaffLanguage = (ctx: AppContext, staffId: number, lang: Lang) =>
  setStaffLang(ctx.db.pool, staffId, lang === 'en' ? 'en' : 'ja');

/** The watch job: states that wait (held parcels, bank transfers, approvals) become events once each. */
export const watchWaitingStates = (ctx: AppContext) => insertWaitingEvents(ctx.db.pool, ctx.clock.now());

/** The most events one digest run takes; a larger burst is mailed over the next runs. */
const DIGEST_BATCH = 500;

/**
 * The digest: the events not yet mailed are claimed and, in the same transaction, each active staff member whose
 * role is told of any of them gets ONE mail listing theirs (so a burst of 300 sold-out packs is one mail, not 300).
 * A staff member whose role is told of none gets nothing. Answers the number of events mailed.
 */
export async function mailStaffDigest(ctx: AppContext): Promise<number> {
  return withTransaction(ctx.db, async (tx) => {
    const events = await claimUnmailedEvents(tx, ctx.clock.now(), DIGEST_BATCH);
    if (events.length === 0) return 0;
    const staff = await listActiveStaffForMail(tx);
    for (const s of staff) {
      const kinds = new Set<StaffEventKind>(staffEventKindsFor(s.role));
      const theirs = events.filter((e) => kinds.has(e.kind));
      if (theirs.length > 0) await sendStaffNotices(ctx, tx, s, theirs);
    }
    return events.length;
  });
}
