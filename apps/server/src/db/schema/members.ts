import { bigint, bigserial, boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const id = (name: string) => bigint(name, { mode: 'number' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const members = pgTable('members', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  mail: text('mail').notNull(),
  passHash: text('pass_hash').notNull(),
  lastName: text('last_name').notNull(),
  middleName: text('middle_name').notNull().default(''),
  firstName: text('first_name').notNull(),
  tel: text('tel').notNull(),
  lang: text('lang').notNull().default('ja'),
  referralCode: text('referral_code').notNull(),
  referredBy: id('referred_by'),
  rank: integer('rank').notNull().default(1),
  totalBuy: id('total_buy').notNull().default(0),
  pointBalance: id('point_balance').notNull().default(0),
  coinBalance: id('coin_balance').notNull().default(0),
  smsTel: text('sms_tel'),
  smsVerifiedAt: ts('sms_verified_at'),
  zipcode: text('zipcode'),
  prefId: integer('pref_id'),
  shiku: text('shiku'),
  address: text('address'),
  building: text('building'),
  lastActivityAt: ts('last_activity_at').notNull().defaultNow(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const sessions = pgTable('sessions', {
  idHash: text('id_hash').primaryKey(),
  memberId: id('member_id').notNull(),
  persistent: boolean('persistent').notNull(),
  expiresAt: ts('expires_at').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const passwordResets = pgTable('password_resets', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  memberId: id('member_id').notNull(),
  tokenHash: text('token_hash').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: ts('window_start').notNull().defaultNow(),
  lockedUntil: ts('locked_until'),
});
