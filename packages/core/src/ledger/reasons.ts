/**
 * Every reason a ledger row can be written with: the one list the server's writers take their `reason` type from
 * (services/ledger.ts LedgerRef) and the database functions' literals are checked against (a server test), so a
 * new reason cannot be written before it has a label in both languages (ledgerLabel's table is a Record over it).
 */
export const LEDGER_REASONS = [
  // Money in
  'point_purchase',
  'coin_purchase',
  'rank_bonus',
  'coupon',
  'coupon_bonus',
  // Packs (written by buy_pack_batch) and what their cards turn into
  'pack_purchase',
  'card_conversion',
  'auto_conversion',
  // Expiry and closing an account
  'expiry',
  'idle_expiry',
  'withdrawal',
  // Programmes
  'sms_bonus',
  'rank_up_bonus',
  'rank_maintenance',
  'rank_card_conversion',
  'referral',
  'referral_welcome',
  'daily_draw',
  'sns_campaign',
  'campaign',
  'partner_transfer',
  'exchange',
  'exchange_conversion',
  'exchange_auto_conversion',
  // The console
  'staff_adjustment',
  // Balances given by the demo seed, the sandbox, the bench scripts and the test factories
  'seed',
  'sandbox',
  'bench',
  'test',
] as const;

export type LedgerReason = (typeof LEDGER_REASONS)[number];

export const isLedgerReason = (s: string): s is LedgerReason => (LEDGER_REASONS as readonly string[]).includes(s);
