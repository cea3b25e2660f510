import { bigint, bigserial, boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Mirrors migrations/0003_payments.sql. Services use raw SQL for the locking paths; these tables serve queries.
const id = (name: string) => bigint(name, { mode: 'number' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const pointCourses = pgTable('point_courses', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  point: id('point').notNull(),
  price: id('price').notNull(),
  memo: text('memo').notNull().default(''),
  memoEn: text('memo_en').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  active: boolean('active').notNull().default(true),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const payments = pgTable('payments', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  publicId: text('public_id').notNull(),
  memberId: id('member_id').notNull(),
  pointCourseId: id('point_course_id').notNull(),
  payId: integer('pay_id').notNull(),
  gateway: text('gateway').notNull(),
  providerRef: text('provider_ref'),
  status: text('status').notNull(),
  amount: id('amount').notNull(),
  point: id('point').notNull(),
  appendPoint: id('append_point').notNull(),
  couponPoint: id('coupon_point').notNull(),
  couponUseId: id('coupon_use_id'),
  packId: id('pack_id'),
  method: jsonb('method').$type<Record<string, unknown>>().notNull(),
  nextActionUrl: text('next_action_url'),
  receipt: text('receipt'),
  expiresAt: ts('expires_at'),
  creditedAt: ts('credited_at'),
  failureReason: text('failure_reason'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const paymentEvents = pgTable('payment_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  paymentId: id('payment_id').notNull(),
  fromStatus: text('from_status'),
  toStatus: text('to_status').notNull(),
  source: text('source').notNull(),
  detail: jsonb('detail').$type<Record<string, unknown>>().notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const paymentCallbacks = pgTable('payment_callbacks', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  provider: text('provider').notNull(),
  eventId: text('event_id').notNull(),
  paymentId: id('payment_id'),
  outcome: text('outcome').notNull(),
  detail: text('detail').notNull(),
  body: text('body').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const coupons = pgTable('coupons', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  code: text('code').notNull(),
  kind: text('kind', { enum: ['points', 'bonus'] }).notNull(),
  point: id('point').notNull(),
  bonusPercent: integer('bonus_percent').notNull(),
  startsAt: ts('starts_at'),
  endsAt: ts('ends_at'),
  maxUses: integer('max_uses'),
  perMemberLimit: integer('per_member_limit').notNull(),
  usedCount: integer('used_count').notNull(),
  memo: text('memo').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const couponUses = pgTable('coupon_uses', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  couponId: id('coupon_id').notNull(),
  memberId: id('member_id').notNull(),
  status: text('status', { enum: ['granted', 'pending', 'applied'] }).notNull(),
  paymentId: id('payment_id'),
  point: id('point').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  appliedAt: ts('applied_at'),
});

export const savedCards = pgTable('saved_cards', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  memberId: id('member_id').notNull(),
  gateway: text('gateway').notNull(),
  providerRef: text('provider_ref').notNull(),
  fingerprint: text('fingerprint').notNull(),
  masked: text('masked').notNull(),
  brand: text('brand').notNull(),
  expire: text('expire').notNull(),
  deletedAt: ts('deleted_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const walletSessions = pgTable('wallet_sessions', {
  checkoutSessionId: text('checkout_session_id').primaryKey(),
  memberId: id('member_id').notNull(),
  payMethod: text('pay_method').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const sandboxCardTokens = pgTable('sandbox_card_tokens', {
  token: text('token').primaryKey(),
  last4: text('last4').notNull(),
  brand: text('brand').notNull(),
  fingerprint: text('fingerprint').notNull(),
  expire: text('expire').notNull(),
  holder: text('holder').notNull(),
  reusable: boolean('reusable').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const sandboxIntents = pgTable('sandbox_intents', {
  id: text('id').primaryKey(),
  kind: text('kind').notNull(),
  amount: id('amount').notNull(),
  status: text('status').notNull(),
  merchantRef: text('merchant_ref').notNull(),
  detail: jsonb('detail').$type<Record<string, unknown>>().notNull(),
  returnUrl: text('return_url').notNull(),
  expiresAt: ts('expires_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
