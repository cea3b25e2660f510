import { many, maybeOne, type Queryable } from '../queryable.ts';
import type { MemberRow } from './members.ts';

/** A member's pending sale-start request, with what My Page lists of its pack. */
export interface SaleStartRequestRow {
  pack_id: number;
  name_ja: string;
  name_en: string;
  start_date: Date;
}

/** Records the request (again is a no-op, so a double tap is harmless); true when it is new. */
export async function insertSaleStartRequest(db: Queryable, memberId: number, packId: number, now: Date) {
  const row = await maybeOne(
    db,
    `INSERT INTO sale_start_requests (member_id, pack_id, created_at) VALUES ($1, $2, $3)
     ON CONFLICT (member_id, pack_id) DO NOTHING RETURNING pack_id`,
    [memberId, packId, now],
  );
  return row !== null;
}

/** Withdraws a request not yet answered; true when there was one. */
export async function deleteSaleStartRequest(db: Queryable, memberId: number, packId: number) {
  const { rowCount } = await db.query(
    'DELETE FROM sale_start_requests WHERE member_id = $1 AND pack_id = $2 AND notified_at IS NULL',
    [memberId, packId],
  );
  return (rowCount ?? 0) > 0;
}

/** The member's requests still waiting for their start, soonest first. */
export async function pendingSaleStartRequests(db: Queryable, memberId: number): Promise<SaleStartRequestRow[]> {
  return many<SaleStartRequestRow>(
    db,
    `SELECT r.pack_id, p.name_ja, p.name_en, p.start_date FROM sale_start_requests r JOIN packs p ON p.id = r.pack_id
     WHERE r.member_id = $1 AND r.notified_at IS NULL ORDER BY p.start_date, r.pack_id LIMIT 100`,
    [memberId],
  );
}

export interface DueSaleStartRow {
  member_id: number;
  pack_id: number;
  /** The pack closed before its start: the request is answered without a notice. */
  closed: boolean;
}

/**
 * Claims up to `limit` requests whose pack's start has come (the shop clock's `now`) and marks them answered, in
 * the caller's transaction: SKIP LOCKED lets runners on several instances take disjoint batches, and a rolled-back
 * batch is claimed again. Only the requests are locked; the packs row is read, never locked.
 */
export async function claimDueSaleStartRequests(db: Queryable, now: Date, limit: number): Promise<DueSaleStartRow[]> {
  return many<DueSaleStartRow>(
    db,
    `WITH due AS (
       SELECT r.member_id, r.pack_id FROM sale_start_requests r JOIN packs p ON p.id = r.pack_id
       WHERE r.notified_at IS NULL AND p.start_date <= $1
       ORDER BY r.pack_id, r.member_id LIMIT $2
       FOR UPDATE OF r SKIP LOCKED)
     UPDATE sale_start_requests r SET notified_at = $1
     FROM due, packs p
     WHERE r.member_id = due.member_id AND r.pack_id = due.pack_id AND p.id = r.pack_id
     RETURNING r.member_id, r.pack_id, (p.closed_at IS NOT NULL AND p.closed_at <= $1) AS closed`,
    [now, limit],
  );
}

/** A browser's push subscription as stored. */
export interface PushSubscriptionRow {
  id: number;
  member_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** A member's devices beyond this many, oldest first, are dropped (a browser that re-subscribes gets a new endpoint). */
export const MAX_DEVICES_PER_MEMBER = 10;

/**
 * Stores a device's subscription for the member; the same endpoint again moves to this member (a shared device).
 * One statement keeps the member's newest MAX_DEVICES_PER_MEMBER, so no caller can grow the table without bound.
 */
export async function upsertPushSubscription(
  db: Queryable,
  s: { memberId: number; endpoint: string; p256dh: string; auth: string; now: Date },
): Promise<void> {
  await db.query(
    `WITH saved AS (
       INSERT INTO push_subscriptions (member_id, endpoint, p256dh, auth, created_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (endpoint) DO UPDATE SET member_id = $1, p256dh = $3, auth = $4, created_at = $5
       RETURNING id)
     DELETE FROM push_subscriptions WHERE member_id = $1 AND id NOT IN (SELECT id FROM saved) AND id NOT IN (
       SELECT id FROM push_subscriptions WHERE member_id = $1 ORDER BY created_at DESC, id DESC LIMIT $6 - 1)`,
    [s.memberId, s.endpoint, s.p256dh, s.auth, s.now, MAX_DEVICES_PER_MEMBER],
  );
}

/** Removes the member's subscription of this endpoint (another member's is left alone). */
export async function deleteMemberPushSubscription(db: Queryable, memberId: number, endpoint: string) {
  const { rowCount } = await db.query('DELETE FROM push_subscriptions WHERE member_id = $1 AND endpoint = $2', [
    memberId,
    endpoint,
  ]);
  return (rowCount ?? 0) > 0;
}

/** The member's sale-start requests still to be answered go (the "stop these notices" link); how many. */
export async function deletePendingSaleStartRequests(db: Queryable, memberId: number): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM sale_start_requests WHERE member_id = $1 AND notified_at IS NULL', [
    memberId,
  ]);
  return rowCount ?? 0;
}

/** Every push subscription of the member goes; how many. */
export async function deleteAllMemberPushSubscriptions(db: Queryable, memberId: number): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM push_subscriptions WHERE member_id = $1', [memberId]);
  return rowCount ?? 0;
}

export async function countMemberPushSubscriptions(db: Queryable, memberId: number): Promise<number> {
  const row = await maybeOne<{ n: string }>(db, 'SELECT count(*) AS n FROM push_subscriptions WHERE member_id = $1', [
    memberId,
  ]);
  return Number(row?.n ?? 0);
}

export async function findPushSubscription(db: Queryable, id: number): Promise<PushSubscriptionRow | null> {
  return maybeOne<PushSubscriptionRow>(
    db,
    'SELECT id, member_id, endpoint, p256dh, auth FROM push_subscriptions WHERE id = $1',
    [id],
  );
}

/** The push service said the subscription is gone (404/410): it is never tried again. */
export async function deletePushSubscription(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM push_subscriptions WHERE id = $1', [id]);
}

/** The subscriptions of these members (one batch of due requests). */
export async function subscriptionsOfMembers(db: Queryable, memberIds: number[]): Promise<PushSubscriptionRow[]> {
  return many<PushSubscriptionRow>(
    db,
    'SELECT id, member_id, endpoint, p256dh, auth FROM push_subscriptions WHERE member_id = ANY($1::bigint[])',
    [memberIds],
  );
}

/** Queues one push per (subscription, payload) in one statement; sent by the deliver-push job. */
export async function insertOutboxPushes(
  db: Queryable,
  pushes: { subscriptionId: number; payload: string }[],
  kind: string,
  now: Date,
): Promise<void> {
  if (pushes.length === 0) return;
  await db.query(
    `INSERT INTO outbox_messages (channel, kind, recipient, body, next_attempt_at, created_at)
     SELECT 'push', $1, s, b, $2, $2 FROM unnest($3::text[], $4::text[]) AS t(s, b)`,
    [kind, now, pushes.map((p) => String(p.subscriptionId)), pushes.map((p) => p.payload)],
  );
}

/** Who a batch's notices go to: open accounts only (a closed account is answered without a notice). */
export async function noticeRecipients(db: Queryable, memberIds: number[]) {
  return many<Pick<MemberRow, 'mail' | 'lang' | 'last_name' | 'first_name'> & { id: string }>(
    db,
    `SELECT id, mail, lang, last_name, first_name FROM members
     WHERE id = ANY($1::bigint[]) AND withdrawn_at IS NULL AND suspended_at IS NULL`,
    [memberIds],
  );
}

/** The names of a batch's packs. */
export async function noticePacks(db: Queryable, packIds: number[]) {
  return many<{ id: string; name_ja: string; name_en: string }>(
    db,
    'SELECT id, name_ja, name_en FROM packs WHERE id = ANY($1::bigint[])',
    [packIds],
  );
}

/**
 * Holds the member's push-fallback lock for the rest of the transaction (an advisory lock: nothing the purchase path
 * uses), so two of the member's devices failing at once cannot each see the other still there and send no mail.
 */
export async function lockPushFallback(tx: Queryable, memberId: number): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('push-fallback', $1))", [memberId]);
}
