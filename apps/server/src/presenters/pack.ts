import {
  DECISION_WINDOW_MS,
  FAIRNESS_ALGORITHM,
  formatTokyo,
  maskMemberName,
  rarityLabel,
  RANK_ORDER,
  standingRefusals,
  type DrawnCard,
  type DrawLogEntry,
  type HistoryShipment,
  type Lang,
  type LastOnePrize,
  type LineupCard,
  type PackDetail,
  type PackHistoryDetail,
  type PackHistoryRow,
  type PackSummary,
  type PurchaseResult,
  type Rank,
} from '@oripa/core';
import type { CardRow, DrawLogRow, LastOneAwardRow, PackRow } from '../db/queries/packs.ts';
import type { DrawnRow } from '../db/queries/purchase-cards.ts';
import type { ClaimedRow } from '../db/queries/purchases.ts';
import type { PurchaseView } from '../services/packs/purchase-results.ts';
import type { HistoryDetail } from '../services/packs/history.ts';
import { presentExchangeCard } from './exchange.ts';
import type { BuyerFacts } from '../services/packs/pack-catalog.ts';
import type { HistoryRow } from '../db/queries/purchase-history.ts';
import type { ShipmentEventRow } from '../db/queries/admin-shipments.ts';
import { memberTimeline, trackingUrl } from '@oripa/core/admin';

const flag = (b: boolean): '0' | '1' => (b ? '1' : '0');

export const packName = (p: Pick<PackRow, 'name_ja' | 'name_en'>, lang: Lang) =>
  lang === 'en' ? p.name_en : p.name_ja;

/** Maps a pack row to the wire summary; the flags are for `buyer` (null = guest). */
export function presentPackSummary(
  pack: PackRow,
  remaining: number,
  buyer: BuyerFacts | null,
  lang: Lang,
  now: Date,
): PackSummary {
  // A guest is rank 1, unverified, with nothing bought.
  const standing = {
    rank: buyer?.rank ?? 1,
    mailVerified: buyer?.mailVerified ?? false,
    smsVerified: buyer?.smsVerified ?? false,
    bought: buyer?.bought.get(Number(pack.id)) ?? 0,
  };
  const refused = new Set(standingRefusals(pack, standing, now).map((r) => r.reason));
  return {
    id: Number(pack.id),
    name: packName(pack, lang),
    card_type: pack.card_type,
    image: pack.images,
    detail_eye_catch: pack.eye_catch,
    total_pack_count: pack.total_tickets,
    // A closed pack sells nothing, so it shows as sold out.
    pack_count: pack.closed_at && pack.closed_at <= now ? 0 : remaining,
    point: pack.point,
    max_buy_count: pack.max_buy_count,
    can_limit: flag(refused.has('rank_required') || refused.has('max_buy_count')),
    is_sms_limit: flag(refused.has('sms_required')),
    is_before: flag(refused.has('before_start')),
    start_date: formatTokyo(pack.start_date),
    payment_method: pack.payment_method,
    rank_limit: pack.rank_limit,
    sms_only: flag(pack.sms_only),
    seed_hash: pack.seed_hash,
  };
}

/** A card's name in the member's language; a card without an English name keeps its Japanese one. */
export const cardName = (c: Pick<CardRow, 'name' | 'name_en'>, lang: Lang) =>
  lang === 'en' && c.name_en ? c.name_en : c.name;

export function presentLineupCard(c: CardRow, lang: Lang): LineupCard {
  return {
    id: Number(c.id),
    rank: c.rank,
    image_url: c.image_url,
    name: cardName(c, lang),
    set_count: c.set_count,
    model_number: c.model_number,
    rarity: c.rarity,
    rarity_label: rarityLabel(c.rarity),
    buy_point: c.buy_point,
    no_reduction: flag(c.no_reduction),
  };
}

/** The last-one prize on the pack page: its card, and who won it once the final ticket is drawn. */
export function presentLastOne(
  lastOne: { card: CardRow; award: LastOneAwardRow | null } | null,
  lang: Lang,
): LastOnePrize | null {
  if (!lastOne) return null;
  const { card, award } = lastOne;
  return {
    ...presentLineupCard(card, lang),
    winner: award
      ? { member: maskMemberName(`${award.last_name}${award.first_name}`), created: formatTokyo(award.created_at) }
      : null,
  };
}

export function presentDrawLog(r: DrawLogRow): DrawLogEntry {
  return {
    created: formatTokyo(r.created_at),
    rank: r.rank,
    member: maskMemberName(`${r.last_name}${r.first_name}`),
    ticket_no: r.ticket_no,
  };
}

export function presentPackDetail(
  summary: PackSummary,
  pack: PackRow,
  lineup: CardRow[],
  remainingByRank: Record<Rank, number>,
  log: DrawLogRow[],
  lang: Lang,
  lastOne: LastOnePrize | null = null,
): PackDetail {
  const byRank = Object.fromEntries(RANK_ORDER.map((r) => [r, [] as LineupCard[]])) as Record<Rank, LineupCard[]>;
  for (const c of lineup) byRank[c.rank].push(presentLineupCard(c, lang));
  return {
    ...summary,
    detail: lang === 'en' ? pack.detail_en : pack.detail_ja,
    show_cardlist: flag(pack.show_cardlist),
    lineup: byRank,
    last_one: lastOne,
    remaining_by_rank: remainingByRank,
    fairness: {
      seed_hash: pack.seed_hash,
      seed: pack.revealed_seed,
      revealed_at: pack.revealed_at ? formatTokyo(pack.revealed_at) : null,
      algorithm: FAIRNESS_ALGORITHM,
    },
    draw_log: log.map(presentDrawLog),
  };
}

/** One drawn card on the wire: its lineup card, plus the draw's history id, ticket number and status. */
function drawnCard(
  c: Omit<CardRow, 'id' | 'pack_id'>,
  historyId: number,
  ticketNo: number,
  status: DrawnRow['status'],
  lang: Lang,
): DrawnCard {
  const card: DrawnCard = {
    history_id: historyId,
    image: c.image_url,
    name: cardName(c, lang),
    rarity: c.rarity,
    rarity_label: rarityLabel(c.rarity),
    rank: c.rank,
    model_number: c.model_number,
    num: ticketNo,
    buy_point: c.buy_point,
    no_reduction: flag(c.no_reduction),
    movie_url: c.movie_url,
    status,
  };
  // Marked only where it applies, so the reply of an ordinary draw is not one field longer per card.
  if (c.last_one) card.last_one = '1';
  return card;
}

export function presentDrawnCard(d: DrawnRow, lang: Lang): DrawnCard {
  return drawnCard(d, Number(d.history_id), d.ticket_no, d.status, lang);
}

/**
 * The cards of a purchase that just happened, from the tickets it took and the pack's lineup in memory: one small
 * object per card and no query, so a 3,000-draw reply costs the server little more than its JSON.
 */
export function presentClaimedCards(claimed: ClaimedRow[], lineup: Map<number, CardRow>, lang: Lang): DrawnCard[] {
  return claimed.map((t) =>
    drawnCard(lineup.get(Number(t.pack_card_id))!, Number(t.history_id), t.ticket_no, 'pending', lang),
  );
}

export function presentPurchaseResult(
  purchaseId: number,
  pack: PackRow,
  createdAt: Date,
  cards: DrawnCard[],
  lang: Lang,
): PurchaseResult {
  return {
    result: '1',
    purchase_id: purchaseId,
    pack_id: Number(pack.id),
    title: packName(pack, lang),
    card_type: pack.card_type,
    is_buy_coin: flag(pack.payment_method === '2'),
    created: formatTokyo(createdAt),
    cards,
    decide_by: formatTokyo(new Date(createdAt.getTime() + DECISION_WINDOW_MS)),
    // Ranks move with payments (issue 2); a rank-up is shown by the next result read (routes/packs/purchase.ts).
    rank_up: '0',
    rankup_data: null,
  };
}

/** A stored purchase (the reveal, the card choice, a replayed buy) on the wire. */
export function presentPurchaseView(view: PurchaseView, lang: Lang): PurchaseResult {
  return presentPurchaseResult(
    view.purchaseId,
    view.pack,
    view.createdAt,
    view.cards.map((c) => presentDrawnCard(c, lang)),
    lang,
  );
}

const SEND_STATE = {
  ja: {
    pending: '選択待ち',
    preparing: '発送準備中',
    shipped: '発送済み',
    returned: '返送',
    converted: 'ポイント変換済み',
  },
  en: {
    pending: 'Awaiting your choice',
    preparing: 'Preparing shipment',
    shipped: 'Shipped',
    returned: 'Returned to us',
    converted: 'Converted to points',
  },
} as const;

export function presentHistoryRow(r: HistoryRow, lang: Lang): PackHistoryRow {
  const shipped = r.shipment_status === 'shipped' || r.shipment_status === 'returned' ? r.shipment_status : 'preparing';
  const state = r.pending > 0 ? 'pending' : r.shipped > 0 ? shipped : 'converted';
  return {
    kind: r.kind,
    id: Number(r.id),
    created: formatTokyo(r.created_at),
    pack_name: lang === 'en' ? r.name_en : r.name_ja,
    send_state: SEND_STATE[lang][state],
    point: Number(r.price),
    status: flag(r.pending === 0),
    delivery_code: r.delivery_code ?? '',
    send_card: r.shipped,
    reduction_card: r.converted,
    reduction_point: r.reduction_point,
  };
}

export function presentHistoryDetail(d: HistoryDetail, lang: Lang): PackHistoryDetail {
  const { row: r, cards, events } = d;
  return {
    ...presentHistoryRow(r, lang),
    shipped_cards: cards.filter((c) => c.status === 'ship').map((c) => presentDrawnCard(c, lang)),
    converted_cards: cards.filter((c) => c.status === 'convert').map((c) => presentDrawnCard(c, lang)),
    shipment: presentHistoryShipment(r, events),
    ...(d.exchangeCard ? { exchange_card: presentExchangeCard(lang, d.exchangeCard) } : {}),
  };
}

/**
 * The parcel on the member's history (and rank 7's reward page): status, carrier, tracking link once shipped, and
 * the folded timeline.
 */
export function presentHistoryShipment(
  r: Pick<HistoryRow, 'shipment_id' | 'shipment_status'>,
  events: ShipmentEventRow[],
): HistoryShipment | null {
  if (r.shipment_id === null || r.shipment_status === null) return null;
  const shipped = [...events].reverse().find((e) => e.to_status === 'shipped' && e.carrier && e.tracking_number);
  const carrier = shipped?.carrier ?? null;
  const number = shipped?.tracking_number ?? '';
  return {
    id: Number(r.shipment_id),
    status: r.shipment_status,
    carrier,
    tracking_number: number,
    tracking_url: carrier && number && r.shipment_status === 'shipped' ? trackingUrl(carrier, number) : '',
    timeline: memberTimeline(events.map((e) => ({ status: e.to_status, at: formatTokyo(e.created_at) }))),
  };
}
