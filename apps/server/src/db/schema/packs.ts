import {
  bigint,
  bigserial,
  boolean,
  customType,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

// Mirrors migrations/0002_packs.sql and 0007_draw_cursor.sql. The services use raw SQL for the hot paths; these
// tables serve typed reads.
const id = (name: string) => bigint(name, { mode: 'number' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export const packs = pgTable('packs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  cardType: integer('card_type').notNull(),
  nameJa: text('name_ja').notNull(),
  nameEn: text('name_en').notNull(),
  detailJa: text('detail_ja').notNull().default(''),
  detailEn: text('detail_en').notNull().default(''),
  images: jsonb('images').$type<string[]>().notNull().default([]),
  eyeCatch: text('eye_catch').notNull().default(''),
  point: integer('point').notNull(),
  paymentMethod: text('payment_method', { enum: ['1', '2'] })
    .notNull()
    .default('1'),
  maxBuyCount: integer('max_buy_count').notNull().default(0),
  rankLimit: integer('rank_limit').notNull().default(0),
  smsOnly: boolean('sms_only').notNull().default(false),
  showCardlist: boolean('show_cardlist').notNull().default(true),
  startDate: ts('start_date').notNull(),
  closedAt: ts('closed_at'),
  seed: bytea('seed').notNull(),
  seedHash: text('seed_hash').notNull(),
  revealedAt: ts('revealed_at'),
  totalTickets: integer('total_tickets').notNull(),
  sort: integer('sort').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const packCards = pgTable('pack_cards', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  packId: id('pack_id').notNull(),
  rank: text('rank', { enum: ['S', 'A', 'B', 'C'] }).notNull(),
  name: text('name').notNull(),
  imageUrl: text('image_url').notNull(),
  setCount: integer('set_count').notNull(),
  modelNumber: text('model_number').notNull().default(''),
  rarity: smallint('rarity').notNull().default(0),
  buyPoint: integer('buy_point').notNull(),
  noReduction: boolean('no_reduction').notNull().default(false),
  movieUrl: text('movie_url').notNull().default(''),
});

export const tickets = pgTable(
  'tickets',
  {
    packId: id('pack_id').notNull(),
    ticketNo: integer('ticket_no').notNull(),
    packCardId: id('pack_card_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.packId, t.ticketNo] })],
);

/** The draw cursor (migration 0007): tickets 1..drawn are gone, with the per-rank split of those drawn. */
export const packStock = pgTable('pack_stock', {
  packId: id('pack_id').primaryKey(),
  total: integer('total').notNull(),
  drawn: integer('drawn').notNull().default(0),
  drawnS: integer('drawn_s').notNull().default(0),
  drawnA: integer('drawn_a').notNull().default(0),
  drawnB: integer('drawn_b').notNull().default(0),
  drawnC: integer('drawn_c').notNull().default(0),
});

export const purchases = pgTable('purchases', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  memberId: id('member_id').notNull(),
  packId: id('pack_id').notNull(),
  count: integer('count').notNull(),
  unitPrice: integer('unit_price').notNull(),
  price: id('price').notNull(),
  currency: text('currency', { enum: ['point', 'coin'] }).notNull(),
  token: text('token').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const shipments = pgTable('shipments', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  memberId: id('member_id').notNull(),
  purchaseId: id('purchase_id').notNull(),
  address: jsonb('address').notNull(),
  status: text('status', { enum: ['preparing', 'shipped'] })
    .notNull()
    .default('preparing'),
  deliveryCode: text('delivery_code').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  shippedAt: ts('shipped_at'),
});

export const purchaseCards = pgTable('purchase_cards', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  purchaseId: id('purchase_id').notNull(),
  packId: id('pack_id').notNull(),
  memberId: id('member_id').notNull(),
  ticketNo: integer('ticket_no').notNull(),
  packCardId: id('pack_card_id').notNull(),
  status: text('status', { enum: ['pending', 'ship', 'convert'] })
    .notNull()
    .default('pending'),
  createdAt: ts('created_at').notNull(),
  decidedAt: ts('decided_at'),
  returnedPoint: integer('returned_point').notNull().default(0),
  shipmentId: id('shipment_id'),
  autoHeldAt: ts('auto_held_at'),
});
