import { bigserial, boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const outboxMessages = pgTable('outbox_messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  channel: text('channel', { enum: ['mail', 'sms'] }).notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull().default(''),
  body: text('body').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const cardTypes = pgTable('card_types', {
  id: integer('id').primaryKey(),
  nameJa: text('name_ja').notNull(),
  nameEn: text('name_en').notNull(),
  comingSoon: boolean('coming_soon').notNull().default(false),
  sort: integer('sort').notNull().default(0),
});

export const posts = pgTable('posts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  title: text('title').notNull(),
  lastName: text('last_name').notNull(),
  firstName: text('first_name').notNull(),
  content: text('content').notNull(),
  images: jsonb('images').$type<string[]>().notNull().default([]),
  publishedAt: ts('published_at').notNull().defaultNow(),
});

export const banners = pgTable('banners', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  fileName: text('file_name').notNull(),
  linkUrl: text('link_url').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  active: boolean('active').notNull().default(true),
});
