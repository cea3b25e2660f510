/** `GET /api/user/point`: the current user (spec section 3). Flags and numbers the spec shows as strings stay strings. */
export interface CurrentUser {
  is_login: '0' | '1';
  id: number | null;
  point: string;
  coin: string;
  rank: number;
  rank_name: string;
  rank_color: string;
  total_buy: number;
  rank_up_count: number;
  block_rank_percent: number;
  is_block_clear: boolean;
  is_maintained: boolean;
  is_rank_maintained: boolean;
  end_sms: '0' | '1';
  /** Coins the monthly maintenance costs now (0 when not offered; issue 11, ADR 0021). */
  rank_keep_coin: number;
  /** The rank next month starts with if nothing more happens this month. */
  next_month_rank: number;
}

/** `GET /api/user/detail` (and `POST /api/user/append_address`) → {detail}: the profile and shipping address. */
export interface UserDetail {
  lastName: string;
  middleName: string;
  firstName: string;
  mail: string;
  tel: string;
  zipcode: string;
  pref_id: number;
  pref_name: string;
  shiku: string;
  address: string;
  building: string;
  referral_code: string;
}
/** True when the detail holds a usable shipping address: a code, a prefecture and a city. */
export const hasAddress = (d: UserDetail | undefined) => Boolean(d && d.zipcode && d.pref_id > 0 && d.shiku);

export interface UserDetailReply {
  detail: UserDetail;
}
