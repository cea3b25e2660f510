/** Wire shapes of /api/admin/programmes (inside the envelope). Times are Asia/Tokyo `YYYY-MM-DD HH:mm:ss`. */

export interface AdminExchangeCardRow {
  id: number;
  name_ja: string;
  name_en: string;
  image_url: string;
  rarity: 0 | 1 | 2 | 3;
  model_number: string;
  price: number;
  convert_point: number;
  no_reduction: boolean;
  stock_total: number;
  stock_left: number;
  sort: number;
  /** false once closed: members no longer see it; orders already taken stay. */
  active: boolean;
  /** Orders taken of this card (stock_total - stock_left, as recorded). */
  orders: number;
}

export interface AdminExchangeOrderRow {
  id: number;
  member_id: number;
  card_id: number;
  card_name: string;
  price: number;
  status: 'pending' | 'ship' | 'convert';
  returned_point: number;
  shipment_id: number | null;
  shipment_status: string | null;
  created_at: string;
  decided_at: string | null;
}

export interface AdminPartnerSiteRow {
  id: number;
  name: string;
  name_en: string;
  adapter: 'sandbox' | 'http';
  endpoint: string | null;
  active: boolean;
  links: number;
  transfers_done: number;
  transfers_pending: number;
  transfers_failed: number;
  points_moved: number;
}

export interface AdminSnsCampaignRow {
  code: string;
  point: number;
  follow_url: string;
  starts_at: string | null;
  ends_at: string | null;
  active: boolean;
  claims: number;
  points_granted: number;
}
