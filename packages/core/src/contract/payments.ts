import type { PageObject } from '../pagination.ts';

/**
 * Wire shapes of the point-purchase calls (spec sections 3, 4 and 7; DESIGN.md section 3). Money and points are
 * integers, flags '0'/'1' strings, times Tokyo `YYYY-MM-DD HH:mm:ss`. A failed call is an ordinary error envelope
 * (state 400/404/409 with `errors` and `reason`), which the client shows as the failure alert.
 */

/**
 * Payment ids of spec section 4, with the methods Japanese buyers use in 2026 (issue 23): メルペイ is the spec's
 * flea-market-app payment (10), au PAY 11, Paidy 13, Apple Pay 14.
 */
export const PAY_ID = {
  card: 1,
  combini: 2,
  globalWallet: 3,
  bankTransfer: 4,
  retailerWallet: 5,
  carrier: 6,
  card3ds: 7,
  mobileApp: 8,
  fleaMarketApp: 10,
  auPay: 11,
  searchWallet: 12,
  paidy: 13,
  applePay: 14,
} as const;
export type PayId = (typeof PAY_ID)[keyof typeof PAY_ID];
/**
 * Ids no longer offered. 9 was the spec's messaging-app payment (LINE Pay), whose online payments in Japan ended on
 * 2025-04-23 (ADR 0041): an old client asking for it is told it is no longer available (payIdRetired).
 */
export const RETIRED_PAY_IDS: readonly number[] = [9];
/**
 * The order of the pay list, by the confirm page's groups: card (card, 3-D Secure, Apple Pay, Google Pay),
 * smartphone payments, convenience store, bank, carrier. The first one is preselected by the client.
 */
export const PAY_IDS: readonly PayId[] = [1, 7, 14, 12, 8, 10, 11, 13, 3, 5, 2, 4, 6];
export type PayGroup = 'card' | 'smartphone' | 'combini' | 'bank' | 'carrier';
export const PAY_GROUPS: Record<PayGroup, readonly PayId[]> = {
  card: [1, 7, 14, 12],
  smartphone: [8, 10, 11, 13, 3, 5],
  combini: [2],
  bank: [4],
  carrier: [6],
};
/** The confirm page's group of a method. */
export function payGroupOf(id: PayId): PayGroup {
  return (Object.keys(PAY_GROUPS) as PayGroup[]).find((g) => PAY_GROUPS[g].includes(id))!;
}

export const PURCHASE_MIN_POINTS = 300;
export const PURCHASE_MAX_POINTS = 50_000;
/** Convenience-store and bank-transfer orders not paid within this many days are cancelled (spec section 9). */
export const UNPAID_DEADLINE_DAYS = 3;

/** Paid later, away from the shop (convenience store, bank transfer): the order waits up to UNPAID_DEADLINE_DAYS. */
export function isDeferredPayment(payId: PayId): boolean {
  return payId === PAY_ID.combini || payId === PAY_ID.bankTransfer;
}

/** Convenience stores by chain (issue 23): buyers look for their chain's name. */
export const COMBINI_CODES = [
  'seven-eleven',
  'lawson',
  'family-mart',
  'ministop',
  'daily-yamazaki',
  'seicomart',
] as const;
export type CombiniCode = (typeof COMBINI_CODES)[number];
/**
 * The spec's old store groups, still accepted from old clients and read as one chain (ADR 0041): 'econ' (the
 * e-context group, FamilyMart first) as FamilyMart, 'other' as Lawson. They are no longer listed.
 */
export type LegacyCombiniCode = 'econ' | 'other';
export const LEGACY_COMBINI_CODES: Readonly<Record<string, CombiniCode>> = {
  econ: 'family-mart',
  other: 'lawson',
} satisfies Record<LegacyCombiniCode, CombiniCode>;
/** Carrier billing: SoftBank まとめて支払い, auかんたん決済, d払い (docomo). */
export const CARRIER_IDS = ['sb_ktai', 'au', 'docomo'] as const;
export type CarrierId = (typeof CARRIER_IDS)[number];

/** GET /api/user/point_price[/{page}] → PointPriceListReply; GET /api/user/point_price/detail/{id} → {detail}. */
export interface PointCourse {
  id: number;
  point: number;
  /** Rank bonus: floor(point × (discount − 1)) for the member's rank, granted as a separate free lot. */
  append_point: number;
  price: number;
  /** The member's rank multiplier (1.05 = +5 %); bonus % = discount × 100 − 100 (core rankBonusPercent). */
  discount: number;
  memo: string;
  /** '1' when an applied coupon adds bonus points to this course's next purchase. */
  pointPriceUseCoupon: '0' | '1';
  /** What the course buys (issue 11): points, or coins (`point` is then the coins; no rank or coupon bonus). */
  currency: 'point' | 'coin';
}
export interface PointPriceListReply {
  list: PointCourse[];
  /** '1' when the member's rank gives a bonus on every course. */
  is_discount: '0' | '1';
  page: PageObject;
}
export interface PointCourseDetail extends PointCourse {
  /** Points the pending coupon adds to this purchase (0 when none). */
  coupon_point: number;
  /** point + append_point + coupon_point. */
  total_point: number;
}
export interface PointPriceDetailReply {
  detail: PointCourseDetail;
}

/**
 * GET /api/user/pay_style[?pointPriceId=] → {point, price, list}: the offered payment methods (spec: "pay list:
 * point, price, and a list of {id, name, memo}"). point and price are the asked course's (0 without one).
 */
export interface PayStyle {
  id: PayId;
  name: string;
  memo: string;
  /** The confirm page's group of the method. */
  group: PayGroup;
}
export interface PayStyleReply {
  point: number;
  price: number;
  list: PayStyle[];
  /**
   * Who takes a new card in the browser: 'stripe' → Stripe.js with publishable_key; 'sandbox' → its card form
   * (also under KOMOJU, which is offered no cards: ADR 0042).
   */
  payment_provider: 'sandbox' | 'stripe';
  /** Stripe's publishable key (pk_test_… / pk_live_…); '' for the sandbox. */
  publishable_key: string;
}

/**
 * POST /api/user/point/buy. Method fields per pay_id:
 * 1/7 card: card_index (saved card) or token + req_card_number + card_user_name (from the card-token call);
 *   save_card '1' keeps a new card. 7 always asks for 3-D Secure.
 * 2 combini: combini_code. 4 bank: name (account holder, full-width katakana). 6 carrier: carrier_id.
 * 5 retailer wallet: checkout_session_id (from set_checkout_session). 3, 8, 9, 12: nothing more.
 * pack_id: the pack the member was buying for, handed back by point/append and point/end.
 */
export interface PointBuyRequest {
  point_price_id: number;
  pay_id: PayId;
  pack_id?: number;
  card_index?: number;
  token?: string;
  req_card_number?: string;
  card_user_name?: string;
  save_card?: '0' | '1';
  /** A chain; an old client's store group is read as its chain (LEGACY_COMBINI_CODES). */
  combini_code?: CombiniCode | LegacyCombiniCode;
  name?: string;
  carrier_id?: CarrierId;
  checkout_session_id?: string;
  paymentDate?: string;
}

/**
 * Buy-point result (spec section 4):
 * - result '1', url '1': paid and credited now (success alert).
 * - result '1', receipt: convenience store; go to /confirm-combini?paymentID={receipt}.
 * - result '1', url starting with http: full redirect (approval pages); else url is an in-app route
 *   (e.g. '/bank-transfer-information').
 * - result '7': 3-D Secure; go to url (/api/acs/secure?payment={payment_id}).
 */
export interface PointBuyReply {
  result: '1' | '7';
  url?: string;
  receipt?: string;
  /** The payment's public id (also the `token` of point/append and the payment_id of /pay-redirect). */
  payment_id: string;
  /** Points credited so far (only with url '1'). */
  point?: number;
  pack_id?: number;
  /** Result '7' at Stripe: the PaymentIntent's client secret, so Stripe.js runs 3-D Secure in the page. */
  client_secret?: string;
}

/** POST /api/user/point/append {token: payment_id} → after a redirect back; settles what the gateway knows. */
export interface PointAppendReply {
  result: '1' | '0';
  pack_id: number;
  /** Payment state: 'succeeded', 'failed', 'cancelled', 'expired', 'pending' or 'requires_action'. */
  status: PaymentStatus;
}
/** GET /api/user/point/end[?payment_id=] → the outcome of the member's latest (or given) payment. */
export interface PointEndReply {
  result: '1' | '0';
  pack_id: number;
  status: PaymentStatus;
  point: number;
}

export type PaymentStatus =
  'created' | 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'cancelled' | 'expired';

/** GET /api/user/pay_result (conversion tracking; discount for tracking = pay_point − pay_price). */
export interface PayResultReply {
  pay_price: number;
  pay_title: string;
  pay_unique_id: string;
  pay_point: number;
  pay_point_price_id: number;
  pay_member_id: number;
}

/** GET /api/user/point/savedcard → {card_list}; card is the masked number ("**** **** **** 1111"). */
export interface SavedCard {
  id: number;
  card: string;
  brand: string;
  expire: string;
}
export interface SavedCardListReply {
  card_list: SavedCard[];
}
/** POST /api/user/point/savedcard {pay_id, token, req_card_number, card_user_name}; deletecard {card_index}. */
export interface SavedCardRequest {
  pay_id: 1 | 7;
  token: string;
  req_card_number: string;
  card_user_name: string;
}

/** GET /api/user/bank[?payment_id=] → the transfer details of the member's pending bank-transfer order. */
export interface BankInfoReply {
  bank: string;
  branch: string;
  account_type: string;
  number: string;
  name: string;
  price: number;
  /** Transfer by this time (Tokyo). */
  deadline: string;
  payment_id: string;
}

/** GET /api/user/point/combini_number?paymentID={receipt} → the payment slip. */
export interface CombiniSlipReply {
  url: string;
  receipt: string;
  /** Lawson, Ministop, FamilyMart: the confirmation number typed beside the receipt (customer) number. */
  confirmation?: string;
  store: CombiniCode;
  /** What the buyer shows at the chain (core combiniChain): a receipt number, a confirmation number or a slip. */
  instruction: CombiniInstructionKind;
  /** Pay by this time (Tokyo): shown earlier than the provider's real close (COMBINI_SHOWN_MARGIN_MINUTES). */
  deadline: string;
  price: number;
  payment_id: string;
  /** Where the payment stands: the slip page says when it was paid, or closed unpaid (expired, cancelled). */
  status?: PaymentStatus;
}
export type CombiniInstructionKind = 'receipt_number' | 'confirmation_number' | 'online_slip';

/** POST /api/user/coupon/use {couponCode} → {error: '' on success or the message}. */
export interface CouponUseReply {
  error: string;
  /** What the coupon did: 'points' granted now, or 'bonus' on the next course purchase. */
  kind?: 'points' | 'bonus';
  point?: number;
}

/** GET /api/user/point/list[/{page}] rows; history_id > 0 with bonusPoint ≤ 0 links to the pack purchase. */
export interface PointHistoryRow {
  id: number;
  bonusPoint: number;
  /** Yen paid with this entry (point purchases), else 0. */
  money: number;
  created: string;
  memo: string;
  history_id: number;
  /** Pack history status for link rows ('1' decided → detail; else /get-card-list). */
  status: '0' | '1';
}
/** GET /api/user/coin/list[/{page}] rows (same link rule with bonusCoin). */
export interface CoinHistoryRow {
  id: number;
  bonusCoin: number;
  money: number;
  created: string;
  memo: string;
  history_id: number;
  status: '0' | '1';
}
export interface HistoryReply<Row> {
  list: Row[];
  page: PageObject;
}

/**
 * Retailer wallet (pay_id 5) checkout session calls:
 * GET /api/user/button_signature?point_price_id= → {signature, payloadJSON, url}: the signed button payload;
 *   url is the wallet's sign-in page (sandbox) the button opens.
 * GET /api/user/set_checkout_session/{checkoutSessionId} → binds the wallet's session to the member.
 * GET /api/user/get_checkout_session → {payMethod, checkoutSessionId}.
 * GET /api/user/complete_checkout_session?amazonCheckoutSessionId= → {result, payment_id}, after
 *   /amazon-pay-redirect.
 */
export interface ButtonSignatureReply {
  signature: string;
  payloadJSON: string;
  url: string;
}
export interface CheckoutSessionReply {
  checkoutSessionId: string;
  payMethod: string;
}
export interface CompleteCheckoutReply {
  result: '1' | '0';
  payment_id: string;
  pack_id: number;
}

/** Sandbox card-token call (DESIGN.md section 3): POST /sandbox/card/token. */
export interface CardTokenRequest {
  card_number: string;
  card_expire: string;
  security_code: string;
  cardholder_name: string;
}
export type CardTokenReply = { token: string; req_card_number: string } | { error_code: string };
/** Card-token error codes (spec section 8) and the card form field each maps to. */
export const CARD_TOKEN_ERROR_FIELDS: Record<
  string,
  'card_number' | 'card_expire' | 'security_code' | 'cardholder_name' | 'general'
> = {
  '1300': 'card_number',
  '1301': 'card_number',
  '1400': 'card_expire',
  '1401': 'card_expire',
  '1500': 'card_expire',
  '1501': 'card_expire',
  '1502': 'card_expire',
  '1600': 'security_code',
  '1601': 'security_code',
  '1700': 'cardholder_name',
  '8000': 'general',
  '7001': 'general',
};
export function cardTokenErrorField(code: string) {
  return CARD_TOKEN_ERROR_FIELDS[code] ?? 'general';
}
