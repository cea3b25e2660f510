import type { Rank } from '../contract/packs.ts';
import type { BandedEconomics } from './economics.ts';
import type { LineupEntry } from './lineup.ts';

/** Wire shapes of /api/admin/cards, /api/admin/packs and /api/admin/media (issue 10). Times are Tokyo wire text. */

export interface AdminCard {
  id: number;
  card_type: number;
  name_ja: string;
  name_en: string;
  rarity: 0 | 1 | 2 | 3;
  model_number: string;
  buy_point: number;
  no_reduction: boolean;
  image_url: string;
  updated: string;
}

export interface AdminMedia {
  id: number;
  /** The URL forms store: the 960 px WebP. */
  url: string;
  width: number;
  height: number;
  variants: { width: number; format: 'webp' | 'avif'; url: string; bytes: number }[];
}

/** draft → (publish) → scheduled → on_sale → sold_out | closed. */
export type AdminPackStatus = 'draft' | 'scheduled' | 'on_sale' | 'sold_out' | 'closed';

export interface AdminPackSummary {
  id: number;
  pack_id: number | null;
  status: AdminPackStatus;
  name_ja: string;
  name_en: string;
  card_type: number;
  point: number;
  payment_method: '1' | '2';
  image: string;
  start_date: string | null;
  end_date: string | null;
  total: number;
  sold: number;
}

export interface AdminPackFigures {
  sold: number;
  remaining: number;
  remaining_by_rank: Record<Rank, number>;
  sold_by_rank: Record<Rank, number>;
  /** Points (or coins, for a coin pack) taken, and the purchases and buyers behind them. */
  revenue: number;
  purchases: number;
  buyers: number;
  /** The member who drew the final ticket and won the last-one prize (ADR 0028); null before or without one. */
  last_one_winner?: { member_id: number; name: string; purchase_id: number; created: string } | null;
}

export interface AdminPackDetail extends AdminPackSummary {
  detail_ja: string;
  detail_en: string;
  images: string[];
  max_buy_count: number;
  rank_limit: number;
  sms_only: boolean;
  show_cardlist: boolean;
  total_tickets: number;
  lineup: (LineupEntry & { name_ja: string; name_en: string; image_url: string; rarity: number; buy_point: number })[];
  last_one_card_id: number | null;
  /** The last-one prize as the master has it (for the editor to show), or null. */
  last_one_card: Pick<AdminCard, 'id' | 'name_ja' | 'name_en' | 'image_url' | 'rarity' | 'buy_point'> | null;
  sort: number;
  published_at: string | null;
  seed_hash: string | null;
  revealed_seed: string | null;
  figures: AdminPackFigures | null;
  /** The lineup's economics at the pack's price, as the server computes them (the publish step shows these). */
  economics: BandedEconomics;
}

/** One problem of a card import's preview, in the staff's language, with its line and column when known. */
export interface AdminCardImportProblem {
  line: number | null;
  column: string | null;
  message: string;
  warning: boolean;
}

/** The preview of a card file (POST /api/admin/cards/import/preview): nothing has been written. */
export interface AdminCardImportPreview {
  /** The card rows in the file, with or without problems. */
  lines: number;
  /** The rows without problems. */
  rows: {
    line: number;
    model_number: string;
    name_ja: string;
    name_en: string;
    rarity: 0 | 1 | 2 | 3;
    card_type: number;
    buy_point: number;
    picture: string | null;
    status: 'new' | 'unchanged';
  }[];
  problems: AdminCardImportProblem[];
  /** No problem but warnings: the import button may be pressed. */
  importable: boolean;
}

/** Stored pictures of an import (POST /api/admin/cards/import/pictures): the URL of each by its file name. */
export interface AdminImportPictures {
  pictures: { name: string; url: string }[];
  problems: { file: string; message: string }[];
}
