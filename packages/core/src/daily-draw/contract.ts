/** `GET /api/user/daily_draw`: what the daily-draw page shows. */
export interface DailyDrawStatus {
  /** '1' when the member linked the messaging app. */
  linked: '0' | '1';
  /** '1' when today's (Asia/Tokyo) draw is taken. */
  drawn_today: '0' | '1';
  /** Today's prize, when drawn. */
  today_point: number | null;
  day: string;
  table: { point: number; weight: number }[];
  table_digest: string;
  algorithm: string;
  /** SHA-256 of today's secret seed, published before any draw of the day. */
  commitment: string;
  /** Earlier days with their seeds revealed, newest first. */
  revealed: { day: string; seed: string; commitment: string; table_digest: string }[];
  /** Where the messaging app's login starts (the adapter's authorise address). */
  link_url: string;
}

/** `POST /api/user/daily_draw/draw` → the prize of today's draw. */
export interface DailyDrawResult {
  point: number;
  prize_index: number;
  day: string;
}

/** `GET /api/user/sns_campaign`: the follow campaign. */
export interface SnsCampaignStatus {
  active: '0' | '1';
  point: number;
  follow_url: string;
  claimed: '0' | '1';
}
