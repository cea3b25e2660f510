import { bigint, bigserial, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const id = (name: string) => bigint(name, { mode: 'number' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const pointLots = pgTable('point_lots', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  memberId: id('member_id').notNull(),
  kind: text('kind', { enum: ['paid', 'free'] }).notNull(),
  granted: id('granted').notNull(),
  remaining: id('remaining').notNull(),
  grantedAt: ts('granted_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  expiredAt: ts('expired_at'),
  source: text('source').notNull(),
});

export const ledgerEntries = pgTable('ledger_entries', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  memberId: id('member_id').notNull(),
  currency: text('currency', { enum: ['point', 'coin'] }).notNull(),
  amount: id('amount').notNull(),
  balanceAfter: id('balance_after').notNull(),
  reason: text('reason').notNull(),
  refType: text('ref_type'),
  refId: id('ref_id'),
  memo: text('memo').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const pointLotMoves = pgTable(
  'point_lot_moves',
  {
    ledgerId: id('ledger_id').notNull(),
    lotId: id('lot_id').notNull(),
    amount: id('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ledgerId, t.lotId] })],
);
