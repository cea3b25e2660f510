import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Lang } from '@oripa/core';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../app-error.ts';
import { findDrawnCard, type SharedHitRow } from '../../db/queries/hit-share.ts';

/**
 * Sharing a hit (issue 13, section 3). A shared link names one drawn card by a key: its history id and an HMAC of
 * it under the server's secret. Only the member who drew the card is given the key, so the share image and the
 * share page can only ever show a real draw, and nobody can walk the ids to see other members' draws. The key
 * holds nothing but the id (the image is drawn from the database), so no text from outside reaches the image.
 */
const KEY = /^(\d{1,15})-([A-Za-z0-9_-]{16})$/;

const mac = (secret: string, historyId: number) =>
  createHmac('sha256', secret).update(`hit-share:${historyId}`).digest('base64url').slice(0, 16);

export const hitShareKey = (secret: string, historyId: number) => `${historyId}-${mac(secret, historyId)}`;

/** The history id a key names, when the key is well formed and signed by this shop; else null. */
export function parseHitShareKey(secret: string, key: string | undefined): number | null {
  const m = KEY.exec(key ?? '');
  if (!m) return null;
  const id = Number(m[1]);
  const want = Buffer.from(mac(secret, id));
  const got = Buffer.from(m[2]!);
  return got.length === want.length && timingSafeEqual(got, want) ? id : null;
}

/** Where a shared hit lives: its pack's page (which carries the hit's card as its share image) and the image. */
export const hitSharePagePath = (packId: number, key: string) => `/pack-detail?packId=${packId}&hit=${key}`;
export const hitShareImagePath = (key: string, lang: Lang) => `/share/hit/${key}.png?lang=${lang}`;

/** The member's own drawn card and its share key; a card of another member or no card at all is not found. */
export async function shareOwnHit(ctx: AppContext, memberId: number, historyId: number) {
  const hit = await findDrawnCard(ctx.db.pool, historyId);
  if (!hit || Number(hit.member_id) !== memberId) throw notFound();
  return { hit, key: hitShareKey(ctx.config.sessionSecret, historyId) };
}

/** The drawn card a share key names (any member's: the key is the permission); null for a bad or unknown key. */
export async function loadSharedHit(ctx: AppContext, key: string | undefined): Promise<SharedHitRow | null> {
  const id = parseHitShareKey(ctx.config.sessionSecret, key);
  return id === null ? null : findDrawnCard(ctx.db.pool, id);
}
