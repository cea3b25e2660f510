import { formatTokyo, RANK_ORDER, type Rank } from '@oripa/core';
import {
  mediaUrl,
  primaryMediaUrl,
  variantKey,
  type AdminCard,
  type AdminMedia,
  type AdminPackDetail,
  type AdminPackSummary,
  lineupEconomics,
  type ReturnRateBand,
} from '@oripa/core/admin';
import type { MasterCardRow, MediaRow } from '../db/queries/admin-cards.ts';
import type { ConsolePackRow } from '../db/queries/admin-packs.ts';
import type { ConsolePack } from '../services/admin/catalogue/packs.ts';

/** Rows of the catalogue console → the wire shapes of @oripa/core/admin (catalogue/contract.ts). */

const time = (d: Date | null) => (d ? formatTokyo(d) : null);

export function presentCard(r: MasterCardRow): AdminCard {
  return {
    id: Number(r.id),
    card_type: r.card_type,
    name_ja: r.name_ja,
    name_en: r.name_en,
    rarity: r.rarity,
    model_number: r.model_number,
    buy_point: r.buy_point,
    no_reduction: r.no_reduction,
    image_url: r.image_url,
    updated: formatTokyo(r.updated_at),
  };
}

export function presentMedia(m: MediaRow): AdminMedia {
  return {
    id: Number(m.id),
    url: primaryMediaUrl(m),
    width: m.width,
    height: m.height,
    variants: m.variants.map((v) => ({ ...v, url: mediaUrl(variantKey(m.key, v.width, v.format)) })),
  };
}

export function presentPackSummary(r: ConsolePackRow): AdminPackSummary {
  return {
    id: Number(r.id),
    pack_id: r.pack_id === null ? null : Number(r.pack_id),
    status: r.status,
    name_ja: r.name_ja,
    name_en: r.name_en,
    card_type: r.card_type,
    point: r.point,
    payment_method: r.payment_method,
    image: r.images[0] ?? '',
    start_date: time(r.start_date),
    end_date: time(r.end_date),
    total: r.stock_total ?? r.total_tickets,
    sold: r.drawn ?? 0,
  };
}

export function presentPackDetail(p: ConsolePack, band: ReturnRateBand): AdminPackDetail {
  const r = p.row;
  const lineup: AdminPackDetail['lineup'] = p.published
    ? p.published.map((c) => {
        const extra = c as typeof c & { card_id: number | null; name_en: string };
        return {
          card_id: Number(extra.card_id ?? 0),
          rank: c.rank,
          count: c.set_count,
          name_ja: c.name,
          name_en: extra.name_en || c.name,
          image_url: c.image_url,
          rarity: c.rarity,
          buy_point: c.buy_point,
        };
      })
    : r.lineup.map((e) => {
        const card = p.cards.get(Number(e.card_id));
        return {
          card_id: Number(e.card_id),
          rank: e.rank,
          count: Number(e.count),
          name_ja: card?.name_ja ?? '',
          name_en: card?.name_en ?? '',
          image_url: card?.image_url ?? '',
          rarity: card?.rarity ?? 0,
          buy_point: card?.buy_point ?? 0,
        };
      });
  lineup.sort((a, b) => RANK_ORDER.indexOf(a.rank) - RANK_ORDER.indexOf(b.rank));
  const f = p.figures;
  const lastOne = r.last_one_card_id === null ? null : (p.cards.get(Number(r.last_one_card_id)) ?? null);
  const zero = () => Object.fromEntries(RANK_ORDER.map((k) => [k, 0])) as Record<Rank, number>;
  return {
    ...presentPackSummary(r),
    detail_ja: r.detail_ja,
    detail_en: r.detail_en,
    images: r.images,
    max_buy_count: r.max_buy_count,
    rank_limit: r.rank_limit,
    sms_only: r.sms_only,
    show_cardlist: r.show_cardlist,
    total_tickets: r.total_tickets,
    lineup,
    last_one_card_id: r.last_one_card_id === null ? null : Number(r.last_one_card_id),
    sort: r.sort,
    published_at: time(r.published_at),
    seed_hash: r.seed_hash,
    revealed_seed: r.revealed_seed,
    last_one_card: lastOne
      ? {
          id: Number(lastOne.id),
          name_ja: lastOne.name_ja,
          name_en: lastOne.name_en,
          image_url: lastOne.image_url,
          rarity: lastOne.rarity,
          buy_point: lastOne.buy_point,
        }
      : null,
    economics: lineupEconomics(lineup, r.point, lastOne?.buy_point ?? null, band),
    figures: f
      ? {
          sold: r.drawn ?? 0,
          remaining: (r.stock_total ?? 0) - (r.drawn ?? 0),
          remaining_by_rank: { ...zero(), ...f.remainingByRank },
          sold_by_rank: { ...zero(), ...f.soldByRank },
          revenue: f.takings.revenue,
          purchases: f.takings.purchases,
          buyers: f.takings.buyers,
          last_one_winner: f.lastOne && {
            member_id: Number(f.lastOne.member_id),
            name: `${f.lastOne.last_name} ${f.lastOne.first_name}`,
            purchase_id: Number(f.lastOne.purchase_id),
            created: formatTokyo(f.lastOne.created_at),
          },
        }
      : null,
  };
}
