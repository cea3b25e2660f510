import { formatTokyo, prefectureName, type Lang, type LedgerReason } from '@oripa/core';
import {
  adminMsg,
  GRANT_WINDOW_HOURS,
  grantNeedsApproval,
  type AdjustmentInput,
  type AdjustmentPreview,
  type AdminMemberDetail,
  type AdminMemberRow,
  type ListPage,
  type MemberSearchInput,
} from '@oripa/core/admin';
import type { PoolClient } from 'pg';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../app-error.ts';
import {
  findAdminMember,
  lockAdminMember,
  memberLedger,
  memberPayments,
  memberPurchases,
  memberSessions,
  memberShipments,
  searchMembers,
  setMemberSuspended,
  type AdminMemberRecord,
  type MemberLedgerRecord,
} from '../../db/queries/admin-members.ts';
import { grantedBy } from '../../db/queries/approvals.ts';
import { deleteMemberSessions } from '../../db/queries/sessions.ts';
import { withTransaction } from '../../db/transaction.ts';
import { changeCoins, grantPoints, spendPoints } from '../ledger.ts';
import { idleView } from '../programmes/idle-accounts.ts';
import { forgetMemberSessions } from '../sessions.ts';
import { requestApproval } from './approval-requests.ts';
import { auditIn, withAudit } from './audit.ts';
import type { StaffIdentity } from './staff-sessions.ts';

/**
 * Support's work on a member (issue 10): search, the member page, balance adjustments (a ledger entry of their
 * own kind through services/ledger.ts, never a balance write), suspension and signing out everywhere. Every write
 * runs in withAudit: the change and its audit row commit together.
 */
export const ADJUSTMENT_REASON: LedgerReason = 'staff_adjustment';

const tokyo = (d: Date | null) => (d ? formatTokyo(d) : '');
const fullName = (m: AdminMemberRecord) => [m.last_name, m.middle_name, m.first_name].filter(Boolean).join(' ');

const presentRow = (m: AdminMemberRecord): AdminMemberRow => ({
  id: Number(m.id),
  mail: m.mail,
  name: fullName(m),
  tel: m.tel,
  point_balance: Number(m.point_balance),
  coin_balance: Number(m.coin_balance),
  suspended: m.suspended_at !== null,
  created_at: tokyo(m.created_at),
  last_activity_at: tokyo(m.last_activity_at),
});

/** What the audit log keeps of a member around a change. */
const auditView = (m: AdminMemberRecord) => ({
  point_balance: Number(m.point_balance),
  coin_balance: Number(m.coin_balance),
  suspended: m.suspended_at !== null,
});

export async function findMembers(ctx: AppContext, q: MemberSearchInput): Promise<ListPage<AdminMemberRow>> {
  const { rows, total } = await searchMembers(ctx.db.pool, q.q, {
    sort: q.sort,
    dir: q.dir,
    limit: q.per_page,
    offset: (q.page - 1) * q.per_page,
  });
  return { rows: rows.map(presentRow), total, page: q.page, per_page: q.per_page };
}

const RECENT = 50;

export async function memberDetail(ctx: AppContext, id: number, lang: 'ja' | 'en'): Promise<AdminMemberDetail> {
  const db = ctx.db.pool;
  const m = await findAdminMember(db, id);
  if (!m) throw notFound();
  const [purchases, payments, shipments, sessions, idle] = await Promise.all([
    memberPurchases(db, id, RECENT),
    memberPayments(db, id, RECENT),
    memberShipments(db, id, RECENT),
    memberSessions(db, id, ctx.clock.now()),
    idleView(ctx, id),
  ]);
  return {
    ...presentRow(m),
    lang: m.lang,
    rank: m.rank,
    sms_tel: m.sms_tel ?? '',
    mail_verified: m.mail_verified_at !== null,
    sms_verified: m.sms_verified_at !== null,
    suspended_at: tokyo(m.suspended_at),
    address: m.zipcode
      ? `〒${m.zipcode} ${prefectureName(m.pref_id, 'ja')}${m.shiku ?? ''}${m.address ?? ''} ${m.building ?? ''}`.trim()
      : '',
    idle_closes_at: tokyo(idle?.closesAt ?? null),
    idle_notice_sent_at: tokyo(idle?.noticeSentAt ?? null),
    closed_at: tokyo(idle?.closedAt ?? null),
    closed_reason: idle?.closedReason ?? '',
    purchases: purchases.map((p) => ({
      id: Number(p.id),
      pack_id: Number(p.pack_id),
      pack_name: lang === 'en' ? p.pack_name_en : p.pack_name_ja,
      count: p.count,
      price: Number(p.price),
      currency: p.currency,
      created_at: tokyo(p.created_at),
    })),
    payments: payments.map((p) => ({
      id: Number(p.id),
      public_id: p.public_id,
      pay_id: p.pay_id,
      status: p.status,
      amount: Number(p.amount),
      point: Number(p.point),
      created_at: tokyo(p.created_at),
      credited_at: tokyo(p.credited_at),
    })),
    shipments: shipments.map((s) => ({
      id: Number(s.id),
      status: s.status,
      delivery_code: s.delivery_code,
      cards: Number(s.cards),
      created_at: tokyo(s.created_at),
      shipped_at: tokyo(s.shipped_at),
    })),
    sessions: sessions.map((s) => ({
      created_at: tokyo(s.created_at),
      expires_at: tokyo(s.expires_at),
      persistent: s.persistent,
    })),
  };
}

/** One page of a member's ledger, each row with what its label names in the staff's language (the presenter). */
export async function ledgerPage(
  ctx: AppContext,
  id: number,
  q: { currency: 'point' | 'coin'; page: number; per_page: number },
  lang: Lang,
): Promise<ListPage<MemberLedgerRecord>> {
  const offset = (q.page - 1) * q.per_page;
  const { rows, total } = await memberLedger(ctx.db.pool, id, q.currency, q.per_page, offset, lang);
  return { rows, total, page: q.page, per_page: q.per_page };
}

/**
 * Adds or takes points or coins with a reason. Points added are a free lot (expiring like any grant); points
 * taken follow the spending order. Taking more than the balance is refused with the balance in the message
 * (checked on the locked row, and again by the ledger functions). The reason is the ledger row's memo, which the
 * member reads in their history beside "adjustment by the shop".
 *
 * A grant that takes what this staff member granted this member over GRANT_WINDOW_HOURS above
 * ADJUSTMENT_APPROVAL_ABOVE is not made: it becomes a request an owner other than the requester approves (ADR
 * 0039), and the grant with its ledger row is made in that approval's transaction (applyAdjustment). The member
 * row is locked first, so two grants at once cannot both pass under the limit.
 */
export async function adjustBalance(
  ctx: AppContext,
  staff: StaffIdentity,
  id: number,
  input: AdjustmentInput,
): Promise<{ done: AdjustmentDone; approvalId?: undefined } | { done?: undefined; approvalId: number }> {
  return withTransaction(ctx.db, async (tx) => {
    if (!(await lockAdminMember(tx, id))) throw notFound();
    if (input.amount > 0) {
      const since = new Date(ctx.clock.now().getTime() - GRANT_WINDOW_HOURS * 3600_000);
      const recent = await grantedBy(tx, { staffId: staff.id, memberId: id, currency: input.currency, since });
      if (grantNeedsApproval(input.amount, recent, ctx.config.adjustmentApprovalAbove)) {
        const approvalId = await requestApproval(ctx, tx, staff, {
          kind: 'member.adjust',
          targetType: 'member',
          targetId: id,
          payload: { currency: input.currency, amount: input.amount },
          reason: input.reason,
          notBefore: null,
        });
        return { approvalId };
      }
    }
    return { done: await applyAdjustment(ctx, tx, staff, id, input) };
  });
}

/**
 * What `input` would do, for the confirm step (issue 21 §10): the balance before and after and whether it would
 * wait for approval, by the same rule adjustBalance applies (grantNeedsApproval over the same window). A taking
 * beyond the balance is refused here as it would be there. Nothing is locked or written: the adjustment itself
 * checks again.
 */
export async function adjustmentPreview(
  ctx: AppContext,
  staff: StaffIdentity,
  id: number,
  input: Pick<AdjustmentInput, 'currency' | 'amount'>,
): Promise<AdjustmentPreview> {
  const m = await findAdminMember(ctx.db.pool, id);
  if (!m) throw notFound();
  const before = Number(input.currency === 'point' ? m.point_balance : m.coin_balance);
  if (input.amount < 0 && -input.amount > before) {
    throw new AppError('validation', { amount: [adminMsg('adjustOverBalance', { balance: before })] }, 'over_balance');
  }
  const since = new Date(ctx.clock.now().getTime() - GRANT_WINDOW_HOURS * 3600_000);
  const recent =
    input.amount > 0
      ? await grantedBy(ctx.db.pool, { staffId: staff.id, memberId: id, currency: input.currency, since })
      : 0;
  const limit = ctx.config.adjustmentApprovalAbove;
  const row = presentRow(m);
  return {
    member: { id: row.id, name: row.name, mail: row.mail },
    currency: input.currency,
    amount: input.amount,
    before,
    after: before + input.amount,
    needs_approval: input.amount > 0 && grantNeedsApproval(input.amount, recent, limit),
    limit,
    granted_recently: recent,
  };
}

export interface AdjustmentDone {
  member: AdminMemberRow;
  ledger_id: number;
}

/**
 * The adjustment itself on `tx`, with its ledger row and its audit row ('member.adjust', as `by`'s: the staff
 * member who asked). `approved` says which approval let it through.
 */
export async function applyAdjustment(
  ctx: AppContext,
  tx: PoolClient,
  by: Pick<StaffIdentity, 'id'>,
  id: number,
  input: AdjustmentInput,
  approved: Record<string, unknown> | null = null,
): Promise<AdjustmentDone> {
  const before = await lockAdminMember(tx, id);
  if (!before) throw notFound();
  const balance = Number(input.currency === 'point' ? before.point_balance : before.coin_balance);
  if (input.amount < 0 && -input.amount > balance) {
    throw new AppError('validation', { amount: [adminMsg('adjustOverBalance', { balance })] }, 'over_balance');
  }
  const now = ctx.clock.now();
  const ref = { reason: ADJUSTMENT_REASON, refType: 'staff', refId: by.id, memo: input.reason };
  const amount = input.amount;
  let ledgerId: number;
  if (input.currency === 'coin') ({ ledgerId } = await changeCoins(tx, { ...ref, memberId: id, amount, now }));
  else if (amount > 0) ledgerId = await grantPoints(tx, { ...ref, memberId: id, amount, kind: 'free', now });
  else ({ ledgerId } = await spendPoints(tx, { ...ref, memberId: id, amount: -amount, now }));
  const after = (await findAdminMember(tx, id))!;
  await auditIn(
    ctx,
    tx,
    by.id,
    { action: 'member.adjust', targetType: 'member', targetId: id, reason: input.reason },
    auditView(before),
    { ...auditView(after), currency: input.currency, amount, ledger_id: ledgerId, ...approved },
  );
  return { member: presentRow(after), ledger_id: ledgerId };
}

/** Ends every session of the member (this instance forgets them at once, others within the 2 s cache). */
async function signOutEverywhere(ctx: AppContext, tx: Parameters<typeof deleteMemberSessions>[0], id: number) {
  forgetMemberSessions(ctx, id);
  await deleteMemberSessions(tx, id);
}

export async function setSuspended(
  ctx: AppContext,
  staff: StaffIdentity,
  id: number,
  suspend: boolean,
  reason: string,
) {
  const action = suspend ? 'member.suspend' : 'member.reinstate';
  return withAudit(ctx, staff, { action, targetType: 'member', targetId: id, reason }, async (tx) => {
    const before = await lockAdminMember(tx, id);
    if (!before) throw notFound();
    await setMemberSuspended(tx, id, suspend ? (before.suspended_at ?? ctx.clock.now()) : null);
    if (suspend) await signOutEverywhere(ctx, tx, id);
    const after = (await findAdminMember(tx, id))!;
    return { before: auditView(before), after: auditView(after), result: presentRow(after) };
  });
}

export async function signOutMember(ctx: AppContext, staff: StaffIdentity, id: number, reason: string) {
  return withAudit(
    ctx,
    staff,
    { action: 'member.sign_out', targetType: 'member', targetId: id, reason },
    async (tx) => {
      const member = await lockAdminMember(tx, id);
      if (!member) throw notFound();
      const sessions = (await memberSessions(tx, id, ctx.clock.now())).length;
      await signOutEverywhere(ctx, tx, id);
      forgetMemberSessions(ctx, id);
      return { before: { sessions }, after: { sessions: 0 }, result: { ended: sessions } };
    },
  );
}
