import type { Rank } from './packs.ts';

/** A pack's stock as the live stream and its polling fallback carry it (GET /api/live/stream, /api/user/pack/live). */
export interface LivePackStock {
  id: number;
  /** Tickets left in all; 0 is sold out. */
  remaining: number;
  /** Tickets left per rank. */
  ranks: Record<Rank, number>;
}

/** One S or A draw on the ticker. */
export interface LiveHit {
  /** The drawn card's id: increasing, so a page can drop the hits it already shows. */
  id: number;
  pack: number;
  rank: Rank;
  card: { ja: string; en: string };
  image: string;
  /** The member as the public may see them (liveHitName): an initial, or null for the anonymous label. */
  who: string | null;
  /** When it was drawn (ISO, shop clock); the page counts "seconds ago" from `now` of the same message. */
  at: string;
}

/** The data of a `stock` event: the packs whose stock moved since the last one. */
export interface LiveStockEvent {
  packs: LivePackStock[];
}

/** The data of a `hits` event (and of the first message a page gets): the newest hits, newest first. */
export interface LiveHitsEvent {
  hits: LiveHit[];
  now: string;
}

/** The polling fallback's reply: every current pack's stock and the newest hits. */
export interface LiveSnapshot extends LiveStockEvent, LiveHitsEvent {}
