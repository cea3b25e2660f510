import type { DrawnCard, PackDetail, PackSummary, PurchaseResult } from '@oripa/core';
import { vi } from 'vitest';
import i18n from '../i18n';

// Role queries over a whole page are slow in jsdom; a busy machine needs more than the default time.
vi.setConfig({ testTimeout: 20_000 });

/** Pack fixtures; the fake /api and the render helpers are in src/test/. */

export async function useJapanese() {
  await i18n.changeLanguage('ja');
}

export const member = { state: 200, is_login: '1', id: 1, point: '5000', coin: '0', rank: 1 };
export const guest = { state: 200, is_login: '0', id: null, point: '0', coin: '0', rank: 0 };

export function packSummary(over: Partial<PackSummary> = {}): PackSummary {
  return {
    id: 7,
    name: 'ドラゴン頂上決戦パック',
    card_type: 1,
    image: ['/a.svg'],
    detail_eye_catch: '/a.svg',
    total_pack_count: 500,
    pack_count: 400,
    point: 100,
    max_buy_count: 0,
    can_limit: '0',
    is_sms_limit: '0',
    is_before: '0',
    start_date: '2026-01-01 00:00:00',
    payment_method: '1',
    rank_limit: 0,
    sms_only: '0',
    seed_hash: 'ab'.repeat(32),
    ...over,
  };
}

export function packDetail(over: Partial<PackDetail> = {}): PackDetail {
  const s = packSummary(over);
  return {
    ...s,
    detail: '説明',
    show_cardlist: '1',
    lineup: { S: [], A: [], B: [], C: [] },
    remaining_by_rank: { S: 1, A: 2, B: 3, C: 394 },
    fairness: { seed_hash: s.seed_hash, seed: null, revealed_at: null, algorithm: 'sha256-ctr-fisher-yates-v1' },
    draw_log: [],
    ...over,
  };
}

export function drawnCard(id: number, over: Partial<DrawnCard> = {}): DrawnCard {
  return {
    history_id: id,
    image: `/c${id}.svg`,
    name: `カード${id}`,
    rarity: 0,
    rarity_label: 'ノーマル',
    rank: 'C',
    model_number: `DS-${id}`,
    num: id * 3,
    buy_point: 100 * id,
    no_reduction: '0',
    movie_url: '',
    status: 'pending',
    ...over,
  };
}

export function purchase(cards: DrawnCard[], over: Partial<PurchaseResult> = {}): PurchaseResult {
  return {
    result: '1',
    purchase_id: 99,
    pack_id: 7,
    title: 'ドラゴン頂上決戦パック',
    card_type: 1,
    is_buy_coin: '0',
    created: '2026-11-21 10:00:00',
    cards,
    decide_by: '2026-11-22 10:00:00',
    rank_up: '0',
    rankup_data: null,
    ...over,
  };
}
