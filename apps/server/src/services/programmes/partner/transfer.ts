import { randomUUID } from 'node:crypto';
import { transferPointProblem } from '@oripa/core';
import type { AppContext } from '../../../context.ts';
import { findMemberById } from '../../../db/queries/members.ts';
import {
  findPartnerLink,
  findPartnerSite,
  findPartnerSiteOfTransfer,
  findTransferByKey,
  insertPendingTransfer,
  listPartnerSites,
  lockPendingTransfer,
  memberPartnerLinks,
  pendingTransferSites,
  settleTransfer,
  upsertPartnerLink,
  type PartnerSiteRow,
  type PartnerTransferRow,
} from '../../../db/queries/partner.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { AppError } from '../../../app-error.ts';
import { assertNotLocked, recordAttempt, resetAttempts, type ThrottleRule } from '../../auth-throttle.ts';
import { grantPoints } from '../../ledger.ts';
import { PartnerUnavailableError, type PartnerGateway } from './gateways/gateway.ts';

/** How long the request itself owns a new transfer before the reconcile job may repeat its debit. */
const REQUEST_GRACE_MS = 60_000;

const siteNotFound = () => AppError.validation('site_id', 'partnerSiteNotFound', 'partner_site_not_found');
const notLinked = () => AppError.validation('site_id', 'partnerNotLinked', 'partner_not_linked');

async function siteAndGateway(ctx: AppContext, siteId: number): Promise<[PartnerSiteRow, PartnerGateway]> {
  const site = await findPartnerSite(ctx.db.pool, siteId);
  const gateway = site && ctx.partners(site);
  if (!site || !gateway) throw siteNotFound();
  return [site, gateway];
}

const unavailable = () => new AppError('internal', { point: ['partnerUnavailable'] }, 'partner_unavailable');

/** The partner's answer, or an AppError naming the partner as unreachable (nothing was recorded yet). */
async function ask<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof PartnerUnavailableError) throw unavailable();
    throw err;
  }
}

export interface PartnerSiteStatus {
  site: PartnerSiteRow;
  linked: boolean;
  /** The member's points at the partner, null when not linked or not reachable now. */
  point: number | null;
  /** A transfer from this site waits for the partner's answer (the reconcile job settles it). */
  pending: boolean;
}

/** The sites with the member's link and, for linked ones, the balance there (asked of each partner at once). */
export async function partnerSites(ctx: AppContext, memberId: number): Promise<PartnerSiteStatus[]> {
  const [sites, links, pending] = await Promise.all([
    listPartnerSites(ctx.db.pool),
    memberPartnerLinks(ctx.db.pool, memberId),
    pendingTransferSites(ctx.db.pool, memberId),
  ]);
  const usable = sites.flatMap((site) => {
    const gateway = ctx.partners(site);
    return gateway ? [{ site, gateway }] : [];
  });
  return Promise.all(
    usable.map(async ({ site, gateway }) => {
      const link = links.find((l) => l.site_id === site.id);
      const point = link ? await gateway.balance(link.partner_account).catch(() => null) : null;
      return { site, linked: Boolean(link), point, pending: pending.includes(site.id) };
    }),
  );
}

/** Failed partner logins one member may make per site: our shop must not become a password oracle for theirs. */
export const PARTNER_LOGIN_RULE: ThrottleRule = { limit: 10, windowMs: 3600_000, lockMs: 3600_000 };

/** `/user/transfer/login`: the partner checks login, password and that its phone number is the member's. Ten
 * failures in an hour lock that member's logins to that site for an hour (429, nothing asked of the partner).
 */
export async function linkPartner(
  ctx: AppContext,
  memberId: number,
  input: { loginid: string; password: string; site_id: number },
): Promise<boolean> {
  const [site, gateway] = await siteAndGateway(ctx, input.site_id);
  const member = await findMemberById(ctx.db.pool, memberId);
  if (!member) throw siteNotFound();
  const throttle = `partner-login:${memberId}:${site.id}`;
  await assertNotLocked(ctx, [throttle], 'loginid', 'loginLocked');
  const found = await ask(() => gateway.login({ loginid: input.loginid, password: input.password, tel: member.tel }));
  if (!found) {
    await recordAttempt(ctx, throttle, PARTNER_LOGIN_RULE);
    return false;
  }
  await resetAttempts(ctx, throttle);
  await upsertPartnerLink(ctx.db.pool, memberId, site.id, found.account, ctx.clock.now());
  return true;
}

export type TransferOutcome = { status: 'done'; point: number } | { status: 'pending' };

/**
 * `/user/transfer/point` (ADR 0023): points move FROM the linked partner site TO this shop. The amount passes the
 * spec's checks against the balance at the partner; a pending row with a fresh idempotency key is committed
 * before the partner is asked, the partner debits once per key, and the grant here (a free lot, ledger row
 * 'partner_transfer') settles the row in one transaction. An unclear partner answer leaves it pending for the
 * reconcile job, which repeats the debit with the same key.
 */
export async function transferFromPartner(
  ctx: AppContext,
  memberId: number,
  input: { point: string; site_id: number; request_key?: string },
): Promise<TransferOutcome> {
  const [site, gateway] = await siteAndGateway(ctx, input.site_id);
  const key = input.request_key ? `m${memberId}-${input.request_key}` : randomUUID();
  const earlier = input.request_key ? await findTransferByKey(ctx.db.pool, key) : null;
  if (earlier) return outcomeOf(earlier);
  const link = await findPartnerLink(ctx.db.pool, memberId, site.id);
  if (!link) throw notLinked();
  const owned = await ask(() => gateway.balance(link.partner_account));
  const problem = transferPointProblem(input.point, owned);
  if (problem) throw AppError.validation('point', problem, problem);
  const now = ctx.clock.now();
  const row = await insertPendingTransfer(ctx.db.pool, {
    memberId,
    siteId: site.id,
    account: link.partner_account,
    point: Number(input.point),
    key,
    now,
    retryAt: new Date(now.getTime() + REQUEST_GRACE_MS),
  });
  if (!row) {
    const same = await findTransferByKey(ctx.db.pool, key);
    if (same) return outcomeOf(same);
    throw new AppError('conflict', { point: ['partnerTransferPending'] }, 'transfer_pending');
  }
  return completeTransfer(ctx, gateway, row);
}

function outcomeOf(t: PartnerTransferRow): TransferOutcome {
  if (t.status === 'done') return { status: 'done', point: t.point };
  if (t.status === 'pending') return { status: 'pending' };
  throw AppError.validation('point', 'partnerTransferRefused', 'transfer_refused');
}

/** Asks the partner to debit (again, under the same key) and settles the row by its answer. */
export async function completeTransfer(
  ctx: AppContext,
  gateway: PartnerGateway,
  t: PartnerTransferRow,
): Promise<TransferOutcome> {
  let answer;
  try {
    answer = await gateway.debit({ account: t.partner_account, point: t.point, idempotencyKey: t.idempotency_key });
  } catch (err) {
    if (err instanceof PartnerUnavailableError) return { status: 'pending' };
    throw err;
  }
  const now = ctx.clock.now();
  await withTransaction(ctx.db, async (tx) => {
    const row = await lockPendingTransfer(tx, t.id);
    if (!row) return; // settled meanwhile by the request or the job
    if (answer.status === 'done') {
      await grantPoints(tx, {
        memberId: row.member_id,
        amount: row.point,
        kind: 'free',
        reason: 'partner_transfer',
        refType: 'partner_transfer',
        refId: row.id,
        memo: `site ${row.site_id}`,
        now,
      });
    }
    await settleTransfer(
      tx,
      row.id,
      answer.status === 'done' ? 'done' : 'failed',
      answer.status === 'done' ? '' : answer.reason,
      now,
    );
  });
  const settled = (await findTransferByKey(ctx.db.pool, t.idempotency_key))!;
  return outcomeOf(settled);
}

/**
 * The gateway of a transfer's site, for the reconcile job; null when no adapter serves it. A site the console
 * disabled still settles what is pending (the partner may have debited already), so the lookup ignores `active`.
 */
export async function gatewayOfSite(ctx: AppContext, siteId: number): Promise<PartnerGateway | null> {
  const site = await findPartnerSiteOfTransfer(ctx.db.pool, siteId);
  return site ? ctx.partners(site) : null;
}
