import { formatTokyo, type Lang, type PushSubscriptionInput, type SaleStartNoticesReply } from '@oripa/core';
import { AppError, notFound } from '../../app-error.ts';
import type { AppContext } from '../../context.ts';
import { findPack } from '../../db/queries/packs.ts';
import {
  deleteMemberPushSubscription,
  deleteSaleStartRequest,
  insertSaleStartRequest,
  pendingSaleStartRequests,
  upsertPushSubscription,
} from '../../db/queries/sale-start-notices.ts';

/**
 * Asking to be told when a pack's sale starts (issue 22 §4, ADR 0051). Only a pack whose start is still ahead on
 * the shop clock (and not closed) can be asked about; the notice itself is the notify-sale-start job's.
 */
export async function requestSaleStartNotice(ctx: AppContext, memberId: number, packId: number): Promise<void> {
  const pack = await findPack(ctx.db.pool, packId);
  if (!pack) throw new AppError('not_found', { packId: ['packNotFound'] });
  const now = ctx.clock.now();
  if (pack.closed_at && pack.closed_at <= now) throw new AppError('conflict', { packId: ['packClosed'] }, 'closed');
  if (pack.start_date <= now) throw new AppError('conflict', { packId: ['alreadyOnSale'] }, 'already_on_sale');
  await insertSaleStartRequest(ctx.db.pool, memberId, packId, now);
}

/** One tap withdraws a request; an unknown or answered one is not found, so the page can say so. */
export async function cancelSaleStartNotice(ctx: AppContext, memberId: number, packId: number): Promise<void> {
  if (!(await deleteSaleStartRequest(ctx.db.pool, memberId, packId))) throw notFound();
}

/** The member's pending notices (My Page and the pack page's button state) and the shop's VAPID public key. */
export async function listSaleStartNotices(
  ctx: AppContext,
  memberId: number,
  lang: Lang,
): Promise<SaleStartNoticesReply> {
  const rows = await pendingSaleStartRequests(ctx.db.pool, memberId);
  return {
    notices: rows.map((r) => ({
      packId: Number(r.pack_id),
      name: lang === 'en' && r.name_en ? r.name_en : r.name_ja,
      startDate: formatTokyo(r.start_date),
    })),
    vapidPublicKey: ctx.config.push.publicKey,
  };
}

/** Stores this device's push subscription for the member (refused when the shop has no VAPID keys). */
export async function subscribePush(ctx: AppContext, memberId: number, s: PushSubscriptionInput): Promise<void> {
  if (!ctx.pusher.enabled) throw new AppError('conflict', { general: ['pushUnavailable'] }, 'no_push');
  await upsertPushSubscription(ctx.db.pool, {
    memberId,
    endpoint: s.endpoint,
    p256dh: s.keys.p256dh,
    auth: s.keys.auth,
    now: ctx.clock.now(),
  });
}

/** Push off for this device: its subscription goes (the member's other devices keep theirs). */
export async function unsubscribePush(ctx: AppContext, memberId: number, endpoint: string): Promise<void> {
  await deleteMemberPushSubscription(ctx.db.pool, memberId, endpoint);
}
