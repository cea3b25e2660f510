/**
 * GET /api/user/spending_limits (and the reply of its three POSTs): the member's responsible-play settings and
 * this JST month's figures (issue 19 §2, ADR 0036). Yen as integers; times Tokyo `YYYY-MM-DD HH:mm:ss`; '' = none.
 */
export interface SpendingLimitsReply {
  /** 'YYYY-MM', or '' until the first purchase asks it. */
  birth_month: string;
  /** 'under16' | 'age16to17' | 'adult', or '' while the birth month is unknown. */
  age_band: '' | 'under16' | 'age16to17' | 'adult';
  /** '1' when a guardian's consent is needed at the first purchase (a minor) and not given yet. */
  needs_consent: '0' | '1';
  /** The band's cap in yen, or null (adult, or age unknown). */
  band_cap: number | null;
  /** The member's own monthly limit in force now, or null. */
  monthly_limit: number | null;
  /** A raise or removal waiting: its value (null = removal) and when it takes effect; '' when none waits. */
  pending_limit: number | null;
  pending_effective_at: string;
  /** Purchases are blocked until this time; '' when no cool-off runs. */
  cool_off_until: string;
  /** Yen of this month's purchases counted against the limits, and what is left (null: no limit). */
  month_total: number;
  remaining: number | null;
}
