import {
  ageAt,
  ageBand,
  birthMonthInFuture,
  capForAge,
  extendCoolOff,
  formatTokyo,
  formatYearMonth,
  inCoolOff,
  isMinor,
  msg,
  purchaseDecision,
  requestOwnLimit,
  settleOwnLimit,
  tokyoMonth,
  tokyoMonthRange,
  type AgeBand,
  type BirthMonthInput,
  type CoolOffPeriod,
  type OwnLimit,
  type YearMonth,
} from '@oripa/core';
import type { PoolClient } from 'pg';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../app-error.ts';
import {
  findSpendingLimits,
  lockMemberForSpending,
  monthPurchaseTotal,
  saveSpendingLimits,
  type SpendingLimitsRow,
} from '../../db/queries/spending-limits.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { Queryable } from '../../db/queryable.ts';
import { requireConfirmedMail } from '../mail-verification.ts';

/**
 * Responsible play (issue 19 §2, ADR 0036): the birth month and guardian consent asked at the first purchase, the
 * age band's cap, the member's own monthly limit and the cool-off. Every rule is core's (responsible-play/); this
 * reads the rows and the shop clock. The purchase check runs in the transaction that inserts the payment, under the
 * member row's lock, so two quick purchases are counted one after the other.
 */

export interface SpendingState {
  birth: YearMonth | null;
  band: AgeBand | null;
  bandCap: number | null;
  needsConsent: boolean;
  own: OwnLimit;
  coolOffUntil: Date | null;
  monthTotal: number;
  now: Date;
}

const yen = (n: number) => n.toLocaleString('en-US');

function parseBirth(row: SpendingLimitsRow | null): YearMonth | null {
  if (!row?.birth_month) return null;
  const [year, month] = row.birth_month.split('-').map(Number) as [number, number];
  return { year, month };
}

/** The member's state at `now` (the pending change settled when its time has come). */
async function readState(ctx: AppContext, db: Queryable, memberId: number, now: Date): Promise<SpendingState> {
  const row = await findSpendingLimits(db, memberId);
  const { from, to } = tokyoMonthRange(tokyoMonth(now));
  const monthTotal = await monthPurchaseTotal(db, memberId, from, to);
  const birth = parseBirth(row);
  const age = birth ? ageAt(birth, now) : null;
  const stored: OwnLimit = {
    limit: row?.monthly_limit ?? null,
    pending: row?.pending_effective_at ? { limit: row.pending_limit, effectiveAt: row.pending_effective_at } : null,
  };
  return {
    birth,
    band: age === null ? null : ageBand(age),
    bandCap: age === null ? null : capForAge(age, ctx.config.ageCaps),
    needsConsent: birth !== null && isMinor(birth, now) && !row?.guardian_consent_at,
    own: settleOwnLimit(stored, now),
    coolOffUntil: inCoolOff(row?.cool_off_until ?? null, now) ? row!.cool_off_until : null,
    monthTotal,
    now,
  };
}

/** Locks the member and reads the state: everything that changes limits or starts a purchase goes through here. */
async function lockedState(ctx: AppContext, tx: PoolClient, memberId: number, now: Date): Promise<SpendingState> {
  if (!(await lockMemberForSpending(tx, memberId))) throw new AppError('not_found', { general: ['notFound'] });
  return readState(ctx, tx, memberId, now);
}

export async function spendingLimits(ctx: AppContext, memberId: number): Promise<SpendingState> {
  return readState(ctx, ctx.db.pool, memberId, ctx.clock.now());
}

/**
 * Before any payment starts (POST /user/point/buy, points and coins alike): refuses a member without a birth
 * month, a minor without consent, one in cool-off, and a purchase that would pass a limit. Call inside the
 * transaction that inserts the payment.
 */
export async function assertPurchaseAllowed(
  ctx: AppContext,
  tx: PoolClient,
  memberId: number,
  amount: number,
  now: Date,
): Promise<void> {
  const s = await lockedState(ctx, tx, memberId, now);
  if (!s.birth) throw AppError.validation('birth_month', 'birthMonthRequired', 'birth_month_required');
  if (s.needsConsent) throw AppError.validation('guardian_consent', 'guardianConsentRequired', 'guardian_consent');
  const d = purchaseDecision(s, amount);
  if (d.ok) return;
  if (d.reason === 'cool_off')
    throw new AppError('validation', { general: [msg('coolOffActive', { until: formatTokyo(d.until) })] }, 'cool_off');
  const key = d.by === 'age' ? 'ageLimitReached' : 'spendingLimitReached';
  const text = msg(key, { limit: yen(d.limit), total: yen(d.monthTotal) });
  throw new AppError('validation', { general: [text] }, d.by === 'age' ? 'age_limit' : 'monthly_limit');
}

/**
 * The birth month, once; a minor must tick the guardian's consent (its time is stored). It is the first purchase's
 * first step, so an unconfirmed mail address is refused here already (issue 19 §2), not after the payment form.
 */
export async function setBirthMonth(ctx: AppContext, memberId: number, input: BirthMonthInput): Promise<void> {
  await requireConfirmedMail(ctx.db.pool, memberId);
  const now = ctx.clock.now();
  const birth = { year: input.birth_year, month: input.birth_month };
  if (birthMonthInFuture(birth, now)) throw AppError.validation('birth_month', 'birthMonthInvalid', 'birth_month');
  const minor = isMinor(birth, now);
  await withTransaction(ctx.db, async (tx) => {
    const s = await lockedState(ctx, tx, memberId, now);
    if (s.birth) throw AppError.validation('birth_month', 'birthMonthAlreadySet', 'birth_month_set');
    if (minor && !input.guardian_consent)
      throw AppError.validation('guardian_consent', 'guardianConsentRequired', 'guardian_consent');
    await saveSpendingLimits(
      tx,
      memberId,
      { birthMonth: formatYearMonth(birth), guardianConsentAt: minor ? now : null },
      now,
    );
  });
}

/** The member's own limit: lower at once, higher or removed after 7 days (core requestOwnLimit). */
export async function setMonthlyLimit(ctx: AppContext, memberId: number, next: number | null): Promise<void> {
  const now = ctx.clock.now();
  await withTransaction(ctx.db, async (tx) => {
    const s = await lockedState(ctx, tx, memberId, now);
    const changed = requestOwnLimit(s.own, next, now);
    await saveSpendingLimits(tx, memberId, { monthlyLimit: changed.limit, pending: changed.pending }, now);
  });
}

/** Starts (or lengthens) a cool-off; it never ends earlier than one already running. */
export async function startCoolOff(ctx: AppContext, memberId: number, period: CoolOffPeriod): Promise<void> {
  const now = ctx.clock.now();
  await withTransaction(ctx.db, async (tx) => {
    const s = await lockedState(ctx, tx, memberId, now);
    await saveSpendingLimits(tx, memberId, { coolOffUntil: extendCoolOff(s.coolOffUntil, period, now) }, now);
  });
}
