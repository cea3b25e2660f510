import {
  formatTokyo,
  formatYearMonth,
  remainingThisMonth,
  applicableLimit,
  type SpendingLimitsReply,
} from '@oripa/core';
import type { SpendingState } from '../services/payments/spending-limits.ts';

/** The member's spending limits and this month's figures (My Page's "ご利用上限" section). */
export function presentSpendingLimits(s: SpendingState): SpendingLimitsReply {
  const pending = s.own.pending;
  return {
    birth_month: s.birth ? formatYearMonth(s.birth) : '',
    age_band: s.band ?? '',
    needs_consent: s.needsConsent ? '1' : '0',
    band_cap: s.bandCap,
    monthly_limit: s.own.limit,
    pending_limit: pending?.limit ?? null,
    pending_effective_at: pending ? formatTokyo(pending.effectiveAt) : '',
    cool_off_until: s.coolOffUntil ? formatTokyo(s.coolOffUntil) : '',
    month_total: s.monthTotal,
    remaining: remainingThisMonth(applicableLimit(s.bandCap, s.own.limit), s.monthTotal),
  };
}
