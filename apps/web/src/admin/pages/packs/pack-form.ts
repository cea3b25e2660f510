import type { Rank } from '@oripa/core';
import type { AdminPackDetail } from '@oripa/core/admin';

/**
 * The pack editor's form state and its mapping from a draft and to the request body; a module of its own so the
 * editor and its preview both read the shape without importing each other.
 */

export interface LineLine {
  card_id: string;
  rank: Rank;
  count: string;
}

/** The form as the inputs hold it (text); the core schema reads it the way the server will. */
export interface PackForm {
  card_type: string;
  name_ja: string;
  name_en: string;
  detail_ja: string;
  detail_en: string;
  images: string[];
  point: string;
  payment_method: '1' | '2';
  max_buy_count: string;
  rank_limit: string;
  sms_only: boolean;
  show_cardlist: boolean;
  start_date: string;
  end_date: string;
  total_tickets: string;
  lineup: LineLine[];
  last_one_card_id: string;
  sort: string;
}

export const EMPTY: PackForm = {
  card_type: '1',
  name_ja: '',
  name_en: '',
  detail_ja: '',
  detail_en: '',
  images: [],
  point: '',
  payment_method: '1',
  max_buy_count: '0',
  rank_limit: '0',
  sms_only: false,
  show_cardlist: true,
  start_date: '',
  end_date: '',
  total_tickets: '',
  lineup: [],
  last_one_card_id: '',
  sort: '0',
};

/** Wire time 'YYYY-MM-DD HH:mm:ss' → a datetime-local value. */
const local = (wire: string | null) => (wire ? wire.slice(0, 16).replace(' ', 'T') : '');

export function fromDetail(p: AdminPackDetail): PackForm {
  return {
    card_type: String(p.card_type),
    name_ja: p.name_ja,
    name_en: p.name_en,
    detail_ja: p.detail_ja,
    detail_en: p.detail_en,
    images: p.images,
    point: String(p.point),
    payment_method: p.payment_method,
    max_buy_count: String(p.max_buy_count),
    rank_limit: String(p.rank_limit),
    sms_only: p.sms_only,
    show_cardlist: p.show_cardlist,
    start_date: local(p.start_date),
    end_date: local(p.end_date),
    total_tickets: String(p.total_tickets),
    lineup: p.lineup.map((e) => ({ card_id: String(e.card_id), rank: e.rank, count: String(e.count) })),
    last_one_card_id: p.last_one_card_id ? String(p.last_one_card_id) : '',
    sort: String(p.sort),
  };
}

/** Every field the server may refuse by name (each is the form's field of that name). */
export const PACK_FIELDS = Object.keys(EMPTY) as (keyof PackForm)[];

/** The request body: what the inputs hold, flags as '0'/'1'. */
export const toBody = (v: PackForm) => ({
  ...v,
  sms_only: v.sms_only ? '1' : '0',
  show_cardlist: v.show_cardlist ? '1' : '0',
  total_tickets: v.total_tickets || '0',
  point: v.point || '0',
  last_one_card_id: v.last_one_card_id || null,
});
export type PackBody = ReturnType<typeof toBody>;
