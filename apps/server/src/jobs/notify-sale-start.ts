import type { AppContext } from '../context.ts';
import {
  claimDueSaleStartRequests,
  insertOutboxPushes,
  noticePacks,
  noticeRecipients,
  type PushSubscriptionRow,
  subscriptionsOfMembers,
} from '../db/queries/sale-start-notices.ts';
import { withTransaction } from '../db/transaction.ts';
import { recipientOf } from '../mail/outbox.ts';
import { sendSaleStarted } from '../mail/sale-started.ts';
import { saleStartPayload } from '../services/notices/sale-start-payload.ts';
import type { Job } from './runner.ts';

// Pushes are one INSERT per batch; a mail is rendered (about 10 ms), so a batch of members without push takes
// seconds, inside a transaction that locks only its own requests.
const BATCH = 500;

/**
 * Sale-start notices (issue 22 §4, ADR 0051): once the shop clock passes a pack's start, each member who asked gets
 * one notice: a Web Push per subscribed device (queued on the outbox for the deliver-push job), or a mail when the
 * member has no device. A batch is claimed with SKIP LOCKED and marked answered in the transaction that queues its
 * notices, so several runners never notify a member twice, and a failed batch is retried whole. It reads packs and
 * members and writes only its own tables and the outbox: a burst of 50,000 notices never waits on, or holds, a lock
 * the purchase path takes.
 */
export const notifySaleStartJob: Job = {
  name: 'notify-sale-start',
  everyMs: 5_000,
  async run(ctx: AppContext) {
    const now = ctx.clock.now();
    return withTransaction(ctx.db, async (tx) => {
      const due = await claimDueSaleStartRequests(tx, now, BATCH);
      const open = due.filter((d) => !d.closed);
      if (open.length === 0) return due.length;
      const memberIds = [...new Set(open.map((d) => Number(d.member_id)))];
      const packIds = [...new Set(open.map((d) => Number(d.pack_id)))];
      const members = new Map((await noticeRecipients(tx, memberIds)).map((m) => [Number(m.id), m]));
      const packs = new Map(
        (await noticePacks(tx, packIds)).map((p) => [
          Number(p.id),
          { id: Number(p.id), nameJa: p.name_ja, nameEn: p.name_en },
        ]),
      );
      const devices = new Map<number, PushSubscriptionRow[]>();
      for (const s of await subscriptionsOfMembers(tx, memberIds)) {
        devices.set(Number(s.member_id), [...(devices.get(Number(s.member_id)) ?? []), s]);
      }
      const pushes: { subscriptionId: number; payload: string }[] = [];
      for (const d of open) {
        const member = members.get(Number(d.member_id));
        const pack = packs.get(Number(d.pack_id))!;
        if (!member) continue;
        const to = recipientOf(member);
        const subs = devices.get(Number(d.member_id)) ?? [];
        if (subs.length === 0) {
          await sendSaleStarted(ctx, tx, to, pack, Number(d.member_id));
          continue;
        }
        const payload = JSON.stringify(saleStartPayload(to.lang, Number(d.member_id), pack));
        for (const s of subs) pushes.push({ subscriptionId: Number(s.id), payload });
      }
      await insertOutboxPushes(tx, pushes, 'sale_started', now);
      return due.length;
    });
  },
};
