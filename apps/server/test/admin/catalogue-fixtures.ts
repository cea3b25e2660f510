import sharp from 'sharp';
import { expect } from 'vitest';
import type { ApiClient, Envelope } from '../api-client.ts';

/** A real PNG of `width` x `height` (a gradient-free solid colour with a stripe, so each size differs). */
export async function pngBytes(width = 800, height = 600, hue = 200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: hue % 256, g: 80, b: 160 } } })
    .composite([
      {
        input: await sharp({ create: { width, height: Math.max(1, height >> 3), channels: 3, background: '#fff' } })
          .png()
          .toBuffer(),
        top: 0,
        left: 0,
      },
    ])
    .png()
    .toBuffer();
}

/** POSTs a multipart upload to /api/admin/media with the client's CSRF pair (or none). */
export async function upload(
  client: ApiClient,
  bytes: Buffer | null,
  opts: { name?: string; type?: string; csrf?: boolean } = {},
): Promise<Envelope> {
  if (!client.csrf) await client.get('/user/point');
  const form = new FormData();
  if (opts.csrf !== false) {
    form.set('csrf_name', client.csrf!.csrf_name);
    form.set('csrf_value', client.csrf!.csrf_value);
  }
  if (bytes) form.set('file', new Blob([bytes], { type: opts.type ?? 'image/png' }), opts.name ?? 'card.png');
  const res = await client.raw('/api/admin/media', { method: 'POST', body: form });
  const body = (await res.json()) as Envelope;
  if (body.csrf) client.csrf = body.csrf;
  return body;
}

export interface CardReply {
  id: number;
  image_url: string;
  name_ja: string;
}

/** Uploads an image and creates a master card with it; answers the card. */
export async function createCardWithImage(
  client: ApiClient,
  overrides: Record<string, unknown> = {},
  hue = 100,
): Promise<CardReply> {
  const up = await upload(client, await pngBytes(640, 900, hue));
  expect(up.state, JSON.stringify(up)).toBe(200);
  const res = await client.post('/admin/cards', {
    card_type: 1,
    name_ja: `テストカード${hue}`,
    name_en: `Test card ${hue}`,
    rarity: 2,
    model_number: `TC-${hue}`,
    buy_point: 500,
    image_url: (up.media as { url: string }).url,
    ...overrides,
  });
  expect(res.state, JSON.stringify(res)).toBe(200);
  return res.card as CardReply;
}

/** A complete draft body over `cards` (S, A, B, C in order, counts 1, 2, 3, 14 → 20 tickets). */
export function draftBody(cards: CardReply[], images: string[], overrides: Record<string, unknown> = {}) {
  const ranks = ['S', 'A', 'B', 'C'] as const;
  const counts = [1, 2, 3, 14];
  return {
    card_type: 1,
    name_ja: '管理画面テストパック',
    name_en: 'Console test pack',
    detail_ja: '説明',
    detail_en: 'About',
    images,
    point: 300,
    payment_method: '1',
    max_buy_count: 0,
    rank_limit: 0,
    sms_only: '0',
    show_cardlist: '1',
    start_date: '2020-01-01 10:00:00',
    end_date: '',
    total_tickets: 20,
    lineup: cards.slice(0, 4).map((c, i) => ({ card_id: c.id, rank: ranks[i], count: counts[i] })),
    last_one_card_id: null,
    sort: 0,
    ...overrides,
  };
}
