import { formatTokyo, type ExchangeCardItem, type ExchangeOrderItem, type Lang } from '@oripa/core';
import type { ExchangeCardRow, ExchangeOrderRow } from '../db/queries/exchange.ts';

export const presentExchangeCard = (lang: Lang, c: ExchangeCardRow): ExchangeCardItem => ({
  id: Number(c.id),
  name: lang === 'en' ? c.name_en : c.name,
  image_url: c.image_url,
  rarity: c.rarity,
  model_number: c.model_number,
  point: c.price,
  convert_point: c.convert_point,
  no_reduction: c.no_reduction ? '1' : '0',
  stock_total: c.stock_total,
  stock_left: c.stock_left,
});

export const presentExchangeOrder = (lang: Lang, o: ExchangeOrderRow, card: ExchangeCardRow): ExchangeOrderItem => ({
  id: Number(o.id),
  card: presentExchangeCard(lang, card),
  status: o.status,
  // row_to_json gives the lateral card's timestamps as text; the order's own created_at is a Date.
  created: formatTokyo(new Date(o.created_at)),
});
