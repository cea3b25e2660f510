import { z } from 'zod';

/** One card of the exchange corner (`/api/user/exchange_card/list[/{page}]`). */
export interface ExchangeCardItem {
  id: number;
  name: string;
  image_url: string;
  rarity: number;
  model_number: string;
  /** Points spent to take one. */
  point: number;
  /** Points returned when converted instead of shipped. */
  convert_point: number;
  no_reduction: '0' | '1';
  stock_total: number;
  stock_left: number;
}

/** A card the member took and has not decided yet. */
export interface ExchangeOrderItem {
  id: number;
  card: ExchangeCardItem;
  status: 'pending' | 'ship' | 'convert';
  created: string;
}

export interface ExchangeListReply {
  list: ExchangeCardItem[];
  /** The member's exchanged cards still waiting for ship-or-convert. */
  pending: ExchangeOrderItem[];
  page: { page: number; all_page: number; pages: number[] };
}

/** `/check` → what the exchange would cost and leave. */
export interface ExchangeCheckReply {
  card: ExchangeCardItem;
  point_before: number;
  point_after: number;
}

/** `/exchange` → the new (or, for a repeated request key, the first) exchange. */
export interface ExchangeReply {
  order: ExchangeOrderItem;
  point: number;
}

const id = z.coerce
  .number({ error: 'invalid' })
  .int('invalid')
  .positive('invalid')
  .max(2 ** 31, 'invalid');

export const exchangeCheckSchema = z.object({ exchange_card_id: id });

/** The client makes one request key per confirmed exchange; a double submit sends the same key. */
export const exchangeSchema = z.object({
  exchange_card_id: id,
  request_key: z.string({ error: 'invalid' }).regex(/^[A-Za-z0-9-]{8,64}$/, 'invalid'),
});

export const exchangeDecisionSchema = z.object({
  exchange_id: id,
  action: z.enum(['ship', 'convert'], { error: 'invalid' }),
});
